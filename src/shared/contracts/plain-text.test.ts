import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asSingleLine, isMultiLineText, isSingleLineText, multiLine, plainTextFieldErrors, singleLine } from './plain-text';

const controls = ['\r', '\n', '\r\n', '\t', '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029', '\v', '\f'];

describe('one-line text', () => {
  it('takes names, addresses and emails in any script, with accents, emoji and punctuation', () => {
    for (const text of ['Lucía Martínez-Peña', "Forn de l'Àngel", 'Carrer de Sueca, 12 · 3r 2a', 'ana+regalo@example.test', '王小明', '🎁 Regal', 'O’Brien', '']) {
      expect(isSingleLineText(text), text).toBe(true);
    }
  });

  it('refuses line breaks, tabs and every other control character, anywhere in the text', () => {
    for (const control of controls) {
      for (const text of [`Ana${control}Bcc: x@example.test`, `${control}Ana`, `Ana${control}`]) {
        expect(isSingleLineText(text), JSON.stringify(text)).toBe(false);
      }
    }
  });

  it('as a schema: the field error is control_character, after the schema’s own rules', () => {
    const name = singleLine(z.string().trim().min(1, 'required').max(40, 'too_long'));
    expect(name.parse('  Lucía  ')).toBe('Lucía');
    const refused = name.safeParse('Lucía\r\nBcc: x@example.test');
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.message)).toEqual([plainTextFieldErrors.controlCharacter]);
    // Line breaks at either end are trimmed away before the check, as spaces are.
    expect(name.parse('Lucía\r\n')).toBe('Lucía');
  });
});

describe('asSingleLine', () => {
  it('turns each run of control characters into one space', () => {
    expect(asSingleLine('Ana\r\n\tMaría\u2028Soler\n')).toBe('Ana María Soler');
    expect(asSingleLine('Lucía')).toBe('Lucía');
  });
});

describe('many-line text', () => {
  it('keeps line breaks, Windows or Unix', () => {
    expect(isMultiLineText('¡Feliz cumpleaños!\nUn abrazo,\r\nPep')).toBe(true);
  });

  it('refuses every other control character', () => {
    for (const control of controls.filter((c) => !['\r', '\n', '\r\n'].includes(c))) {
      expect(isMultiLineText(`Hola${control}Pep`), JSON.stringify(control)).toBe(false);
    }
  });

  it('as a schema: the field error is control_character_in_text', () => {
    const message = multiLine(z.string().max(500, 'too_long'));
    expect(message.parse('Hola\nPep')).toBe('Hola\nPep');
    expect(message.safeParse('Hola\u0007Pep').error!.issues.map((i) => i.message)).toEqual([plainTextFieldErrors.controlCharacterInText]);
  });
});
