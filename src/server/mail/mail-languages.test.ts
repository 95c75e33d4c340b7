import { describe, expect, it } from 'vitest';
import { LOCALES, HTML_LANG, type Locale } from '@shared/locale';
import { mailSamples } from '../testing/mail-samples';
import { accountTexts } from './account-texts';
import { adminTexts } from './admin-texts';
import { bookingTexts } from './booking-texts';
import { cardTexts } from './card-texts';
import { expiryReminderTexts } from './expiry-reminder-texts';
import { fairExpiryTexts } from './fair-expiry-texts';
import { invoiceTexts } from './invoice-texts';
import { layoutTexts } from './layout-texts';
import { orderTexts } from './order-texts';
import { ownerTexts } from './owner-texts';
import { registrationTexts } from './registration-texts';
import { reportTexts } from './report-texts';
import { statementTexts } from './statement-texts';
import { templates, type MailTemplateName } from './templates';
import { withdrawalTexts } from './withdrawal-texts';

/**
 * ADR 068: every email (each template's sample, mail-samples.ts) in each of the three
 * languages, complete and with nothing of another language in it. The "sentences of another
 * language" are not a hand-picked list: they are derived from the text modules themselves, so
 * a text added to any of them is covered. Rendering is pure, so this runs as a unit test; the
 * delivery of a Valencian email end to end is gift-mail-valencian.int.test.ts.
 */
const textModules: Record<Locale, unknown>[] = [
  layoutTexts,
  accountTexts,
  orderTexts,
  ownerTexts,
  adminTexts,
  reportTexts,
  statementTexts,
  invoiceTexts,
  withdrawalTexts,
  fairExpiryTexts,
  expiryReminderTexts,
  registrationTexts,
  cardTexts,
  bookingTexts,
];

/** Stands for every value a text function is given; it splits a text into its fixed parts. */
const HOLE = '\u0000';
const anyValues = new Proxy({}, { get: (_target, key) => (key === Symbol.toPrimitive ? () => HOLE : HOLE) });

/** Every fixed piece of text of a text module tree: strings as they are, functions' texts between their values. */
function pieces(node: unknown): string[] {
  if (typeof node === 'string') return node.split(HOLE);
  if (typeof node === 'function') return pieces((node as (v: unknown) => unknown)(anyValues));
  if (node && typeof node === 'object') return Object.values(node).flatMap(pieces);
  return [];
}

const piecesOf = (locale: Locale) => textModules.flatMap((module) => pieces(module[locale])).map((piece) => piece.trim());
const sampleData = JSON.stringify(mailSamples);

/**
 * The pieces that only `other` has: long enough to be a phrase, not also a piece of `locale`
 * ("Factura rectificativa" is Spanish and Valencian alike), and not sample data (the samples'
 * gifts and reasons are in Spanish on purpose, as a business writes them).
 */
function distinctive(other: Locale, locale: Locale): string[] {
  const own = new Set(piecesOf(locale));
  return [...new Set(piecesOf(other))].filter((piece) => piece.length >= 12 && !own.has(piece) && !sampleData.includes(piece));
}

/** What a reader sees: subject, the text part, and the HTML part's text (preheader included) with entities read. */
function readable(mail: { subject: string; text: string; html: string }): string {
  const html = mail.html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return `${mail.subject}\n${mail.text}\n${html}`;
}

const names = Object.keys(mailSamples) as MailTemplateName[];

/**
 * The only fixed pieces Valencian shares with Spanish or English: words that are the same in
 * both languages. Anything else identical is a text copied and not translated.
 */
const sameInValencian = ['Total:', 'Factura', 'Factura rectificativa', 'Factura rectificativa de Regalo', 'Saldo inicial:', 'Saldo final:', 'caduca el', 'el NIF/CIF', 'en el mapa', '(hora de Madrid):'];

describe('every email in every language', () => {
  it('derives enough distinctive sentences to mean something', () => {
    for (const locale of LOCALES) {
      for (const other of LOCALES.filter((l) => l !== locale)) expect(distinctive(other, locale).length).toBeGreaterThan(150);
    }
  });

  it('has no Spanish or English text copied into Valencian untranslated', () => {
    const valencian = new Set(piecesOf('va'));
    const copied = [...new Set([...piecesOf('es'), ...piecesOf('en')])].filter((piece) => piece.length >= 6 && valencian.has(piece));
    expect(copied.sort()).toEqual([...sameInValencian].sort());
  });

  for (const locale of LOCALES) {
    const others = LOCALES.filter((l) => l !== locale).map((other) => ({ other, phrases: distinctive(other, locale) }));
    for (const name of names) {
      it(`${name} in ${locale}: complete, in ${locale} only`, () => {
        const mail = templates[name](mailSamples[name] as never, locale);
        const seen = readable(mail);
        expect(mail.html).toContain(`<html lang="${HTML_LANG[locale]}">`);
        expect(mail.text).toContain(layoutTexts[locale].footer);
        expect(seen).not.toMatch(/\{\{|\}\}|undefined|NaN|\[object /);
        expect(seen).not.toContain(HOLE);
        // No catalogue key (`booking.title`) left: dotted camel-case words once addresses are gone.
        const withoutAddresses = seen.replace(/https?:\/\/\S+/g, '').replace(/\S+@\S+/g, '').replace(/\b[\w-]+(\.[\w-]+)+\.(example|test)\b/g, '');
        expect(withoutAddresses).not.toMatch(/\b[a-z]+\.[a-z][A-Za-z]+\b/);
        for (const { other, phrases } of others) {
          const leaked = phrases.filter((phrase) => seen.includes(phrase));
          expect(leaked, `${other} text in the ${locale} ${name}`).toEqual([]);
        }
      });
    }
  }
});

