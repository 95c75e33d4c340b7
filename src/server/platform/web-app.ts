import { isLocale } from '@shared/locale';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '@shared/client-routes';
import { readConsent } from '@shared/contracts/consent-cookies';
import { readLanguageCookie } from '@shared/contracts/language-cookie';
import { prefersJson } from './accept-header';
import { problem } from './errors';
import { createPagePreloads, pageImage, type PageDocument, type PageImage } from './page-preloads';
import { webDistDir } from '../paths';

/**
 * Who names a page's picture for the visitor making the request (null: none to name, or not
 * for this visitor); app.ts wires the features that know.
 */
export type PageImages = Partial<Record<PageImage, (request: FastifyRequest) => Promise<string | null>>>;

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached. `/` is the
 * server's own landing page (features/landing, ADR 098); a GET for one of the app's pages
 * (`shared/client-routes.ts`) gets the single-page app's index.html so client routes survive
 * a reload, whatever its Accept unless it prefers JSON; any other page address gets the same
 * document with 404 when it asks for HTML, so the app shows its not-found page and nothing
 * unknown looks like a page (ADR 067). API 404s stay problem+json.
 */
export async function registerWebApp(app: FastifyInstance, root: string | null = webDistDir, images: PageImages = {}) {
  if (root === null) {
    app.setNotFoundHandler((request, reply) => sendApiNotFound(request.method, request.url, reply));
    return;
  }
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'web app not built; run `npm run build` to serve the UI');
  }
  const pagePreloads = createPagePreloads(root, { google: Boolean(app.ctx.config.google) }, app.log);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // scripts/compress-assets.mjs writes .br/.gz next to each text file at build time.
    preCompressed: true,
    // Source maps carry the whole web source: never served, even if a build writes them.
    globIgnore: ['**/*.map', '**/*.map.br', '**/*.map.gz'],
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        // index.html is also the document of the app's pages (the history fallback below).
        res.header('Cache-Control', documentCaching(res.request.url.split('?')[0] ?? '/', res));
      }
    },
  });

  // Browsers and crawlers ask for /favicon.ico whatever a page names; the app's PNG icon is
  // what they get (every browser reads a PNG there), rather than a 404 in every log.
  const faviconFile = path.join('icons', 'icon-192.png');
  app.route({
    method: ['GET', 'HEAD'],
    url: '/favicon.ico',
    handler: (request, reply) =>
      existsSync(path.join(root, faviconFile)) ? reply.sendFile(faviconFile, root) : sendApiNotFound(request.method, request.url, reply),
  });

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/');
    const looksLikeFile = path.extname(urlPath) !== '';
    const isPage = isClientRoute(urlPath);
    // An app page is a page to whoever does not ask for JSON first: link checkers, uptime
    // monitors and link-preview fetchers send `*/*` or no Accept at all. Any other address
    // gets the document (with 404, for the app's not-found page) only when HTML is named.
    const wantsDocument = isPage ? !prefersJson(request.headers.accept) : (request.headers.accept ?? '').includes('text/html');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsDocument && !looksLikeFile && existsSync(indexFile)) {
      if (!isPage) reply.status(404);
      const tab = new URLSearchParams(request.url.split('?')[1] ?? '').get('tab');
      const imageSource = pagePreloads ? pageImage(urlPath, tab) : undefined;
      const nameImage = imageSource ? images[imageSource] : undefined;
      // A hint, never a reason for the page to fail: without it the page loads as before.
      const image = nameImage
        ? await nameImage(request).catch((error: unknown) => {
            request.log.warn({ err: error }, 'could not name the page\'s picture');
            return null;
          })
        : null;
      const withPreloads = pagePreloads?.(urlPath, { ...visitorOf(request), tab, image });
      const caching = documentCaching(urlPath, reply);
      if (withPreloads) return sendDocument(withPreloads, request.headers['accept-encoding'], reply, caching);
      return reply.header('Vary', 'Accept').sendFile('index.html', root);
    }
    return sendApiNotFound(request.method, request.url, reply);
  });
}

/**
 * Pages whose address is a bearer credential for years: a purchase's and a withdrawal's
 * signed links (ADRs 064, 075). Like the gift page, never stored by any cache, and the token
 * never leaves in a Referer header (the app's requests are same-origin fetches, which still
 * carry their Origin for the CSRF check).
 */
const signedLinkPages = [/^\/purchase\/[^/]+\/?$/, /^\/withdraw\/link\/[^/]+\/?$/];

function documentCaching(urlPath: string, reply: FastifyReply): string {
  if (!signedLinkPages.some((page) => page.test(urlPath))) return 'no-cache';
  reply.header('Referrer-Policy', 'no-referrer');
  return 'no-store';
}

/** What a document depends on besides its address (page-preloads.ts `DocumentRequest`). */
function visitorOf(request: FastifyRequest) {
  // `?lang=` names the language the app will open in (lib/language.ts), before the cookie.
  const named = (request.query as { lang?: unknown } | undefined)?.lang;
  return {
    acceptLanguage: request.headers['accept-language'],
    chosenLanguage: isLocale(named) ? named : readLanguageCookie(request.headers.cookie),
    cookieBanner: readConsent(request.headers.cookie ?? '') === null,
  };
}

function sendDocument(document: PageDocument, acceptEncoding: string | undefined, reply: FastifyReply, caching = 'no-cache') {
  // Whether an app page gets its document at all depends on Accept (a JSON client gets 404).
  // The hints and the banner are in the language the request asks for; the banner shows only
  // without a stored cookie choice, and a picture is named only for signed-in visitors.
  reply.header('Vary', 'Accept, Accept-Language, Accept-Encoding, Cookie');
  reply.header('Cache-Control', caching).type('text/html; charset=utf-8');
  if (/\bbr\b/.test(acceptEncoding ?? '')) return reply.header('Content-Encoding', 'br').send(document.brotli);
  if (/\bgzip\b/.test(acceptEncoding ?? '')) return reply.header('Content-Encoding', 'gzip').send(document.gzip);
  return reply.send(document.html);
}

function sendApiNotFound(method: string, url: string, reply: FastifyReply) {
  const urlPath = url.split('?')[0] ?? '/';
  return reply
    .status(404)
    .type('application/problem+json')
    .send(problem(404, 'not_found', `No route for ${method} ${urlPath}`));
}
