import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '@shared': r('./src/shared'),
  '@web': r('./src/web'),
  '@server': r('./src/server'),
};

/**
 * `/` is the landing page's own document (landing.html, ADR 015); every other page is the
 * single-page app (index.html). The Fastify server routes them so in production; this does
 * the same for the dev server (`npx vite`).
 */
function serveLandingAtRoot(): Plugin {
  return {
    name: 'regalo:landing-at-root',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url === '/' || request.url?.startsWith('/?')) request.url = `/landing.html${request.url.slice(1)}`;
        next();
      });
    },
  };
}

/** Both documents (index.html, landing.html) take their <head> from src/web/head.html. */
function sharedHead(): Plugin {
  return {
    name: 'regalo:shared-head',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('<!-- regalo:head -->', readFileSync(r('./src/web/head.html'), 'utf8').trim()),
    },
  };
}

// The browser app. `npm run build` emits it to dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss(), sharedHead(), serveLandingAtRoot()],
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      // react-router's package exports point at its development build (warnings included);
      // the browser bundle takes the production build it ships next to it (~1 KB gzip less).
      ...(command === 'serve' ? [] : [{ find: /^react-router$/, replacement: r('./node_modules/react-router/dist/production/index.mjs') }]),
      // React 19 has useSyncExternalStore; react-i18next's import of the React 17 shim gets it.
      { find: /^use-sync-external-store\/shim$/, replacement: r('./src/web/lib/use-sync-external-store-shim.ts') },
    ],
  },
  build: {
    outDir: r(`./${process.env.REGALO_DIST ?? 'dist'}/web`),
    emptyOutDir: true,
    // Inline assets would need `data:` in more CSP directives; keep them as files.
    assetsInlineLimit: 0,
    target: 'es2022',
    sourcemap: true,
    // Every browser this build targets (es2022) supports modulepreload natively.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the server lists a route's page chunk and catalogues as
    // modulepreload links in the document it serves (platform/page-preloads.ts, ADR 039).
    manifest: true,
    rolldownOptions: {
      input: { index: r('./src/web/index.html'), landing: r('./src/web/landing.html') },
      output: {
        // What every page needs in long-cached chunks: React for both entries, the router
        // for the single-page app, i18next for its pages but the auth ones, so moving from the
        // landing page into the app downloads just the difference. Left to itself the bundler
        // spreads these over several small shared chunks, which costs more gzip bytes.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|class-variance-authority|clsx)[\\/]/ },
            { name: 'framework', test: /node_modules[\\/]react-router[\\/]/ },
            // i18next apart from the router: the auth pages render without it (ADR 039).
            { name: 'i18next', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            // zod on its own: left alone, the bundler merged it with small components every
            // page uses (the spinner, the page title), so pages that never validate anything
            // downloaded it (ADR 039).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `/g` and `/g/<code>` are the server-rendered recipient pages (ADR 032).
    proxy: { '/api': 'http://localhost:3000', '^/g(/|\\?|$)': 'http://localhost:3000' },
  },
}));
