import { afterAll, beforeAll } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in';
import { createS3Storage, type S3StorageOptions } from './s3-storage';
import { describeStorageContract } from '../../testing/storage-contract';

// A real S3 API (s3rver) on a free port; every test gets a bucket of its own.
let s3: S3StandIn;
let bucketCounter = 0;

beforeAll(async () => {
  s3 = await startS3StandIn();
});

afterAll(async () => {
  await s3?.close();
});

describeStorageContract('S3-compatible', async () => {
  const bucket = `regalo-test-${process.pid}-${++bucketCounter}`;
  const options: S3StorageOptions = { endpoint: s3.endpoint, bucket, region: 'eu-south-2', forcePathStyle: true, ...s3.credentials };
  await s3.createBucket(bucket);
  return createS3Storage(options);
});
