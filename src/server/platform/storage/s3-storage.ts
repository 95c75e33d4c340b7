import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AppError } from '../errors';
import {
  assertSafeKey,
  assertSafePrefix,
  contentTypeForKey,
  type Storage,
  type StoredEntry,
} from './storage';

export interface S3StorageOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  );
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Any S3-compatible service (AWS, MinIO, Garage, R2, Scaleway...). A PUT is atomic on S3,
 * so a failed upload never leaves half an object.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Newer SDKs add CRC checksums to every request by default, which several
    // S3-compatible servers reject; only send them where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    driver: 's3',

    async put(key, body, { contentType }) {
      assertSafeKey(key);
      // Uploads are capped at 10 MB, so buffering gives S3 the Content-Length it needs
      // without a multipart upload.
      const data = await toBuffer(body);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }),
      );
    },

    async get(key) {
      assertSafeKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return {
          body: res.Body instanceof Readable ? res.Body : Readable.from(await res.Body.transformToByteArray()),
          contentType: res.ContentType ?? contentTypeForKey(key),
          size: res.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async list(prefix) {
      assertSafePrefix(prefix);
      const out: StoredEntry[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          out.push({ key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort((a, b) => a.key.localeCompare(b.key));
    },

    async move(from, to) {
      assertSafeKey(from);
      assertSafeKey(to);
      if (from === to) return;
      try {
        // Safe keys contain no characters that need escaping in CopySource.
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }));
      } catch (error) {
        if (isNotFound(error)) throw AppError.notFound('No such file');
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
  };
}
