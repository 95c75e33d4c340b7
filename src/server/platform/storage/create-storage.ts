import type { Config } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The driver the configuration asks for: S3 when S3_BUCKET is set, local disk otherwise. */
export function createStorage(config: Config['storage']): Storage {
  return config.driver === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}
