import type { BusinessDocumentList } from '@shared/contracts/business-documents';
import { documentDownloadUrl } from '@shared/contracts/business-documents';
import type { AppContext } from '../../platform/context';
import { listTempDocuments } from '../../domain/documents/document-files';
import { findOwnedBusiness } from '../../domain/businesses/find-owned-business';

/** The signed-in user's documents: the business's list once it exists, else the temporary uploads. */
export async function listDocuments(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  userId: string,
): Promise<BusinessDocumentList> {
  const business = await findOwnedBusiness(ctx.db, userId);
  if (business) {
    return {
      businessId: business.id,
      items: business.verificationDocuments.map((d) => ({
        type: d.type,
        fileName: d.fileName,
        uploadedAt: d.uploadedAt,
        size: null,
        downloadUrl: documentDownloadUrl(business.id, d.type),
      })),
    };
  }
  const temp = await listTempDocuments(ctx.storage, userId);
  return {
    businessId: null,
    items: temp.map((d) => ({ type: d.type, fileName: d.fileName, uploadedAt: d.uploadedAt, size: d.size, downloadUrl: null })),
  };
}
