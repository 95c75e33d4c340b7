import { businessImageSchema, UPLOAD_FIELDS } from '@shared/contracts/business-documents';
import { uploadWithProgress } from './upload-with-progress';

/**
 * Uploads the signed-in owner's business photo (POST /api/business/image). Used by the
 * sign-up wizard (right after registration) and by the dashboard's profile tab.
 */
export function uploadBusinessImage(file: File, onProgress: (fraction: number) => void = () => {}) {
  const body = new FormData();
  body.append(UPLOAD_FIELDS.file, file, file.name);
  return uploadWithProgress('/api/business/image', body, businessImageSchema, onProgress, 'image_too_large');
}
