import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

/*
 * `cn` merges classes with our own small table instead of tailwind-merge (ADR 044). This holds
 * it to tailwind-merge's answer for every ordered pair of the classes the web app's sources
 * contain (string literals in src/web, tests aside): a class of a kind the table does not know
 * yet, or knows wrongly, fails here.
 */
const webDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function classesInSources(): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        // Comments aside: they quote classes that are not in the app (`text-lg/7` in cn.ts).
        const code = readFileSync(file, 'utf8').replace(/\/\*[^]*?\*\/|^\s*\/\/.*$/gm, '');
        for (const [, , text] of code.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
          for (const token of text!.split(/\s+|\$\{|\}/)) if (/^[!a-z0-9\-[\]:/.%_()#,*&>+=@]+$/i.test(token)) found.add(token);
        }
      }
    }
  };
  visit(webDir);
  // What either merge treats as a Tailwind class (a repeated one collapses); other words pass
  // through both untouched.
  return [...found].filter((token) => twMerge(`${token} ${token}`) === token || mergeClasses(`${token} ${token}`) === token);
}

describe('cn', () => {
  const classes = classesInSources();

  it('finds the app\'s classes', () => {
    expect(classes.length).toBeGreaterThan(400);
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'sm:px-6', 'focus-visible:outline-3', 'text-sm', 'text-ink', 'bg-white/90']));
  });

  it('merges every pair of them exactly as tailwind-merge does', () => {
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const list = `${first} ${second}`;
        const ours = mergeClasses(list);
        const theirs = twMerge(list);
        if (ours !== theirs) differences.push(`"${list}": ours "${ours}", tailwind-merge "${theirs}"`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
    expect(differences).toHaveLength(0);
    // Every pair of 400+ classes through both mergers: a few seconds alone, more beside the
    // integration workers.
  }, 60_000);

  it('lets the caller\'s classes win, per variant, and joins conditional classes like clsx', () => {
    expect(cn('inline-flex px-4 py-2 text-sm', 'px-2')).toBe('inline-flex py-2 text-sm px-2');
    expect(cn('px-4 sm:px-6', 'p-0')).toBe('sm:px-6 p-0');
    expect(cn('hover:focus:bg-white', 'focus:hover:bg-sand')).toBe('focus:hover:bg-sand');
    expect(cn('leading-tight text-lg', 'text-sm/6')).toBe('text-sm/6');
    const isHidden = classes.length < 0;
    expect(cn('text-lg', isHidden && 'hidden', { 'text-ink': true, 'text-muted': false }, ['mt-2', undefined])).toBe('text-lg text-ink mt-2');
    expect(cn('px-4!', 'px-2')).toBe('px-4! px-2');
  });
});
