// The shop's addresses and the partner's website button, without zod (ADR 039).
import type { Locale } from '../locale';

/** The business's public page, in a language. */
export function shopPath(slug: string, language?: Locale): string {
  return `/b/${slug}${language ? `?lang=${language}` : ''}`;
}

/** The HTML escaping a snippet needs (the name is the owner's own text, put into their site). */
const escape = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The button for the business's own website: a plain link styled inline, no script, no
 * tracking, no request to anyone but the shop page when clicked.
 */
export function websiteButtonHtml(shopUrl: string, label: string): string {
  const style =
    'display:inline-block;padding:12px 20px;border-radius:10px;background:#9a3412;color:#ffffff;font:600 16px/1.2 system-ui,sans-serif;text-decoration:none';
  return `<a href="${escape(shopUrl)}" style="${style}">${escape(label)}</a>`;
}
