import { eq } from 'drizzle-orm';
import type { DocumentType } from '@shared/domain/business';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { deleteDocumentObject, listTempObjects } from '../../domain/documents/document-files';
import { findOwnedBusiness } from '../../domain/businesses/find-owned-business';
import { reopenReviewIfIdentityChanged } from '../../domain/businesses/reopen-review';
import { DOCUMENTS_CHANGE } from '@shared/domain/business';

/** Removes the user's document of this type (temporary or the business's); none is fine. */
export async function deleteDocument(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now'>,
  userId: string,
  type: DocumentType,
): Promise<void> {
  const business = await findOwnedBusiness(ctx.db, userId);
  if (!business) {
    const objects = (await listTempObjects(ctx.storage, userId)).get(type) ?? [];
    for (const object of objects) await deleteDocumentObject(ctx.storage, object.key);
    return;
  }
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ documents: businesses.verificationDocuments, verificationStatus: businesses.verificationStatus })
      .from(businesses)
      .where(eq(businesses.id, business.id))
      .for('update');
    const documents = row?.documents ?? [];
    const gone = documents.find((d) => d.type === type);
    if (!gone) return null;
    await tx
      .update(businesses)
      .set({ verificationDocuments: documents.filter((d) => d.type !== type), updatedAt: ctx.now() })
      .where(eq(businesses.id, business.id));
    // ADR 034: removing a verification document sends an approved business back to review.
    await reopenReviewIfIdentityChanged(tx, { id: business.id, verificationStatus: row!.verificationStatus }, [DOCUMENTS_CHANGE], ctx.now());
    return gone.url;
  });
  // After the commit: the list never points at a missing object.
  if (removed) await ctx.storage.delete(removed);
}
