import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The landing page's 100 KB budget (ADR 015) depends on its entry never reaching the router or
 * i18next. This follows every import (static and dynamic) from landing-main.tsx through our
 * own files and lists the packages it reaches, so a shared component that starts using
 * `useTranslation` or `<Link>` fails here, not weeks later in a benchmark.
 */
const webDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.dirname(webDir);

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@web/')
    ? path.join(webDir, specifier.slice('@web/'.length))
    : specifier.startsWith('@shared/')
      ? path.join(srcDir, 'shared', specifier.slice('@shared/'.length))
      : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.(ts|tsx|json|css)$/.test(candidate)) return candidate;
  }
  return null;
}

function reachablePackages(entry: string) {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.(ts|tsx)$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // import … from '…', import '…', export … from '…', import('…'); `import type` erases.
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
      ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((match) => match[1]!);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.') || specifier.startsWith('@web/') || specifier.startsWith('@shared/')) {
        const resolved = resolveLocal(file, specifier);
        if (resolved) queue.push(resolved);
      } else {
        packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
  }
  return { files: seen, packages };
}

describe('the landing page entry', () => {
  const { files, packages } = reachablePackages(path.join(webDir, 'landing-main.tsx'));

  it('renders the landing page and the shared page furniture', () => {
    const relative = [...files].map((file) => path.relative(webDir, file));
    expect(relative).toEqual(
      expect.arrayContaining(['features/landing/landing-page.tsx', 'features/consent/cookie-banner.tsx', 'components/language-menu.tsx']),
    );
  });

  it('reaches neither the router nor i18next, nor any data or form library', () => {
    const forbidden = ['react-router', 'i18next', 'react-i18next', '@tanstack/react-query', 'zod', 'react-hook-form', 'better-auth', 'sonner'];
    expect([...packages].filter((name) => forbidden.includes(name))).toEqual([]);
    expect([...packages].sort()).toEqual(expect.arrayContaining(['react', 'react-dom']));
  });
});
