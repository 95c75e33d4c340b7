import { eq } from 'drizzle-orm';
import type { VerificationDocument } from '@shared/domain/business';
import { adminAuditLog } from '../../db/schema/admin-audit-log';
import { businessApplications, businesses } from '../../db/schema/businesses';
import { orders } from '../../db/schema/orders';
import { signIn } from '../../testing/auth-helpers';
import { createBusiness, createBusinessApplication, createUser, type CreateBusinessInput } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { samplePdf } from '../../testing/upload-files';

/** Test-only helpers for the admin integration tests. */

export async function signedIn(t: TestApp, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database.db, input);
  const { cookie } = await signIn(t, { email: user.email, password: user.password });
  return { user, cookie };
}

/** A company with its three documents really stored, so the viewer can serve them. */
export async function applicant(t: TestApp, business: Omit<CreateBusinessInput, 'ownerId'> = {}, ownerLocale: 'en' | 'es' = 'es') {
  const owner = await signedIn(t, { userType: 'business', locale: ownerLocale });
  const id = crypto.randomUUID();
  const documents: VerificationDocument[] = [];
  for (const type of ['business_license', 'tax_registration', 'articles_incorporation'] as const) {
    const url = `${id}/documents/${type}_1700000000000.pdf`;
    await t.app.ctx.storage.put(url, samplePdf(), { contentType: 'application/pdf' });
    documents.push({ type, fileName: `${type}.pdf`, url, uploadedAt: new Date().toISOString() });
  }
  const row = await createBusiness(t.database.db, {
    id,
    verificationStatus: 'pending',
    isActive: false,
    businessType: 'company',
    verificationDocuments: documents,
    ...business,
    ownerId: owner.user.id,
  });
  const application = await createBusinessApplication(t.database.db, { businessId: row.id, submittedAt: business.createdAt });
  return { owner, business: row, application };
}

/** Everything the refused callers must not be able to change, as one comparable value. */
export async function snapshot(t: TestApp) {
  const db = t.database.db;
  const [b, a, o, audit] = await Promise.all([
    db.select().from(businesses).orderBy(businesses.id),
    db.select().from(businessApplications).orderBy(businessApplications.id),
    db.select().from(orders).orderBy(orders.id),
    db.select().from(adminAuditLog),
  ]);
  return JSON.stringify({ b, a, o, audit });
}

export async function auditRows(t: TestApp, targetId?: string) {
  const q = t.database.db.select().from(adminAuditLog);
  return targetId ? q.where(eq(adminAuditLog.targetId, targetId)) : q;
}
