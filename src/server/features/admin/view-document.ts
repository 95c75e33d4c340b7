import type { DocumentType } from '@shared/domain/business';
import type { AppContext } from '../../platform/context';
import { downloadDocument, type DocumentDownload } from '../../domain/documents/download-document';
import type { AdminActor } from '../../domain/admin/record-admin-action';

/** A verification document for the admin's in-browser viewer (the caller is already an admin). */
export function viewDocument(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  actor: AdminActor & { id: string },
  businessId: string,
  type: DocumentType,
): Promise<DocumentDownload> {
  return downloadDocument(ctx, { id: actor.id, role: 'admin' }, businessId, type);
}
