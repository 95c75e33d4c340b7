import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SHELL_NAMESPACES } from './src/shared/shell-catalogues';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '@shared': r('./src/shared'),
  '@web': r('./src/web'),
  '@server': r('./src/server'),
};

const isLucideEntry = (id: string) => /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id);
let lucideExports: Map<string, string> | null = null;
/** The icon modules behind `import { Gift, … } from 'lucide-react'` in one of our files. */
function lucideIconsImportedBy(file: string, lucideEntry: string): string[] {
  if (!lucideExports) {
    lucideExports = new Map();
    // Lines of the form `export { default as Gift, default as GiftIcon } from './icons/gift.mjs';`
    for (const [, names, target] of readFileSync(lucideEntry, 'utf8').matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
      for (const name of names!.split(',')) lucideExports.set(name.replace(/^\s*default as\s+/, '').trim(), path.resolve(path.dirname(lucideEntry), target!));
    }
  }
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)].flatMap(([, names]) =>
    names!
      .split(',')
      .map((name) => lucideExports!.get(name.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]!.trim()))
      .filter((icon): icon is string => icon !== undefined),
  );
}

const shellCatalogue = new RegExp(`src[\\\\/]shared[\\\\/]locales[\\\\/]([a-z]{2})[\\\\/](${SHELL_NAMESPACES.join('|')})\\.json$`);
function shellCataloguesChunkName(moduleId: string): string | null {
  const language = shellCatalogue.exec(moduleId)?.[1];
  return language ? `shell-${language}` : null;
}

const formChunks: [RegExp, string][] = [
  // The page title goes wherever the primitives go (every page that uses one uses the other).
  [/src[\\/]web[\\/](components[\\/](ui[\\/](button|input|card|spinner|tabs|label|field|textarea|badge)|page-title)\.tsx|lib[\\/]cn\.ts)$/, 'ui'],
  // Also on the business sign-up page, which must not download the auth pages' forms with it.
  [/src[\\/](web[\\/]lib[\\/](auth-client|use-auth-options)|shared[\\/]contracts[\\/]locale-header)\.ts$/, 'auth-client'],
];
function formChunkName(moduleId: string): string | null {
  return formChunks.find(([pattern]) => pattern.test(moduleId))?.[1] ?? null;
}

/**
 * Modules that always load together, split by the bundler only because different chunks
 * import them: every route (and tab) whose first load has one of a group's chunks has all of
 * them (`bench/route-js.mjs --verbose` lists each route's files). One file per group costs no
 * route a byte and saves the consumer's gifts tab eight of its 26 files before its first
 * paint (ADR 048); a module added to a group must keep that true, or the routes that did not
 * need it download it too.
 */
const companionChunks: [RegExp, string][] = [
  // TanStack Query: the client and its provider, queries and mutations (every signed-in area
  // and the checkout use all three); infinite queries stay with the dashboard, their only user.
  [/(node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](?!useInfiniteQuery|infiniteQueryObserver)[^\\/]+\.js|src[\\/]web[\\/]lib[\\/]query-client\.ts)$/, 'query'],
  // What every signed-in area's frame, header and loading states render (the area's query
  // client and failure toast, the API-error sentences), and the one icon the three areas'
  // pages all draw (lucide's Package: the consumer's and the dashboard's orders tabs, the back
  // office's orders).
  [/(src[\\/]web[\\/](components[\\/](sign-out-button|area-links|query-fallback|signed-in-area)\.tsx|lib[\\/]api-error\.ts)|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]package\.mjs)$/, 'area'],
  // The cart and its limits (the consumer area and the checkout).
  [/src[\\/](web[\\/]lib[\\/](cart|use-cart)|shared[\\/]contracts[\\/]checkout-limits)\.ts$/, 'cart'],
  // The consumer area and what all its tabs read the catalogue with, and the icon it shares
  // with its profile and contacts tabs: left out, the bundler gave the page a second chunk of
  // that name whose re-export of the page named a variable it did not define, and the consumer
  // area failed to load ("Export 'consumer_page_exports' is not defined").
  [/(src[\\/](web[\\/]features[\\/]consumer[\\/](consumer-page|cart-bar|tabs|query-state|api)|shared[\\/]contracts[\\/]catalog-options)\.tsx?|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]users\.mjs)$/, 'consumer-page'],
  // The gifts tab and the catalogue's list parts (the businesses tab uses them too, and then
  // loads the 1 KB tab with them).
  [/src[\\/]web[\\/]features[\\/]consumer[\\/](gifts-tab|category-select|gift-card|use-add-to-cart|use-catalog-filters|results-status|search-input|use-debounced-value)\.tsx?$/, 'gifts-tab'],
];
/**
 * A module named above, or one that only a group's modules import (an icon only the consumer
 * page draws, say): it goes with them rather than into a chunk of its own. An icon's importers
 * are the files that name it (lucide's entry, which re-exports every icon, is not one; its
 * exports are read by `lucideIconsImportedBy`).
 */
