import QRCode from 'qrcode';

/**
 * The invoice's tax QR code as both documents draw it (ADR 063): ISO/IEC 18004 with error
 * correction level M, a quiet zone of 4 modules on every side, and the symbol printed
 * 32 mm wide, so that with its quiet zone it stays within the AEAT's 30–40 mm for any
 * check URL (version 5 and up: at most 38.9 mm).
 */
export const QR_QUIET_ZONE_MODULES = 4;
export const QR_SYMBOL_MM = 32;

export interface InvoiceQr {
  /** What the code encodes: the AEAT check URL. */
  text: string;
  /** Modules per side of the symbol, without the quiet zone. */
  size: number;
  /** Side of one module on paper, in millimetres. */
  moduleMm: number;
  /** Side of the symbol with its quiet zone, in millimetres. */
  totalMm: number;
  /** The dark modules as horizontal runs (row, first column, length): fewer shapes to draw. */
  runs: Array<{ row: number; col: number; length: number }>;
}

export function invoiceQr(text: string): InvoiceQr {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const runs: InvoiceQr['runs'] = [];
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col)) col += 1;
      runs.push({ row, col: start, length: col - start });
    }
  }
  const moduleMm = QR_SYMBOL_MM / size;
  return { text, size, moduleMm, totalMm: moduleMm * (size + 2 * QR_QUIET_ZONE_MODULES), runs };
}
