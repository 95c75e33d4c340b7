import { describe, expect, it } from 'vitest';
import { aeatDate } from '../../platform/verifactu/aeat-formats';
import { buildVerifactuQrUrl, formatQrAmount, verifactuQrEnvironment } from './build-verifactu-qr-url';

describe('buildVerifactuQrUrl', () => {
  // The AEAT's QR specification, §5 example: numserie `12345678&G33`, 241,40 €.
  const aeatExample = { nif: '89890001K', numSerie: '12345678&G33', issueDate: '2024-01-01', totalCents: 24140 };

  it('gives the AEAT’s own example URL on the production site', () => {
    expect(buildVerifactuQrUrl(aeatExample, 'production')).toBe(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
  });

  it('points at the AEAT’s test site for the test environment', () => {
    expect(buildVerifactuQrUrl(aeatExample, 'test')).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
    );
  });

  it('encodes every character that would break the query and round-trips through a URL parser', () => {
    const numSerie = 'A/2027 #1?x=y&z+%';
    const url = new URL(buildVerifactuQrUrl({ ...aeatExample, numSerie }, 'production'));
    expect(url.search).toContain('numserie=A%2F2027+%231%3Fx%3Dy%26z%2B%25&');
    expect(url.searchParams.get('numserie')).toBe(numSerie);
    expect([...url.searchParams.keys()]).toEqual(['nif', 'numserie', 'fecha', 'importe']);
  });

  it('refuses what the AEAT does not accept instead of printing a QR that cannot be checked', () => {
    expect(() => buildVerifactuQrUrl({ ...aeatExample, numSerie: 'Añ-1' }, 'test')).toThrow(/invoice number/);
    expect(() => buildVerifactuQrUrl({ ...aeatExample, numSerie: 'x'.repeat(61) }, 'test')).toThrow(/invoice number/);
    expect(() => buildVerifactuQrUrl({ ...aeatExample, nif: 'ES89890001K' }, 'test')).toThrow(/NIF/);
    expect(() => buildVerifactuQrUrl({ ...aeatExample, issueDate: '01-01-2024' }, 'test')).toThrow(/yyyy-mm-dd/);
    expect(() => buildVerifactuQrUrl({ ...aeatExample, totalCents: 241.4 }, 'test')).toThrow(/whole cents/);
  });
});

describe('formatQrAmount', () => {
  it('writes cents with a point and no trailing zeros, as the AEAT example does', () => {
    expect(formatQrAmount(24140)).toBe('241.4');
    expect(formatQrAmount(12345)).toBe('123.45');
    expect(formatQrAmount(56700)).toBe('567');
    expect(formatQrAmount(5)).toBe('0.05');
    expect(formatQrAmount(10)).toBe('0.1');
    expect(formatQrAmount(0)).toBe('0');
    expect(formatQrAmount(123456789012)).toBe('1234567890.12');
  });

  it('keeps the sign of a rectifying invoice by differences', () => {
    expect(formatQrAmount(-1210)).toBe('-12.1');
    expect(formatQrAmount(-5)).toBe('-0.05');
  });
});

describe('aeatDate', () => {
  it('turns an ISO date into dd-mm-yyyy', () => {
    expect(aeatDate('2027-02-01')).toBe('01-02-2027');
  });
});

describe('verifactuQrEnvironment', () => {
  it('uses the production check service only when records go to the AEAT itself', () => {
    expect(verifactuQrEnvironment('aeat')).toBe('production');
    expect(verifactuQrEnvironment('aeat-test')).toBe('test');
    expect(verifactuQrEnvironment('off')).toBe('test');
  });
});
