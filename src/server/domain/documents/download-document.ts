import { eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/contracts/session';
import type { DocumentType } from '@shared/domain/business';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { StoredObject } from '../../platform/storage/storage';
import { contentTypeForKey } from '../../platform/storage/storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DocumentDownload extends StoredObject {
  fileName: string;
}

/**
 * A verification document for its business's owner or the platform team. Everybody else
 * gets the same 404 as for a business or document that does not exist.
 */
export async function downloadDocument(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  user: Pick<SessionUser, 'id' | 'role'>,
  businessId: string,
  type: DocumentType,
): Promise<DocumentDownload> {
  if (!UUID.test(businessId)) throw AppError.notFound('No such document');
  const [business] = await ctx.db
    .select({ ownerId: businesses.ownerId, documents: businesses.verificationDocuments })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business || (business.ownerId !== user.id && user.role !== 'admin')) throw AppError.notFound('No such document');
  const document = business.documents.find((d) => d.type === type);
  if (!document) throw AppError.notFound('No such document');
  const object = await ctx.storage.get(document.url);
  if (!object) throw AppError.notFound('No such document');
  // The type comes from the stored key's extension, which was set from the magic bytes.
  return { ...object, contentType: contentTypeForKey(document.url), fileName: document.fileName };
}
