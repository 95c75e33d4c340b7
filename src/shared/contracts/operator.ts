import { z } from 'zod';

/**
 * Who runs this Regalo: the legal identity and contact addresses the privacy page, every
 * email footer and "Contact support" show. Configuration, not copy: set
 * OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_TAX_ID, OPERATOR_REGISTRY, SUPPORT_EMAIL and
 * PRIVACY_EMAIL. The legal notice (`/legal`, LSSI art. 10) shows them all.
 */
export const operatorSchema = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  /** Mercantile registry entry (registry, volume, sheet, page, entry), LSSI art. 10.1.b. */
  registry: z.string(),
  supportEmail: z.string(),
  privacyEmail: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** The demo's values: plainly fictitious (reserved .test domain), replaced in production. */
export const DEMO_OPERATOR: Operator = {
  name: 'Regalo Demo S.L.',
  address: 'Carrer de la Pau 1, 46002 Valencia, Spain',
  taxId: 'B00000000',
  registry: 'Registro Mercantil de Valencia, tomo 0000, folio 0, hoja V-000000, inscripción 1.ª',
  supportEmail: 'support@regalo.test',
  privacyEmail: 'privacy@regalo.test',
};
