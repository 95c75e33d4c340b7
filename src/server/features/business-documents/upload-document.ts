import { eq } from 'drizzle-orm';
import type { BusinessDocument } from '@shared/contracts/business-documents';
import { documentDownloadUrl } from '@shared/contracts/business-documents';
import { documentTypes, type DocumentType, type VerificationDocument } from '@shared/domain/business';
import { allowedDocumentExtensions, extensionOf } from '@shared/domain/documents';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { detectFileType, extensionMatches } from '../../platform/uploads/detect-file-type';
import { safeFileName } from '../../platform/uploads/receive-upload';
import {
  deleteDocumentObject,
  listTempObjects,
  newDocumentKey,
  tempOwner,
  writeSidecar,
} from '../../domain/documents/document-files';
import { findOwnedBusiness } from '../../domain/businesses/find-owned-business';
import { reopenReviewIfIdentityChanged } from '../../domain/businesses/reopen-review';
import { DOCUMENTS_CHANGE } from '@shared/domain/business';

const contentTypes: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' };

export function parseDocumentType(value: string | undefined): DocumentType {
  if (value && (documentTypes as readonly string[]).includes(value)) return value as DocumentType;
  throw new AppError('document_type_invalid', 400, 'Send the field "type" (a document type) before the file');
}

/**
 * Checks the bytes, not the name: the content must be one of the types this document
 * accepts (a PDF, or a JPEG or PNG photo of the paper), and the name's extension must agree with
 * it, so a PNG called .pdf, an HTML page called .pdf or a PDF called .png are refused.
 * Returns the extension to store under (jpeg is stored as jpg).
 */
export async function checkDocumentContent(type: DocumentType, fileName: string, body: Buffer): Promise<string> {
  const detected = await detectFileType(body);
  const allowed = allowedDocumentExtensions[type] as readonly string[];
  const declared = extensionOf(fileName);
  if (!detected || !allowed.includes(detected.ext) || !extensionMatches(declared, detected) || !allowed.includes(declared)) {
    throw new AppError('unsupported_file_type', 415, `A ${type} must be one of: ${allowed.join(', ')}`);
  }
  return detected.ext;
}

/**
 * Stores a verification document, one per type. Before the user owns a business it is a
 * temporary upload; afterwards it replaces the entry in the business's list. In both cases
 * the new object is written first and the old one deleted only after the switch, so a
 * failure never leaves the user with no document.
 */
export async function uploadDocument(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now'>,
  userId: string,
  input: { type: DocumentType; fileName: string; body: Buffer },
): Promise<BusinessDocument> {
  const ext = await checkDocumentContent(input.type, input.fileName, input.body);
  const now = ctx.now();
  const fileName = safeFileName(input.fileName, `${input.type}.${ext}`);
  const contentType = contentTypes[ext] ?? 'application/octet-stream';
  const business = await findOwnedBusiness(ctx.db, userId);

  if (!business) {
    const previous = (await listTempObjects(ctx.storage, userId)).get(input.type) ?? [];
    const key = newDocumentKey(tempOwner(userId), input.type, now, ext);
    await ctx.storage.put(key, input.body, { contentType });
    await writeSidecar(ctx.storage, key, { fileName, uploadedAt: now.toISOString() });
    for (const old of previous) if (old.key !== key) await deleteDocumentObject(ctx.storage, old.key);
    return { type: input.type, fileName, uploadedAt: now.toISOString(), size: input.body.length, downloadUrl: null };
  }

  const key = newDocumentKey(business.id, input.type, now, ext);
  await ctx.storage.put(key, input.body, { contentType });
  let replaced: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ documents: businesses.verificationDocuments, verificationStatus: businesses.verificationStatus })
        .from(businesses)
        .where(eq(businesses.id, business.id))
        .for('update');
      const documents = row?.documents ?? [];
      // ADR 034: a new or replaced verification document is reviewed again.
      if (row) await reopenReviewIfIdentityChanged(tx, { id: business.id, verificationStatus: row.verificationStatus }, [DOCUMENTS_CHANGE], now);
      replaced = documents.find((d) => d.type === input.type)?.url ?? null;
      const entry: VerificationDocument = { type: input.type, fileName, url: key, uploadedAt: now.toISOString() };
      await tx
        .update(businesses)
        .set({ verificationDocuments: [...documents.filter((d) => d.type !== input.type), entry], updatedAt: now })
        .where(eq(businesses.id, business.id));
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  if (replaced && replaced !== key) await ctx.storage.delete(replaced);
  return {
    type: input.type,
    fileName,
    uploadedAt: now.toISOString(),
    size: input.body.length,
    downloadUrl: documentDownloadUrl(business.id, input.type),
  };
}
