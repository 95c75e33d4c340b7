import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';
import { computeFingerprint, type RecordFields } from './verifactu-fingerprint';
import { formatAeatTimestamp } from './verifactu-formats';

/** The issuer's id as it goes in records: upper case, no spaces, no `ES` country prefix. */
export function normalizeIssuerTaxId(taxId: string): string {
  const compact = taxId.replace(/\s+/g, '').toUpperCase();
  return compact.startsWith('ES') && compact.length > 9 ? compact.slice(2) : compact;
}

/**
 * Takes the issuer's chain lock for the rest of the transaction: everything that numbers an
 * invoice or appends a record runs under it, so with several servers the records go in one
 * strict order and the numbers have no gap or duplicate. A transaction-scoped advisory lock
 * is released by the commit, the rollback, or the connection dying with a killed process.
 */
export async function lockVerifactuChain(tx: Executor, issuerTaxId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`regalo-verifactu-chain:${issuerTaxId}`}))`);
}

type AltaInput = { kind: 'alta'; invoiceId: string; numSerie: string; fechaExpedicion: string; tipoFactura: string; cuotaTotal: string; importeTotal: string; installationNumber: string };
type AnulacionInput = { kind: 'anulacion'; invoiceId: string; numSerie: string; fechaExpedicion: string; installationNumber: string };

/**
 * Appends one record to the issuer's chain, with its submission row (pending) for the
 * sending queue. The caller holds the chain lock (`lockVerifactuChain`) in the same transaction
 * as the invoice or cancellation the record registers, so both exist or neither does.
 */
export async function appendVerifactuRecord(tx: Executor, issuerTaxId: string, input: AltaInput | AnulacionInput, now: Date): Promise<{ id: string; sequence: number; fingerprint: string }> {
  const [last] = await tx
    .select({ sequence: verifactuRecords.sequence, fingerprint: verifactuRecords.fingerprint })
    .from(verifactuRecords)
    .where(eq(verifactuRecords.issuerTaxId, issuerTaxId))
    .orderBy(desc(verifactuRecords.sequence))
    .limit(1);
  const previousFingerprint = last?.fingerprint ?? '';
  const generatedAt = formatAeatTimestamp(now);
  const record: RecordFields =
    input.kind === 'alta'
      ? {
          kind: 'alta',
          fields: {
            IDEmisorFactura: issuerTaxId,
            NumSerieFactura: input.numSerie,
            FechaExpedicionFactura: input.fechaExpedicion,
            TipoFactura: input.tipoFactura,
            CuotaTotal: input.cuotaTotal,
            ImporteTotal: input.importeTotal,
            FechaHoraHusoGenRegistro: generatedAt,
          },
        }
      : {
          kind: 'anulacion',
          fields: {
            IDEmisorFacturaAnulada: issuerTaxId,
            NumSerieFacturaAnulada: input.numSerie,
            FechaExpedicionFacturaAnulada: input.fechaExpedicion,
            FechaHoraHusoGenRegistro: generatedAt,
          },
        };
  const fingerprint = computeFingerprint(record, previousFingerprint);
  const sequence = (last?.sequence ?? 0) + 1;
  const [row] = await tx
    .insert(verifactuRecords)
    .values({
      issuerTaxId,
      sequence,
      kind: input.kind,
      invoiceId: input.invoiceId,
      idEmisor: issuerTaxId,
      numSerie: input.numSerie,
      fechaExpedicion: input.fechaExpedicion,
      tipoFactura: input.kind === 'alta' ? input.tipoFactura : null,
      cuotaTotal: input.kind === 'alta' ? input.cuotaTotal : null,
      importeTotal: input.kind === 'alta' ? input.importeTotal : null,
      generatedAt,
      installationNumber: input.installationNumber,
      previousFingerprint,
      fingerprint,
      createdAt: now,
    })
    .returning({ id: verifactuRecords.id });
  await tx.insert(verifactuSubmissions).values({ recordId: row!.id, state: 'pending', createdAt: now, updatedAt: now });
  return { id: row!.id, sequence, fingerprint };
}
