import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VerifactuRecordExport } from '@shared/contracts/invoices';
import { computeFingerprint, type RecordFields } from './verifactu-fingerprint';
import { verifyChain } from './verify-chain';

/** Builds a valid chain from generated fields, as the issuing code would. */
function chainOf(records: RecordFields[], invoiceIds: string[]): VerifactuRecordExport[] {
  let previous = '';
  return records.map((r, i) => {
    const fingerprint = computeFingerprint(r, previous);
    const entry = { kind: r.kind, fields: { ...r.fields } as Record<string, string>, previousFingerprint: previous, fingerprint, invoiceId: invoiceIds[i]! };
    previous = fingerprint;
    return entry;
  });
}

const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s.length > 0);
const amount = fc.integer({ min: -99999, max: 99999 }).map((c) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`);
const record: fc.Arbitrary<RecordFields> = fc.oneof(
  fc.record({ IDEmisorFactura: fc.constant('B12345678'), NumSerieFactura: text, FechaExpedicionFactura: text, TipoFactura: fc.constantFrom('F1', 'R1'), CuotaTotal: amount, ImporteTotal: amount, FechaHoraHusoGenRegistro: text }).map((fields) => ({ kind: 'alta' as const, fields })),
  fc.record({ IDEmisorFacturaAnulada: fc.constant('B12345678'), NumSerieFacturaAnulada: text, FechaExpedicionFacturaAnulada: text, FechaHoraHusoGenRegistro: text }).map((fields) => ({ kind: 'anulacion' as const, fields })),
);
const chain = fc
  .array(record, { minLength: 2, maxLength: 8 })
  .chain((records) => fc.tuple(fc.constant(records), fc.uniqueArray(fc.uuid(), { minLength: records.length, maxLength: records.length })))
  .map(([records, ids]) => chainOf(records, ids));
const expectedOf = (c: VerifactuRecordExport[]) => c.map((r) => ({ invoiceId: r.invoiceId, kind: r.kind }));

describe('verifyChain (property)', () => {
  it('accepts every chain built as the issuing code builds it', () => {
    fc.assert(
      fc.property(chain, (c) => {
        expect(verifyChain(c, expectedOf(c))).toEqual({ ok: true, count: c.length });
      }),
    );
  });

  it('fails at the very record whose field, previous fingerprint or fingerprint is changed', () => {
    fc.assert(
      fc.property(chain, fc.nat(), fc.nat(), fc.string({ minLength: 1, maxLength: 4 }), (c, at, which, suffix) => {
        const index = at % c.length;
        const target = c[index]!;
        const names = [...Object.keys(target.fields), 'previousFingerprint', 'fingerprint'];
        const name = names[which % names.length]!;
        const changed = structuredClone(c);
        if (name === 'previousFingerprint' || name === 'fingerprint') changed[index]![name] = `${target[name]}${suffix}`;
        // A leading space is trimmed away by the specification; append a visible change.
        else changed[index]!.fields[name] = `${target.fields[name]}${suffix.trim() || 'x'}`;
        const verdict = verifyChain(changed, expectedOf(c));
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(verdict.broken.index).toBe(index);
      }),
    );
  });

  it('fails where a record was removed: at the one after it, or as missing when it was the last', () => {
    fc.assert(
      fc.property(chain, fc.nat(), (c, at) => {
        const index = at % c.length;
        const removed = c.filter((_, i) => i !== index);
        const verdict = verifyChain(removed, expectedOf(c));
        expect(verdict.ok).toBe(false);
        if (verdict.ok) return;
        expect(verdict.broken.index).toBe(index);
        expect(verdict.broken.problem).toBe(index === c.length - 1 ? 'record_missing' : 'previous_mismatch');
        if (index === c.length - 1) expect(verdict.broken.invoiceId).toBe(c[index]!.invoiceId);
      }),
    );
  });

  it('fails at the first of two records swapped', () => {
    fc.assert(
      fc.property(chain, fc.nat(), fc.nat(), (c, a, b) => {
        const i = a % c.length;
        const j = b % c.length;
        fc.pre(i !== j);
        const [first, second] = i < j ? [i, j] : [j, i];
        const swapped = [...c];
        [swapped[first], swapped[second]] = [swapped[second]!, swapped[first]!];
        const verdict = verifyChain(swapped, expectedOf(c));
        expect(verdict.ok).toBe(false);
        if (!verdict.ok) expect(verdict.broken.index).toBe(first);
      }),
    );
  });

  it('fails on a field added to a record', () => {
    fc.assert(
      fc.property(chain, fc.nat(), (c, at) => {
        const index = at % c.length;
        const changed = structuredClone(c);
        changed[index]!.fields.Huella = changed[index]!.previousFingerprint;
        const verdict = verifyChain(changed);
        expect(verdict).toMatchObject({ ok: false, broken: { index, problem: 'unknown_fields' } });
      }),
    );
  });
});
