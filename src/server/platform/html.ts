import { escapeHtml } from '@shared/escape-html';

/**
 * HTML the server renders itself, escaped by default. Placing `escapeHtml` by hand on every
 * interpolation leaves the one that was forgotten unsafe and looking like the others; with the
 * `html` template every interpolated value is text unless it is already `TrustedHtml` (the result
 * of another `html` template, or markup wrapped in `trustedHtml` where the code says why it is
 * safe). So forgetting makes a page show `&lt;b&gt;`, never run a visitor's markup.
 */
export class TrustedHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

/**
 * What an interpolation may be: text and numbers (escaped), trusted HTML (as it is), a list of
 * them (each in turn, nothing between), and nothing (`null`, `undefined`, `false`: left out, for
 * `${condition && html`…`}`).
 */
export type HtmlValue = string | number | TrustedHtml | null | undefined | false | readonly HtmlValue[];

/**
 * Markup the caller vouches for: our own constants (a stylesheet, the icon links), SVG drawn by
 * a library from data it encodes, or text escaped already and then given links. Never text a
 * person wrote.
 */
export function trustedHtml(markup: string): TrustedHtml {
  return new TrustedHtml(markup);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof TrustedHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** Values one after another with a separator between them (`' · '`, a line break), each rendered as in `html`. */
export function joinHtml(values: readonly HtmlValue[], separator: string): TrustedHtml {
  return new TrustedHtml(values.map(render).join(escapeHtml(separator)));
}

/** A template of HTML in which every interpolation is escaped unless it is `TrustedHtml`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): TrustedHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new TrustedHtml(out);
}
