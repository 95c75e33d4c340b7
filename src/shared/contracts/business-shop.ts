import { z } from 'zod';
import { LOCALES } from '../locale';

/**
 * The partner's shop tools (ADR 067), for the owner of the business only (the dashboard's
 * guards: 401 unauthenticated, 403 email_not_verified / no_business):
 *
 * GET /api/business/shop-poster?size=a5|a4&lang=en|es → 200 text/html: a printable counter
 *     poster with the business's name, a line in Spanish and in English and a QR code to its
 *     shop page `/b/<slug>`. 400 validation_failed for another size or language.
 *
 * The shop link and the website button are made in the browser from the business's `slug`
 * (GET /api/business/me): `shop-links.ts`, without zod, as the dashboard loads it at once.
 */
export const shopPosterSizes = ['a5', 'a4'] as const;
export type ShopPosterSize = (typeof shopPosterSizes)[number];

export const shopPosterQuerySchema = z.object({
  size: z.enum(shopPosterSizes, 'invalid').default('a5'),
  lang: z.enum(LOCALES, 'invalid').default('es'),
});
