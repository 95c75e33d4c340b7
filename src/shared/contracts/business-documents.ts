import { z } from 'zod';
import { documentTypes } from '../domain/business';

export { UPLOAD_FIELDS } from './upload-fields';

/**
 * Verification documents (private) and the business's main image (public).
 * Failures are problem+json; the web maps `code` to a translated message.
 *
 * POST   /api/business/documents          signed in; multipart/form-data with the text field
 *        `type` (a DocumentType) and the file field `file` (send `type` first by habit).
 *        → 201 businessDocumentSchema. Before the user owns a business the file is kept as a
 *        temporary upload (adopted by POST /api/business/registration, removed after 24 h
 *        otherwise); afterwards it goes straight into the business's documents list. One
 *        per type: a new upload replaces the previous one of that type.
 *        400 `document_type_invalid` (missing/unknown `type`),
 *        400 `file_missing`, 400 `file_empty`, 413 `file_too_large` (> MAX_DOCUMENT_BYTES,
 *        refused while streaming), 415 `unsupported_file_type` (content is not an allowed
 *        type for this document by its magic bytes, or the name's extension disagrees).
 * GET    /api/business/documents          signed in → 200 businessDocumentListSchema
 * DELETE /api/business/documents/:type    signed in → 204 (also when there was none)
 * GET    /api/business/documents/:businessId/:type/download
 *        the owner or an admin → 200 the file, `Content-Disposition: attachment`;
 *        anyone else 404, anonymous 401. Use a plain link (the session cookie goes along).
 * POST   /api/business/image              owner of a business; multipart with the file
 *        field `file` → 200 businessImageSchema. 415 `image_invalid` (not an image by its
 *        bytes → business.imageUploadError), 413 `image_too_large` (> MAX_IMAGE_BYTES →
 *        business.imageTooLarge), 400 `file_missing` / `file_empty`, 404 `business_not_found`.
 * DELETE /api/business/image              owner of a business → 204.
 */

export const documentTypeSchema = z.enum(documentTypes);

export const businessDocumentSchema = z.object({
  type: documentTypeSchema,
  /** The name the file had on the uploader's computer, made safe. */
  fileName: z.string(),
  uploadedAt: z.string(),
  size: z.number().int().nullable(),
  /** Authorised download link once the document belongs to a business; null while temporary. */
  downloadUrl: z.string().nullable(),
});
export type BusinessDocument = z.infer<typeof businessDocumentSchema>;

export const businessDocumentListSchema = z.object({
  /** The user's business, or null while the documents are temporary uploads. */
  businessId: z.string().nullable(),
  items: z.array(businessDocumentSchema),
});
export type BusinessDocumentList = z.infer<typeof businessDocumentListSchema>;

export const documentTypeParamsSchema = z.object({ type: documentTypeSchema });
export const documentDownloadParamsSchema = z.object({
  businessId: z.string().max(64),
  type: documentTypeSchema,
});

export function documentDownloadUrl(businessId: string, type: string): string {
  return `/api/business/documents/${encodeURIComponent(businessId)}/${encodeURIComponent(type)}/download`;
}

export const businessImageSchema = z.object({
  /** Public URL of the main image (max 1600 px, WebP). */
  imageUrl: z.string(),
  /** Public URL of the 480 px variant, for cards and lists. */
  thumbnailUrl: z.string(),
});
export type BusinessImage = z.infer<typeof businessImageSchema>;

/** Problem codes of these endpoints besides the guards'. */
export const businessDocumentErrorCodes = [
  'document_type_invalid',
  'file_missing',
  'file_empty',
  'file_too_large',
  'unsupported_file_type',
  'image_invalid',
  'image_too_large',
  'business_not_found',
] as const;

