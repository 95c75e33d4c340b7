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
export default defineConfig({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: {
    outDir: r(`./${process.env.REGALO_DIST ?? 'dist'}/web`),
    emptyOutDir: true,
    // Inline assets would need `data:` in more CSP directives; keep them as files.
    assetsInlineLimit: 0,
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