type ImporterGraph = {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[]; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};
let iconImporters: Map<string, string[]> | null = null;
function importersOf(moduleId: string, graph: ImporterGraph): readonly string[] | null {
  const info = graph.getModuleInfo(moduleId);
  if (!info || info.dynamicImporters.length > 0) return null;
  if (!info.importers.some(isLucideEntry)) return info.importers;
  if (!iconImporters) {
    const found = new Map<string, string[]>();
    const seen = new Set<string>();
    const queue = [r('./src/web/main.tsx')];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const module = graph.getModuleInfo(id);
      if (!module || id.includes('node_modules')) continue;
      const lucide = module.importedIds.find(isLucideEntry);
      for (const icon of lucide ? lucideIconsImportedBy(id, lucide) : []) found.set(icon, [...(found.get(icon) ?? []), id]);
      queue.push(...module.importedIds, ...module.dynamicallyImportedIds);
    }
    iconImporters = found;
  }
  return iconImporters.get(moduleId) ?? null;
}
function companionChunkName(moduleId: string, graph: ImporterGraph, seen = new Set<string>()): string | null {
  const named = companionChunks.find(([pattern]) => pattern.test(moduleId))?.[1];
  if (named) return named;
  const importers = importersOf(moduleId, graph);
  if (!importers || importers.length === 0 || seen.has(moduleId)) return null;
  seen.add(moduleId);
  const names = new Set(importers.map((id) => companionChunkName(id, graph, seen)));
  const [only] = names;
  return names.size === 1 && only ? only : null;
}

/**
 * A page the router imports lazily that a group above took in (the consumer page, its gifts
 * tab) has no entry of its own in Vite's manifest, where the server looks a page's files up by
 * its source path (platform/page-preloads.ts). This adds it: the group chunk's entry, under the
 * page's path.
 */
type ManifestEntry = { file: string; src?: string; isDynamicEntry?: boolean };
function groupedPagesInManifest(): Plugin {
  return {
    name: 'regalo:grouped-pages-in-manifest',
    apply: 'build',
    writeBundle: {
      order: 'post',
      handler(options, bundle) {
        const file = path.join(options.dir ?? '', '.vite', 'manifest.json');
        if (!options.dir || !existsSync(file)) return;
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
        const byFile = new Map(Object.values(manifest).map((entry) => [entry.file, entry]));
        for (const chunk of Object.values(bundle)) {
          const entry = chunk.type === 'chunk' ? byFile.get(chunk.fileName) : undefined;
          if (chunk.type !== 'chunk' || !entry) continue;
          for (const id of chunk.moduleIds) {
            if (!this.getModuleInfo(id)?.dynamicImporters.length) continue;
            const key = path.relative(r('./src/web'), id).split(path.sep).join('/');
            manifest[key] ??= { ...entry, src: key, isDynamicEntry: true };
          }
        }
        writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
      },
    },
  };
}

/** Each build works the graph out afresh (`vite build --watch` rebuilds in one process). */
function resetIconImporters(): Plugin {
  return {
    name: 'regalo:icon-importers',
    buildStart: () => {
      iconImporters = null;
    },
  };
}

// The browser app. `npm run build` emits it to dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss(), resetIconImporters(), groupedPagesInManifest()],
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      // react-router's package exports point at its development build (warnings included);
      // the browser bundle takes the production build it ships next to it (~1 KB gzip less).
      ...(command === 'serve' ? [] : [{ find: /^react-router$/, replacement: r('./node_modules/react-router/dist/production/index.mjs') }]),
    ],
  },
  build: {
    outDir: r(`./${process.env.REGALO_DIST ?? 'dist'}/web`),
    emptyOutDir: true,
    // Inline assets would need `data:` in more CSP directives; keep them as files.
    assetsInlineLimit: 0,
    target: 'es2022',
    // No source maps: they would publish the whole web source, and nothing reports errors
    // that would need them (issue 27). The server also refuses to serve any .map file.
    sourcemap: false,
    // Every browser this build targets (es2022) supports modulepreload natively.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the server lists a route's page chunk and catalogues as
    // modulepreload links in the document it serves (platform/page-preloads.ts, ADR 039).
    manifest: true,
    rolldownOptions: {
      input: { index: r('./src/web/index.html') },
      output: {
        // What every page needs in long-cached chunks: React and the router. Left to itself
        // the bundler spreads these over several small shared chunks, which costs more gzip bytes.
        codeSplitting: {
          groups: [
            // The page furniture's catalogues (SHELL_NAMESPACES), which every page
            // loads together before its first render (ADR 051): one file per language.
            { name: shellCataloguesChunkName },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|class-variance-authority|clsx)[\\/]/ },
            { name: 'framework', test: /node_modules[\\/]react-router[\\/]/ },
            // zod on its own: left alone, the bundler merged it with small components every
            // page uses (the spinner, the page title), so pages that never validate anything
            // downloaded it (ADR 039).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The sign-in, sign-up and password pages painted only once ~25 files had arrived
            // (Lighthouse's network pays a round trip per six): the small primitives every form
            // uses and the auth client each come as one file (ADR 044).
            // Only the modules it names, like the groups below: the auth client's group took in
            // the language helpers it imports, which the app's entry imports too, and every
            // route downloaded the auth client with them.
            { name: formChunkName, includeDependenciesRecursively: false },
            // Modules every route loads together, in one file each (ADR 048).
            // Only the modules it names: left to itself a group takes in everything its modules
            // import that no earlier group holds (the app's entry, shared helpers), and every
            // route reaching the group would download that too (ADR 044).
            { name: companionChunkName, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The pages the server renders itself: the landing page, its script and cookie form
    // (ADR 098), the shop window (ADR 067) and the recipient's pages (ADR 032).
    proxy: {
      '/api': 'http://localhost:3000',
      '^/(\\?.*)?$': 'http://localhost:3000',
      '^/(page-[^/]+\\.js|cookie-consent)$': 'http://localhost:3000',
      '^/(g|gifts|b)(/|\\?|$)': 'http://localhost:3000',
    },
  },
}));
