import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { alias } from './vite.config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The Node server is bundled as SSR output: packages in node_modules stay external,
// our own TypeScript (server + shared) becomes plain ESM that `node` runs directly.
export default defineConfig({
  resolve: { alias },
  build: {
    ssr: true,
    outDir: r(`./${process.env.REGALO_DIST ?? 'dist'}/server`),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: r('./src/server/main.ts'),
        'seed-demo': r('./src/server/seed-demo.ts'),
        'admin-grant': r('./src/server/admin-grant.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});
