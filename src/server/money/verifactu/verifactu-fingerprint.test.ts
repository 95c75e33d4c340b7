import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeFingerprint, fingerprintInput } from './verifactu-fingerprint';
import { aeatAmount, aeatDate } from '../../platform/verifactu/aeat-formats';
import { formatAeatTimestamp, madridDateOf } from './verifactu-formats';

// The AEAT's published examples (Veri*Factu: especificaciones técnicas de la huella).
const first = {
  kind: 'alta' as const,
  fields: {
    IDEmisorFactura: '89890001K',
    NumSerieFactura: '12345678/G33',
    FechaExpedicionFactura: '01-01-2024',
    TipoFactura: 'F1',
    CuotaTotal: '12.35',
    ImporteTotal: '123.45',
    FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
  },
};
const FIRST_HASH = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const second = {
  kind: 'alta' as const,
  fields: { ...first.fields, NumSerieFactura: '12345679/G34', FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00' },
};
const SECOND_HASH = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';

describe('VERI*FACTU fingerprint', () => {
  it("writes the AEAT's field string for the first record of a chain", () => {
    expect(fingerprintInput(first, '')).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
  });

  it("gives the AEAT's fingerprint for its first example", () => {
    expect(computeFingerprint(first, '')).toBe(FIRST_HASH);
  });

  it("gives the AEAT's fingerprint for its second example, chained to the first", () => {
    expect(computeFingerprint(second, FIRST_HASH)).toBe(SECOND_HASH);
  });

  it("hashes a rectifying invoice (R1, by substitution or differences) over the AEAT's alta fields: the example's string with TipoFactura=R1 and nothing of the rectification", () => {
    // The AEAT's specification hashes every registro de alta over the same eight fields;
    // TipoRectificativa, FacturasRectificadas and ImporteRectificacion are not among them.
    const r1 = { kind: 'alta' as const, fields: { ...second.fields, NumSerieFactura: 'RR2024-000001', TipoFactura: 'R1', CuotaTotal: '-2.10', ImporteTotal: '-12.10' } };
    const expected = `IDEmisorFactura=89890001K&NumSerieFactura=RR2024-000001&FechaExpedicionFactura=01-01-2024&TipoFactura=R1&CuotaTotal=-2.10&ImporteTotal=-12.10&Huella=${SECOND_HASH}&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00`;
    expect(fingerprintInput(r1, SECOND_HASH)).toBe(expected);
    expect(computeFingerprint(r1, SECOND_HASH)).toBe(createHash('sha256').update(expected, 'utf8').digest('hex').toUpperCase());
    // And only the type distinguishes it from the AEAT's second example with the same values.
    const asF1 = { kind: 'alta' as const, fields: { ...r1.fields, TipoFactura: 'F1' } };
    expect(fingerprintInput(asF1, SECOND_HASH).replace('TipoFactura=F1', 'TipoFactura=R1')).toBe(expected);
  });

  it('writes a cancellation record with the Anulada names around Huella', () => {
    const input = fingerprintInput(
      {
        kind: 'anulacion',
        fields: {
          IDEmisorFacturaAnulada: '89890001K',
          NumSerieFacturaAnulada: '12345679/G34',
          FechaExpedicionFacturaAnulada: '01-01-2024',
          FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
        },
      },
      SECOND_HASH,
    );
    expect(input).toBe(
      `IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=${SECOND_HASH}&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00`,
    );
  });

  it('trims values, as the specification asks, so padding does not change the fingerprint', () => {
    const padded = { ...first, fields: { ...first.fields, NumSerieFactura: ' 12345678/G33 ' } };
    expect(computeFingerprint(padded, '')).toBe(FIRST_HASH);
  });
});

describe('AEAT value formats', () => {
  it('writes amounts with a point and two decimals, as the examples do', () => {
    expect(aeatAmount(1235)).toBe('12.35');
    expect(aeatAmount(12345)).toBe('123.45');
    expect(aeatAmount(24140)).toBe('241.40');
    expect(aeatAmount(5)).toBe('0.05');
    expect(aeatAmount(0)).toBe('0.00');
    expect(aeatAmount(-1210)).toBe('-12.10');
    expect(aeatAmount(123456789)).toBe('1234567.89');
    expect(() => aeatAmount(1.5)).toThrow(RangeError);
  });

  it('writes dates dd-mm-yyyy', () => {
    expect(aeatDate('2027-01-01')).toBe('01-01-2027');
    expect(aeatDate('2026-12-31')).toBe('31-12-2026');
    expect(() => aeatDate('31/12/2026')).toThrow(RangeError);
  });

  it("writes the generation time in Madrid with its offset, across both summer-time changes", () => {
    expect(formatAeatTimestamp(new Date('2024-01-01T18:20:30Z'))).toBe('2024-01-01T19:20:30+01:00');
    // 2027-03-28 01:59:59 UTC is 03:59:59 in summer time, one second after 00:59:59 UTC is 01:59:59 winter.
    expect(formatAeatTimestamp(new Date('2027-03-28T00:59:59Z'))).toBe('2027-03-28T01:59:59+01:00');
    expect(formatAeatTimestamp(new Date('2027-03-28T01:00:00Z'))).toBe('2027-03-28T03:00:00+02:00');
    // October: 02:30 happens twice; the offset tells them apart.
    expect(formatAeatTimestamp(new Date('2027-10-31T00:30:00Z'))).toBe('2027-10-31T02:30:00+02:00');
    expect(formatAeatTimestamp(new Date('2027-10-31T01:30:00Z'))).toBe('2027-10-31T02:30:00+01:00');
  });

  it('takes the issue date in Madrid, not UTC', () => {
    expect(madridDateOf(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(madridDateOf(new Date('2027-07-31T22:30:00Z'))).toBe('2027-08-01');
  });
});
