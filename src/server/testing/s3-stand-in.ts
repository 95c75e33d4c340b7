import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3StandIn {
  endpoint: string;
  credentials: typeof credentials;
  /** An empty bucket of its own. */
  createBucket(name: string): Promise<void>;
  /** The S3_* variables a server process needs to use `bucket`. */
  env(bucket: string): Record<string, string>;
  /**
   * Sets an object's Last-Modified in the past (s3rver reports its file's mtime): the
   * temporary-upload clean-up only removes objects older than a day.
   */
  backdate(bucket: string, key: string, when: Date): void;
  close(): Promise<void>;
}

/** A real S3 API (s3rver) on a free port, keeping its objects in a temporary folder. */
export async function startS3StandIn(): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(tmpdir(), 'regalo-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    credentials,
    async createBucket(name) {
      const admin = new S3Client({ endpoint, region: 'eu-south-2', forcePathStyle: true, credentials });
      try {
        await admin.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        admin.destroy();
      }
    },
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'eu-south-2',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    backdate(bucket, key, when) {
      // s3rver's file layout: <directory>/<bucket>/<key>._S3rver_object (see its filesystem store).
      utimesSync(path.join(directory, bucket, `${key}._S3rver_object`), when, when);
    },
    close: () => server.close(),
  };
}
