import { HREFLANG } from '@shared/locale';
import { escapeHtml } from '@shared/escape-html';
import { LEGAL_VERSIONS, legalPages, PRIVACY_POLICY_DATE } from '@shared/domain/legal-versions';
import { pageLanguages } from '../../platform/page-language';
import type { ShopPage } from './list-shop-pages';
import { shopHref, type ShopSite } from './render-shop-page';

/**
 * The paths a search engine must not index: signed-in areas, checkout, recipients' gifts, and
 * the pages a signed link opens (a guest's purchase, ADR 075; a withdrawal form).
 */
export const ROBOTS_DISALLOWED = ['/app', '/checkout', '/business/', '/admin', '/g/', '/purchase/', '/withdraw/'] as const;


/**
 * `/sitemap.xml`: the home page, the catalogue, every listed business's and gift's page, the
 * legal pages and the privacy policy, each once per language with its alternates (`xhtml:link`), and `lastmod`
 * for the catalogue's pages (when the business or gift last changed).
 */
export function renderSitemap(site: ShopSite, pages: ShopPage[]): string {
  const newest = pages.reduce<Date | null>((latest, page) => (!latest || page.lastModified > latest ? page.lastModified : latest), null);
  const entries: { path: string; lastModified: Date | null }[] = [
    { path: '/', lastModified: newest },
    { path: '/gifts', lastModified: newest },
    ...pages,
    // The legal pages change with their version (ADR 059).
    ...legalPages.map((page) => ({ path: `/${page}`, lastModified: new Date(`${LEGAL_VERSIONS[page]}T00:00:00Z`) })),
    { path: '/privacy', lastModified: new Date(`${PRIVACY_POLICY_DATE}T00:00:00Z`) },
  ];
  const url = (path: string, language?: (typeof pageLanguages)[number]) =>
    escapeHtml(`${site.origin}${path === '/' ? (language ? `/?lang=${language}` : '/') : shopHref(path, {}, language)}`);
  const body = entries
    .flatMap(({ path, lastModified }) =>
      pageLanguages.map(
        (language) => `<url><loc>${url(path, language)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}${pageLanguages
          .map((other) => `<xhtml:link rel="alternate" hreflang="${HREFLANG[other]}" href="${url(path, other)}"/>`)
          .join('')}</url>`,
      ),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${body}
</urlset>
`;
}

export function renderRobots(site: ShopSite): string {
  return `User-agent: *
${ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`).join('\n')}
Allow: /

Sitemap: ${site.origin}/sitemap.xml
`;
}
