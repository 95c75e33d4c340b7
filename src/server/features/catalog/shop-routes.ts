import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { catalogGiftsQuerySchema, CATALOG_PAGE_SIZE, CATALOG_SEARCH_MAX_LENGTH } from '@shared/contracts/catalog';
import { languageCookieValue, readLanguageCookie } from '@shared/contracts/language-cookie';
import { requestCacheVersions } from '../../platform/cache-versions';
import { sendPublicDocument } from '../../platform/public-page';
import { languageFromAcceptLanguage, toPageLanguage, type PageLanguage } from '../../platform/page-language';
import { uncachedSearchLimits } from '../../platform/route-limits';
import { catalogCacheFor, giftFiltersKey, limitUncachedSearch } from './catalog-answers';
import { findShopBusiness } from './find-shop-business';
import { findShopGift } from './find-shop-gift';
import { listCatalogGifts, type GiftFilters } from './list-catalog-gifts';
import { listShopPages } from './list-shop-pages';
import { renderBusinessPage, renderGiftListing, renderGiftPage, renderShopError, type ShopErrorKind, type ShopSite } from './render-shop-page';
import { renderRobots, renderSitemap } from './render-sitemap';
import { listFeaturedGifts } from './list-featured-gifts';
import type { AppContext } from '../../platform/context';
import type { FeaturedGift } from '@shared/contracts/shop';

/** What a shop address answers, as cached: a page, a redirect, or an error page. */
type Answer = { status: 200 | 404 | 410; html: string } | { status: 301; location: string };

/** Slugs are made by the database (migration 0011): anything else is not one. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The public shop window (ADR 067): the catalogue at `/gifts`, a page per business
 * and per gift, the sitemap and robots.txt, for everyone, signed in or not. Listed by the same
 * rule and query as the signed-in catalogue (`listCatalogGifts`, `isListedBusiness`), and
 * answered from the same versioned catalogue cache (ADR 037), so a change to a gift or a
 * business on any server shows on every server's next request. The pages are the same for
 * every visitor of a language; the language is in the address (`?lang=`), else the visitor's
 * choice (cookie), else the browser's.
 */
