import { asc } from 'drizzle-orm';
import type { VerifactuRecordExport } from '@shared/contracts/invoices';
import type { Executor } from '../../db/client';
import { verifactuRecords } from '../../db/schema/invoices';

type RecordRow = typeof verifactuRecords.$inferSelect;

/** A stored record as the export writes it: the fingerprint's fields under the AEAT's names, without `Huella`. */
export function toRecordExport(r: RecordRow): VerifactuRecordExport {
  const fields: Record<string, string> =
    r.kind === 'alta'
      ? {
          IDEmisorFactura: r.idEmisor,
          NumSerieFactura: r.numSerie,
          FechaExpedicionFactura: r.fechaExpedicion,
          TipoFactura: r.tipoFactura ?? '',
          CuotaTotal: r.cuotaTotal ?? '',
          ImporteTotal: r.importeTotal ?? '',
          FechaHoraHusoGenRegistro: r.generatedAt,
        }
      : {
          IDEmisorFacturaAnulada: r.idEmisor,
          NumSerieFacturaAnulada: r.numSerie,
          FechaExpedicionFacturaAnulada: r.fechaExpedicion,
          FechaHoraHusoGenRegistro: r.generatedAt,
        };
  return { kind: r.kind as VerifactuRecordExport['kind'], fields, previousFingerprint: r.previousFingerprint, fingerprint: r.fingerprint, invoiceId: r.invoiceId };
}

/**
 * Every record in chain order (issuer, then sequence), so anyone can recompute the chain
 * (`GET /api/admin/verifactu/records`, `npm run verifactu:verify`). Regalo has one issuer,
 * the operator; were the tax id ever changed, each issuer's chain follows the other's.
 */
export async function listVerifactuRecords(db: Executor): Promise<VerifactuRecordExport[]> {
  const rows = await db.select().from(verifactuRecords).orderBy(asc(verifactuRecords.issuerTaxId), asc(verifactuRecords.sequence));
  return rows.map(toRecordExport);
}
