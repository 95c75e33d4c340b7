import type { Catalogue } from './text';

/**
 * Every catalogue of every language, by `./<language>/<namespace>.json`, each a chunk of its
 * own: the single-page app registers them at start (main.tsx), without loading any (lib/text.ts,
 * ADR 068). The landing page's is the server's alone (ADR 098).
 */
export const catalogueLoaders = import.meta.glob<{ default: Catalogue }>(['./*/*.json', '!./*/landing.json'], { base: '../../shared/locales' });
