/**
 * One invoice as the rest of the server sees it once it has been issued: what the document
 * (HTML page, PDF, email) shows and what the VERI*FACTU sender puts in its XML. Invoices are
 * never edited, so this is a snapshot of the parties as they were on the issue date.
 *
 * Amounts are integer cents; dates are calendar dates in Europe/Madrid as `yyyy-mm-dd`.
 */
export type InvoiceType = 'F1' | 'R1';

export interface InvoiceParty {
  /** Legal name (razón social or the individual's full name). */
  name: string;
  /** Spanish NIF/CIF/NIE without the `ES` prefix, upper case. */
  taxId: string;
  /** Fiscal address on one line, e.g. "Carrer de Sueca 12, 46006 València". */
  address: string;
}

export interface InvoiceLine {
  /** What was charged, in the invoice's language (Spanish for the tax record). */
  description: string;
  /** The order the commission was earned on, when the line is per order. */
  orderId?: string;
  /** Taxable base of this line in cents (negative on a rectifying invoice's lines). */
  baseCents: number;
}

export interface InvoiceDocument {
  id: string;
  type: InvoiceType;
  /** Series per year, e.g. `R2027`. */
  series: string;
  /** Sequential, gapless number inside its series. */
  number: number;
  /** NumSerieFactura as sent to the AEAT, e.g. `R2027-000001`. */
  fullNumber: string;
  /** Issue date (FechaExpedicionFactura) as `yyyy-mm-dd`. */
  issueDate: string;
  /** The month invoiced, as `yyyy-mm`. */
  period: string;
  issuer: InvoiceParty;
  recipient: InvoiceParty;
  lines: InvoiceLine[];
  baseCents: number;
  /** VAT rate in basis points: 2100 = 21 %. */
  vatRateBasisPoints: number;
  vatCents: number;
  totalCents: number;
  /** For an R1: the invoice it corrects (by differences), or the first it replaces (by substitution). */
  corrects?: { fullNumber: string; issueDate: string };
  /**
   * For an R1 by substitution (TipoRectificativa S): the invoices it replaces whole, oldest
   * first, with what they said (ImporteRectificacion is their base and VAT summed), and why.
   */
  substitutes?: {
    invoices: Array<{ fullNumber: string; issueDate: string; baseCents: number; vatCents: number; recipient: InvoiceParty }>;
    reason: 'recipient';
  };
  /** Set on an invoice a rectifying invoice by substitution replaced. */
  substitutedBy?: { fullNumber: string; issueDate: string };
  /** Set once a cancellation record (registro de anulación) exists for this invoice. */
  cancelledAt?: string;
}
