import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { FORMAT_TAGS, type Locale } from '@shared/locale';
import { ownerTexts } from '../../mail/owner-texts';

/** "el nombre y el NIF/CIF" / "the name and the tax id (NIF/CIF)" / "el nom i el NIF/CIF". */
export function describeChanges(changed: readonly string[], locale: Locale): string {
  const names: Record<string, string> = ownerTexts[locale].reviewReopened.changeNames;
  return new Intl.ListFormat(FORMAT_TAGS[locale], { type: 'conjunction' }).format(changed.map((field) => names[field] ?? field));
}

/**
 * Tells the owner, in their language, that a change of who the business is sent it back to
 * review (ADR 034, 065): their gifts leave the catalogue until the team reviews it. Call in
 * the transaction that reopened the review.
 */
export async function tellOwnerOfReview(tx: Executor, input: { businessId: string; changed: readonly string[]; publicUrl: string }): Promise<void> {
  const [row] = await tx
    .select({ businessName: businesses.name, name: users.name, email: users.email, locale: users.locale })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    .where(eq(businesses.id, input.businessId));
  if (!row) return;
  const locale = toMailLocale(row.locale) ?? 'es';
  await enqueueMail(tx, {
    to: row.email,
    template: 'business-review-reopened',
    locale,
    data: { name: row.name || row.email, businessName: row.businessName, changes: describeChanges(input.changed, locale), dashboardUrl: `${input.publicUrl}/business/dashboard` },
  });
}
