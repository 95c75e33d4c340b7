import type { Config } from '../../config';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

/**
 * The driver the configuration asks for: S3 when S3_BUCKET is set, local disk otherwise.
 * The S3 client is imported only when configured: loading the AWS SDK costs a server that
 * does not use it several MB of memory (ADR 043).
 */
export async function createStorage(config: Config['storage']): Promise<Storage> {
  if (config.driver !== 's3') return createLocalStorage(config.dir);
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config);
}
