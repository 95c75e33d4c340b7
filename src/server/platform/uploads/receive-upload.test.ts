import { describe, expect, it } from 'vitest';
import { extensionMatches } from './detect-file-type';
import { safeFileName } from './receive-upload';

describe('safeFileName', () => {
  it('keeps ordinary names, accents included', () => {
    expect(safeFileName('Licencia de apertura – café.pdf', 'x.pdf')).toBe('Licencia de apertura – café.pdf');
  });

  it('drops paths, quotes, control characters and leading dots', () => {
    expect(safeFileName('C:\\Users\\ana\\dni.pdf', 'x.pdf')).toBe('dni.pdf');
    expect(safeFileName('../../etc/passwd', 'x.pdf')).toBe('passwd');
    expect(safeFileName('a"b\r\nc;d.pdf', 'x.pdf')).toBe('abcd.pdf');
    expect(safeFileName('...hidden.pdf', 'x.pdf')).toBe('hidden.pdf');
  });

  it('drops bidirectional overrides and other invisible format characters (ADR 014)', () => {
    // Shown as "invoice‮fdp.exe" reads "invoiceexe.pdf": the name must read as it is.
    expect(safeFileName('invoice\u202Egpj.pdf', 'x.pdf')).toBe('invoicegpj.pdf');
    expect(safeFileName('a\u2066b\u2067c\u2068d\u2069\u200E\u200F\u061C\u200B\uFEFF.pdf', 'x.pdf')).toBe('abcd.pdf');
    expect(safeFileName('\u202E\u202D', 'business_license.pdf')).toBe('business_license.pdf');
  });

  it('falls back when nothing is left and shortens long names keeping the extension', () => {
    expect(safeFileName('""', 'business_license.pdf')).toBe('business_license.pdf');
    const long = safeFileName(`${'a'.repeat(300)}.pdf`, 'x.pdf');
    expect(long).toHaveLength(120);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('extensionMatches', () => {
  it('lets .jpg and .jpeg hold JPEG, and nothing else disagree', () => {
    expect(extensionMatches('jpeg', { ext: 'jpg', mime: 'image/jpeg' })).toBe(true);
    expect(extensionMatches('JPG', { ext: 'jpg', mime: 'image/jpeg' })).toBe(true);
    expect(extensionMatches('pdf', { ext: 'png', mime: 'image/png' })).toBe(false);
    expect(extensionMatches('png', { ext: 'pdf', mime: 'application/pdf' })).toBe(false);
  });
});
