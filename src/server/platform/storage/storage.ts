import type { Readable } from 'node:stream';
import { AppError } from '../errors';

/**
 * Where uploaded and generated files live. Two drivers implement it (local disk under
 * DATA_DIR, S3-compatible) and pass the same contract tests, so features never know which
 * one runs. Keys are relative, slash-separated paths such as
 * `<businessId>/documents/tax_registration_1700000000000.pdf` or
 * `gifts/<giftId>/main.<hash>.webp`.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Writes the whole object or nothing: a crash or failed upload never leaves half a file. */
  put(key: string, body: Buffer | Readable, options: { contentType: string }): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error, so clean-up can be retried. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object whose key starts with `prefix` (e.g. `temp/` for orphan clean-up). */
  list(prefix: string): Promise<StoredEntry[]>;
  /** Renames an object (e.g. a `temp/...` upload adopted by a new business). */
  move(from: string, to: string): Promise<void>;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

export interface StoredEntry {
  key: string;
  size: number;
  lastModified: Date;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  // A segment must start with a letter or digit: this refuses `..`, `.`, hidden files,
  // empty segments (`a//b`, leading or trailing `/`), absolute paths and backslashes.
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** Throws unless the key is a safe relative path; both drivers call it on every key. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new AppError('invalid_file_key', 400, 'Invalid file key');
}

/** A prefix for `list`: a safe key, optionally ending with `/`, or empty for everything. */
export function assertSafePrefix(prefix: string): void {
  if (prefix === '') return;
  assertSafeKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** The content type a key's extension implies; used when no type was recorded. */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return contentTypes[ext] ?? 'application/octet-stream';
}