export const shopRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  const site: ShopSite = { origin: config.publicUrl.replace(/\/+$/, '') };
  const secureCookies = config.publicUrl.startsWith('https:');
  const cache = catalogCacheFor(app.ctx);

  const requested = (request: FastifyRequest) => toPageLanguage((request.query as { lang?: unknown }).lang);
  const languageOf = (request: FastifyRequest): PageLanguage =>
    requested(request) ?? readLanguageCookie(request.headers.cookie) ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';

  const send = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => {
    const picked = requested(request);
    // A language picked here follows the person to every other page, as on the gift page.
    if (picked && picked !== readLanguageCookie(request.headers.cookie)) reply.header('set-cookie', languageCookieValue(picked, secureCookies));
    // Fresh on every visit (a change must show at once), varying with the language sources
    // when the address does not name one.
    reply.header('cache-control', 'no-cache');
    if (!picked) reply.header('vary', 'Accept-Language, Cookie');
    if (answer.status === 301) {
      const lang = picked ? `?lang=${picked}` : '';
      return reply.status(301).header('location', `${answer.location}${lang}`).send();
    }
    return sendPublicDocument(reply.status(answer.status), request.headers['accept-encoding'], answer.html);
  };

  const cached = async (request: FastifyRequest, key: unknown[], compute: () => Promise<Answer>) => {
    const { catalog } = await requestCacheVersions(request);
    return cache.through(catalog, JSON.stringify(['shop', ...key]), compute);
  };

  const errorPage = (language: PageLanguage, kind: ShopErrorKind, path: string, business?: { name: string; slug?: string } | null): Answer => ({
    status: kind === 'not-found' ? 404 : 410,
    html: renderShopError({ language, site, kind, path, business }),
  });

  // A search the cache does not hold is counted per address before it runs (ADR 054).
  app.get('/gifts', { config: { abuse: { does: [], limits: uncachedSearchLimits } } }, async (request, reply) => {
    const language = languageOf(request);
    const { filters, dropped, searchTooLong } = readFilters(request.query as Record<string, unknown>);
    const key = ['gifts', language, dropped, searchTooLong, ...giftFiltersKey(filters)];
    const { catalog } = await requestCacheVersions(request);
    await limitUncachedSearch(request, reply, filters.q, catalog, JSON.stringify(['shop', ...key]));
    const answer = await cached(request, key, async () => ({
      status: 200,
      html: renderGiftListing({ language, site, filters, result: await listCatalogGifts(app.ctx.db, filters, language, app.ctx.now()), dropped, searchTooLong }),
    }));
    return send(request, reply, answer);
  });

  app.get('/b/:slug', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const language = languageOf(request);
    const path = `/b/${slug}`;
    if (!SLUG.test(slug)) return send(request, reply, errorPage(language, 'not-found', '/gifts'));
    const answer = await cached(request, ['business', language, slug], async (): Promise<Answer> => {
      const found = await findShopBusiness(app.ctx.db, slug, language, app.ctx.now());
      if (found.kind === 'found') return { status: 200, html: renderBusinessPage({ language, site, business: found.business, gifts: found.gifts }) };
      if (found.kind === 'moved') return { status: 301, location: `/b/${found.slug}` };
      if (found.kind === 'gone') return errorPage(language, 'business-gone', path, { name: found.name });
      return errorPage(language, 'not-found', path);
    });
    return send(request, reply, answer);
  });

  app.get('/b/:slug/:giftSlug', async (request, reply) => {
    const { slug, giftSlug } = request.params as { slug: string; giftSlug: string };
    const language = languageOf(request);
    const path = `/b/${slug}/${giftSlug}`;
    if (!SLUG.test(slug) || !SLUG.test(giftSlug)) return send(request, reply, errorPage(language, 'not-found', '/gifts'));
    const answer = await cached(request, ['gift', language, slug, giftSlug], async (): Promise<Answer> => {
      const found = await findShopGift(app.ctx.db, slug, giftSlug, language, app.ctx.now());
      if (found.kind === 'found') return { status: 200, html: renderGiftPage({ language, site, business: found.business, gift: found.gift, onSale: found.onSale, others: found.others }) };
      if (found.kind === 'moved') return { status: 301, location: found.path };
      if (found.kind === 'gone') return errorPage(language, found.business ? 'gift-gone' : 'business-gone', path, found.business ?? { name: found.businessName });
      return errorPage(language, 'not-found', path, found.business);
    });
    return send(request, reply, answer);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const { catalog } = await requestCacheVersions(request);
    const xml = await cache.through(catalog, JSON.stringify(['shop', 'sitemap']), async () => renderSitemap(site, await listShopPages(app.ctx.db, app.ctx.now())));
    return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(xml);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(renderRobots(site)),
  );

  // A few gifts for the landing page's shop window: newest first, with their shop addresses.
  app.get('/api/shop/featured', async (request, reply) => {
    const language = toPageLanguage((request.query as { lang?: unknown }).lang) ?? 'en';
    const body = await featuredGiftsJson(app.ctx, request, language);
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body);
  });
};

/** The landing page's newest gifts as JSON, from the versioned catalogue cache (ADR 037). */
async function featuredGiftsJson(ctx: AppContext, request: FastifyRequest, language: PageLanguage): Promise<string> {
  const { catalog } = await requestCacheVersions(request);
  return catalogCacheFor(ctx).through(catalog, JSON.stringify(['shop', 'featured', language]), async () => JSON.stringify(await listFeaturedGifts(ctx.db, language, ctx.now())));
}

/** The same gifts for the server-rendered landing page (features/landing, wired in app.ts). */
export async function featuredGiftsFor(ctx: AppContext, request: FastifyRequest, language: PageLanguage): Promise<FeaturedGift[]> {
  return (JSON.parse(await featuredGiftsJson(ctx, request, language)) as { items: FeaturedGift[] }).items;
}

/**
 * The listing's filters from the address. A shared or hand-edited link with a bad value still
 * shows a page: the fields that do not parse are left out (and the page says so).
 */
export function readFilters(query: Record<string, unknown>): { filters: GiftFilters; dropped: boolean; searchTooLong: boolean } {
  const input: Record<string, unknown> = { ...query, pageSize: String(CATALOG_PAGE_SIZE) };
  delete input.lang;
  // A search longer than the form allows (a hand-made or old link) is left out, and the page
  // says why, rather than cut at a length that may split a word.
  const searchTooLong = typeof input.q === 'string' && input.q.trim().length > CATALOG_SEARCH_MAX_LENGTH;
  if (searchTooLong) delete input.q;
  let dropped = false;
  for (let attempt = 0; attempt < 12; attempt++) {
    const parsed = catalogGiftsQuerySchema.safeParse(input);
    if (parsed.success) return { filters: parsed.data, dropped, searchTooLong };
    dropped = true;
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
  }
  return { filters: catalogGiftsQuerySchema.parse({ pageSize: String(CATALOG_PAGE_SIZE) }), dropped: true, searchTooLong };
}
