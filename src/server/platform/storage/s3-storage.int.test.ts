import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { createS3Storage, type S3StorageOptions } from './s3-storage';
import { describeStorageContract } from './storage-contract';

// A real S3 API (s3rver) on a free port; every test gets a bucket of its own.
let server: S3rver;
let endpoint: string;
let bucketCounter = 0;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'regalo-s3rver-')),
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await server?.close();
});

describeStorageContract('S3-compatible', async () => {
  const bucket = `regalo-test-${process.pid}-${++bucketCounter}`;
  const options: S3StorageOptions = { endpoint, bucket, region: 'eu-south-2', forcePathStyle: true, ...credentials };
  const admin = new S3Client({ endpoint, region: options.region, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return createS3Storage(options);
});
