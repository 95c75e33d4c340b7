import type { Catalogue } from './text';

/**
 * Every catalogue of every language, by `./<language>/<namespace>.json`, each a chunk of its
 * own: the single-page app registers them at start (main.tsx); the landing page, which needs
 * only three namespaces, never downloads this map (lib/text.ts, ADR 068).
 */
export const catalogueLoaders = import.meta.glob<{ default: Catalogue }>('./*/*.json', { base: '../../shared/locales' });
