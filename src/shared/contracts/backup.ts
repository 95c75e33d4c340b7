import { z } from 'zod';

/**
 * A backup the running server wrote (ADR 094): the folder `npm run restore` takes, in the
 * same layout as `npm run backup` writes.
 */
export const backupResultSchema = z.object({
  folder: z.string(),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgresql']),
  /** Size of the database file in the folder. */
  databaseBytes: z.number().int().nonnegative(),
  /** Whether the local files were copied (false with S3: the bucket is backed up with its own tools). */
  filesCopied: z.boolean(),
});
export type BackupResult = z.infer<typeof backupResultSchema>;

/** `npm run backup -- <folder>` asking the running server: the folder to write, absolute. */
export const localBackupBodySchema = z.strictObject({ folder: z.string().min(1).max(4096).optional() });
