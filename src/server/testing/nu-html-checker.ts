import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The Nu HTML Checker (vnu-jar, the W3C's checker; Java 17) run ONCE over a folder of .html
 * files: a JVM start per file would make the check slow. Used by html-validity.int.test.ts
 * (server-rendered pages and emails) and e2e/html-validity.spec.ts (pages as the browser
 * renders them).
 */
const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

/**
 * The messages excepted, by rule and never by file: the checker's CSS parser predates what
 * Tailwind writes into the built stylesheet the documents inline. Each pattern names one
 * Tailwind construct; anything else in that CSS, and everything in every other file, fails.
 */
const TAILWIND_CSS_MESSAGES = [
  // Tailwind declares its custom properties (--tw-*) with @property.
  String.raw`CSS: Unrecognized at-rule “@(property|layer|theme|utility|variant|custom-variant|starting-style)”\.?`,
  // Tailwind's @supports test that tells Safari apart (margin-trim only exists there).
  String.raw`CSS: “margin-trim”: Property “margin-trim” doesn't exist\.`,
  // Tailwind's gradient utilities transition their own custom properties.
  String.raw`CSS: “transition-property”: “--tw-[a-z-]+” is not a “transition-property” value\.`,
];
const TAILWIND_CSS_RULE = `^(${TAILWIND_CSS_MESSAGES.join('|')})$`;

export interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

const run = promisify(execFile);

/** Every error the checker reports for the folder's .html files (warnings are not asked for). */
export async function checkHtmlFolder(folder: string): Promise<VnuMessage[]> {
  // vnu exits 1 when it reports errors; its JSON report is on stderr either way.
  const result = await run('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--filterpattern', TAILWIND_CSS_RULE, '--skip-non-html', folder], {
    timeout: 120_000,
    maxBuffer: 32 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; code?: number }) => {
    if (error.code !== 1 || !error.stderr) throw error;
    return { stdout: error.stdout ?? '', stderr: error.stderr };
  });
  return (JSON.parse(result.stderr || '{"messages":[]}') as { messages: VnuMessage[] }).messages;
}

/** One line per message, for a readable failure. */
export const describeVnuMessage = (m: VnuMessage) =>
  `${path.basename(m.url)}:${m.lastLine ?? '?'} ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ''}`;
