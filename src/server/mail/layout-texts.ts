import type { Locale } from '@shared/locale';
import { de as valencianDe } from '@shared/valencian-de';

/** The words every email shares: the layout's footer and button hint, and the greetings. */
export interface LayoutTexts {
  footer: string;
  /** The operator's line: name, address, tax number. */
  operator: (v: { name: string; address: string; taxId: string }) => string;
  help: (v: { supportEmail: string }) => string;
  linkHint: string;
  /** "Hi Ana," — to a person whose name Regalo knows. */
  greeting: (v: { name: string }) => string;
  /** To an address that has not proven itself, or without a name. */
  plainGreeting: string;
}

export const layoutTexts: Record<Locale, LayoutTexts> = {
  en: {
    footer: 'Regalo — local gifts from Valencia. You receive this email because someone used this address on Regalo.',
    operator: ({ name, address, taxId }) => `${name} · ${address} · Tax ID ${taxId}`,
    help: ({ supportEmail }) => `Need help? Write to ${supportEmail}.`,
    linkHint: 'If the button does not work, copy this link into your browser:',
    greeting: ({ name }) => `Hi ${name},`,
    plainGreeting: 'Hello,',
  },
  es: {
    footer: 'Regalo — regalos locales de Valencia. Recibes este correo porque alguien ha usado esta dirección en Regalo.',
    operator: ({ name, address, taxId }) => `${name} · ${address} · NIF ${taxId}`,
    help: ({ supportEmail }) => `¿Necesitas ayuda? Escribe a ${supportEmail}.`,
    linkHint: 'Si el botón no funciona, copia este enlace en tu navegador:',
    greeting: ({ name }) => `Hola, ${name}:`,
    plainGreeting: 'Hola:',
  },
  va: {
    footer: 'Regalo — regals del comerç local de València. Reps este correu perquè algú ha utilitzat esta adreça a Regalo.',
    operator: ({ name, address, taxId }) => `${name} · ${address} · NIF ${taxId}`,
    help: ({ supportEmail }) => `Necessites ajuda? Escriu a ${supportEmail}.`,
    linkHint: 'Si el botó no funciona, copia este enllaç en el navegador:',
    greeting: ({ name }) => `Hola, ${name}:`,
    plainGreeting: 'Hola:',
  },
};

/** Valencian "de" before a name or a month ("d’abril"): the one rule the catalogues follow too. */
export const de = (word: string): string => valencianDe(word);

/**
 * Valencian article before a date that starts with its day: "l’1 de…", "l’11 de…" (u, onze
 * begin with a vowel sound), "el 23 de…" otherwise; with "a" and "de" contracted the same way.
 */
const dayTakesApostrophe = (date: string) => /^(1|11)(?!\d)/.test(date);
export const el = (date: string): string => (dayTakesApostrophe(date) ? `l’${date}` : `el ${date}`);
export const al = (date: string): string => (dayTakesApostrophe(date) ? `a l’${date}` : `al ${date}`);
export const del = (date: string): string => (dayTakesApostrophe(date) ? `de l’${date}` : `del ${date}`);
