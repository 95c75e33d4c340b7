import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '@shared': r('./src/shared'),
  '@web': r('./src/web'),
  '@server': r('./src/server'),
};

// The browser app. `npm run build` emits it to dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss()],
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
    sourcemap: true,
    // Every browser this build targets (es2022) supports modulepreload natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page needs in one long-cached chunk. Left to itself the bundler spreads
        // it over several shared chunks, which costs ~1.5 KB gzip more on the landing page.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|class-variance-authority|clsx)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
