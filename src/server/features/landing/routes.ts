import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FeaturedGift } from '@shared/contracts/shop';
import { languageCookieValue, readLanguageCookie } from '@shared/contracts/language-cookie';
import { getSessionUser } from '../../platform/auth/guard';
import { languageFromAcceptLanguage, toPageLanguage, type PageLanguage } from '../../platform/page-language';
import { cookieBannerState, sendPublicDocument, type PublicSite } from '../../platform/public-page';
import { landingFigures } from './count-landing-figures';
import { renderLandingPage } from './render-landing-page';

/**
 * The landing page `/` (ADR 098): the server's own page, in the language of the address
 * (`?lang=`), else the visitor's choice (the language cookie the app keeps with it), else the
 * browser's, as the shop window decides. The figures and the newest gifts come from caches
 * (the figures' own, the catalogue's versioned one); the banner depends on the visitor's
 * cookies, so the page is never shared between visitors. A signed-in business user belongs
 * on their confirmation page, as the spec's landing says.
 */
export type LandingOptions = {
  /** The newest gifts in a language, from the catalogue's cache (app.ts wires the catalogue feature). */
  featuredGifts: (request: FastifyRequest, language: PageLanguage) => Promise<FeaturedGift[]>;
};

export const landingRoutes: FastifyPluginAsync<LandingOptions> = async (app, { featuredGifts }) => {
  const site: PublicSite = { origin: app.ctx.config.publicUrl.replace(/\/+$/, '') };
  const secureCookies = app.ctx.config.publicUrl.startsWith('https:');

  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    handler: async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const picked = toPageLanguage(query.lang);
      const language = picked ?? readLanguageCookie(request.headers.cookie) ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
      const user = await getSessionUser(request);
      if (user && (user.isBusiness || user.userType === 'business')) return reply.redirect('/business/confirm', 303);
      // Counts and gifts are extras: the page shows without them rather than fail.
      const [figures, gifts] = await Promise.all([
        landingFigures(app.ctx).catch((error: unknown) => {
          request.log.warn({ err: error }, "could not count the landing page's figures");
          return null;
        }),
        featuredGifts(request, language).catch((error: unknown) => {
          request.log.warn({ err: error }, "could not list the landing page's gifts");
          return [];
        }),
      ]);
      if (picked && picked !== readLanguageCookie(request.headers.cookie)) reply.header('set-cookie', languageCookieValue(picked, secureCookies));
      const html = renderLandingPage({
        language,
        site,
        figures,
        gifts,
        cookieBanner: cookieBannerState(request.headers.cookie, query),
        accountDeleted: query.account === 'deleted',
      });
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Accept-Encoding, Cookie');
      return sendPublicDocument(reply, request.headers['accept-encoding'], html);
    },
  });
};
