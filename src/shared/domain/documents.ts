import type { BusinessType, DocumentType } from './business';

/**
 * Verification documents a business must upload before its application can be submitted,
 * and the file rules for them and for the business's main image. Shared by the wizard (to
 * show progress and refuse a file early) and the server (which decides, by magic bytes).
 */

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type DocumentExtension = 'pdf' | 'jpg' | 'jpeg' | 'png';

/** Individuals prove who they are; companies prove they exist. Cooperatives file as companies. */
export function requiredDocuments(businessType: BusinessType): DocumentType[] {
  return businessType === 'individual'
    ? ['business_license', 'tax_registration', 'id_document']
    : ['business_license', 'tax_registration', 'articles_incorporation'];
}

/**
 * Every document may be a PDF or a photo of the paper: owners scan a deed with their phone's
 * camera as often as they have it as a PDF, and the team reads either.
 */
const anyDocument: readonly DocumentExtension[] = ['pdf', 'jpg', 'jpeg', 'png'];

export const allowedDocumentExtensions: Record<DocumentType, readonly DocumentExtension[]> = {
  business_license: anyDocument,
  tax_registration: anyDocument,
  id_document: anyDocument,
  articles_incorporation: anyDocument,
};

/** The `accept` attribute of a file input for this document type. */
export function acceptFor(type: DocumentType): string {
  return allowedDocumentExtensions[type].map((e) => `.${e}`).join(',');
}

/** Lower-cased extension of a file name, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAllowedDocumentName(type: DocumentType, fileName: string): boolean {
  return (allowedDocumentExtensions[type] as readonly string[]).includes(extensionOf(fileName));
}

/** Required types still missing from `uploaded`, in the wizard's order. */
export function missingDocuments(businessType: BusinessType, uploaded: readonly DocumentType[]): DocumentType[] {
  return requiredDocuments(businessType).filter((t) => !uploaded.includes(t));
}

/** The wizard's "required uploaded / required total". */
export function documentProgress(businessType: BusinessType, uploaded: readonly DocumentType[]) {
  const required = requiredDocuments(businessType);
  return { uploaded: required.filter((t) => uploaded.includes(t)).length, total: required.length };
}

/** Image types the main-image uploader takes (by magic bytes on the server). */
export const allowedImageMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
