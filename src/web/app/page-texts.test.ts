import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONSUMER_TABS, DOCUMENT_PAGES, PAGE_NAMESPACES } from '@shared/page-texts';
import { SHELL_NAMESPACES } from '@shared/shell-catalogues';

/*
 * The web app loads a page's texts, and the server preloads them with its document, from one
 * list (shared/page-texts.ts). This keeps that list in step with the code that loads the
 * pages: every lazy page of the router names itself there under its own file, every page
 * listed exists and is loaded by the app, and the consumer area's tabs are the files it loads.
 */
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = (file: string) => readFileSync(path.join(webDir, file), 'utf8');

/** `withTexts(() => import('../features/x/y-page'), 'features/x/y-page.tsx')` → [imported, named]. */
const routerPages = [...source('app/router.tsx').matchAll(/withTexts\(\s*\(\)\s*=>\s*import\('\.\.\/([^']+)'\),\s*'([^']+)'\s*\)/g)].map(
  ([, imported, named]) => [imported!, named!] as const,
);

describe('the pages and their texts (shared/page-texts.ts)', () => {
  it('names each page of the router by the file it imports', () => {
    expect(routerPages.length).toBeGreaterThan(10);
    for (const [imported, named] of routerPages) expect(named, imported).toBe(`${imported}.tsx`);
  });

  it('lists files that exist, each loaded by the app', () => {
    const consumerPage = source('features/consumer/consumer-page.tsx');
    for (const page of Object.keys(PAGE_NAMESPACES)) {
      expect(existsSync(path.join(webDir, page)), page).toBe(true);
      const loaded =
        routerPages.some(([, named]) => named === page) ||
        consumerPage.includes(`import('./${path.basename(page, '.tsx')}')`);
      expect(loaded, page).toBe(true);
    }
  });

  it('gives every document address a listed page, and the consumer area one page per tab', () => {
    for (const { page, tabs } of Object.values(DOCUMENT_PAGES)) {
      expect(PAGE_NAMESPACES).toHaveProperty([page]);
      for (const tabPage of Object.values(tabs ?? {})) expect(PAGE_NAMESPACES).toHaveProperty([tabPage]);
    }
    expect(Object.keys(DOCUMENT_PAGES['/app']!.tabs!)).toEqual([...CONSUMER_TABS]);
  });

  it('loads the orders tab with the texts the list gives it', () => {
    expect(source('features/consumer/consumer-page.tsx')).toContain("PAGE_NAMESPACES['features/consumer/orders-tab.tsx']");
  });

  it('builds into the map every page downloads exactly the catalogues of the page furniture', () => {
    const pattern = /\('\.\/\*\/\{([a-z,-]*)\}\.json', \{/.exec(source('lib/text.ts'))?.[1];
    expect(pattern?.split(',').sort()).toEqual([...SHELL_NAMESPACES].sort());
  });
});
