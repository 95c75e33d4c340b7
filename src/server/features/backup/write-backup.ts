import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BackupResult } from '@shared/contracts/backup';
import { version } from '../../../../package.json';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../platform/context';

/** Where the admin action writes, beside the data it copies (DATA_DIR/backups). */
export const defaultBackupFolder = (dataDir: string, at: Date) => path.join(dataDir, 'backups', `regalo-${at.toISOString().replace(/[:.]/g, '-')}`);

let inFlight = false;

/**
 * The local storage writes each file under `.tmp` and renames it into place, so a file seen
 * is whole; `.tmp` itself is left out, and a file removed between listing and copying (a
 * clean-up job) is skipped instead of failing the backup.
 */
function copyLiveFiles(from: string, to: string) {
  const root = path.resolve(from);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const source = path.join(dir, entry.name);
      if (source === path.join(root, '.tmp')) continue;
      const target = path.join(to, path.relative(root, source));
      if (entry.isDirectory()) walk(source);
      else {
        mkdirSync(path.dirname(target), { recursive: true });
        try {
          copyFileSync(source, target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  };
  mkdirSync(to, { recursive: true });
  walk(root);
}

/**
 * Writes a backup of the running server's data into `folder` (ADR 094), the layout
 * `npm run backup` writes and `npm run restore` reads: the database (PGlite's data directory
 * dumped between two transactions, or pg_dump's custom format), a copy of the local files,
 * the auth secret and manifest.json. One at a time per process: a second request while one
 * runs is refused (409) rather than doubling the disk and CPU it takes.
 */
export async function writeBackup(ctx: AppContext, folder: string | undefined): Promise<BackupResult> {
  if (inFlight) throw AppError.conflict('backup_in_progress', 'A backup is already being written');
  inFlight = true;
  try {
    return await write(ctx, folder);
  } finally {
    inFlight = false;
  }
}

async function write(ctx: AppContext, folder: string | undefined): Promise<BackupResult> {
  const { config, database } = ctx;
  const createdAt = ctx.now();
  const out = path.resolve(folder ?? defaultBackupFolder(config.dataDir, createdAt));
  if (existsSync(out) && readdirSync(out).length > 0) throw AppError.conflict('backup_folder_not_empty', `${out} exists and is not empty`);
  mkdirSync(out, { recursive: true });

  let databaseFile: string;
  if (database.kind === 'pglite') {
    databaseFile = 'pglite.tar.gz';
    const dump = await database.dumpDataDir!();
    writeFileSync(path.join(out, databaseFile), Buffer.from(await dump.arrayBuffer()));
  } else {
    databaseFile = 'database.pgdump';
    // pg_dump reads one snapshot: consistent while the servers keep writing.
    await promisify(execFile)('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', path.join(out, databaseFile), database.url!]);
  }

  const storage = config.storage;
  const filesCopied = storage.driver === 'local' && existsSync(storage.dir);
  if (filesCopied) copyLiveFiles(storage.dir, path.join(out, 'files'));
  const secret = path.join(config.dataDir, 'auth-secret');
  const authSecret = existsSync(secret);
  if (authSecret) cpSync(secret, path.join(out, 'auth-secret'));

  const manifest = {
    format: 1,
    createdAt: createdAt.toISOString(),
    version,
    online: true,
    database: { kind: database.kind, file: databaseFile },
    files: storage.driver === 's3' ? { driver: 's3', bucket: storage.bucket, copied: false } : { driver: 'local', copied: filesCopied, dir: 'files' },
    authSecret,
  };
  writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    folder: out,
    createdAt: createdAt.toISOString(),
    database: database.kind,
    databaseBytes: statSync(path.join(out, databaseFile)).size,
    filesCopied,
  };
}
