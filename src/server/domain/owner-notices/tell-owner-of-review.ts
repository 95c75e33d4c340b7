import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { enqueueMail, toMailLocale } from '../../platform/mail/enqueue-mail';
import type { MailLocale } from '../../platform/mail/layout';

// Valencian comes with the mails' Valencian texts (issue 31, converted with the mails); until then only a type.
const changeNames = {
  es: { name: 'el nombre', businessType: 'el tipo de negocio', taxId: 'el NIF/CIF', businessRegistrationNumber: 'el número de registro', documents: 'un documento de verificación' },
  en: { name: 'the name', businessType: 'the type of business', taxId: 'the tax id (NIF/CIF)', businessRegistrationNumber: 'the registration number', documents: 'a verification document' },
} as Partial<Record<MailLocale, Record<string, string>>> as Record<MailLocale, Record<string, string>>;

/** "el nombre y el NIF/CIF" / "the name and the tax id (NIF/CIF)". */
export function describeChanges(changed: readonly string[], locale: MailLocale): string {
  const names = changed.map((field) => changeNames[locale][field] ?? field);
  if (names.length <= 1) return names[0] ?? '';
  const and = locale === 'es' ? ' y ' : ' and ';
  return `${names.slice(0, -1).join(', ')}${and}${names.at(-1)}`;
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
