import { documentTypes, type DocumentType, type VerificationDocument } from '@shared/domain/business';
import type { Storage } from '../../platform/storage/storage';
import { documentKey } from '../../platform/storage/public-files';

/**
 * Where verification documents live in storage (never under a public prefix):
 *
 *   temp/{userId}/documents/{type}_{timestamp}.{ext}        uploads before the business exists
 *   temp/{userId}/documents/{type}_{timestamp}.{ext}.json   their metadata (original name, time)
 *   {businessId}/documents/{type}_{timestamp}.{ext}         documents of a business
 *
 * Temporary uploads are per user, so nobody can adopt or see another person's files. The
 * business's list of documents is the `verification_documents` column; temporary ones have
 * no row, so the sidecar keeps what the list shows. Everything under `temp/` older than
 * 24 hours is an orphan (clean-up-temp-uploads.ts).
 */
export function tempOwner(userId: string): string {
  return `temp/${userId}`;
}

export function tempDocumentsPrefix(userId: string): string {
  return `${tempOwner(userId)}/documents/`;
}

export function newDocumentKey(owner: string, type: DocumentType, at: Date, ext: string): string {
  return documentKey(owner, type, at.getTime(), ext);
}

export function sidecarKey(key: string): string {
  return `${key}.json`;
}

const DOCUMENT_NAME = new RegExp(`^(${documentTypes.join('|')})_(\\d+)\\.(pdf|jpe?g|png)$`);

export interface TempDocument extends VerificationDocument {
  size: number;
}

interface Sidecar {
  fileName: string;
  uploadedAt: string;
}

async function readSidecar(storage: Storage, key: string): Promise<Sidecar | null> {
  const object = await storage.get(sidecarKey(key));
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<Sidecar>;
    return typeof parsed.fileName === 'string' && typeof parsed.uploadedAt === 'string'
      ? { fileName: parsed.fileName, uploadedAt: parsed.uploadedAt }
      : null;
  } catch {
    return null;
  }
}

export async function writeSidecar(storage: Storage, key: string, data: Sidecar): Promise<void> {
  await storage.put(sidecarKey(key), Buffer.from(JSON.stringify(data)), { contentType: 'application/json' });
}

/** Every temporary document object of a user, grouped by type, newest first. */
export async function listTempObjects(storage: Storage, userId: string) {
  const entries = await storage.list(tempDocumentsPrefix(userId));
  const byType = new Map<DocumentType, { key: string; size: number; timestamp: number }[]>();
  for (const entry of entries) {
    const name = entry.key.slice(entry.key.lastIndexOf('/') + 1);
    const match = DOCUMENT_NAME.exec(name);
    if (!match) continue;
    const type = match[1] as DocumentType;
    const list = byType.get(type) ?? [];
    list.push({ key: entry.key, size: entry.size, timestamp: Number(match[2]) });
    byType.set(type, list);
  }
  for (const list of byType.values()) list.sort((a, b) => b.timestamp - a.timestamp || (a.key < b.key ? 1 : -1));
  return byType;
}

/** The user's current temporary documents: the newest one of each type. */
export async function listTempDocuments(storage: Storage, userId: string): Promise<TempDocument[]> {
  const byType = await listTempObjects(storage, userId);
  const out: TempDocument[] = [];
  for (const type of documentTypes) {
    const newest = byType.get(type)?.[0];
    if (!newest) continue;
    const sidecar = await readSidecar(storage, newest.key);
    const ext = newest.key.slice(newest.key.lastIndexOf('.') + 1);
    out.push({
      type,
      url: newest.key,
      fileName: sidecar?.fileName ?? `${type}.${ext}`,
      uploadedAt: sidecar?.uploadedAt ?? new Date(newest.timestamp).toISOString(),
      size: newest.size,
    });
  }
  return out;
}

/** Removes an object and its sidecar; missing ones are fine (delete is idempotent). */
export async function deleteDocumentObject(storage: Storage, key: string): Promise<void> {
  await storage.delete(key);
  await storage.delete(sidecarKey(key));
}
