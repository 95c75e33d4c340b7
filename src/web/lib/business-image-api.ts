import { UPLOAD_FIELDS } from '@shared/contracts/upload-fields';
import { uploadWithProgress } from './upload-with-progress';

// Response contracts, loaded only where answers are checked: development and tests (ADR 039).
const businessDocumentsContract = () => import('@shared/contracts/business-documents');

/**
 * Uploads the signed-in owner's business photo (POST /api/business/image). Used by the
 * sign-up wizard (right after registration) and by the dashboard's profile tab.
 */
export function uploadBusinessImage(file: File, onProgress: (fraction: number) => void = () => {}) {
  const body = new FormData();
  body.append(UPLOAD_FIELDS.file, file, file.name);
  return uploadWithProgress('/api/business/image', body, () => businessDocumentsContract().then((m) => m.businessImageSchema), onProgress, 'image_too_large');
}
