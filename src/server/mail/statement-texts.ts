import type { Locale } from '@shared/locale';
import { de } from './layout-texts';

type Amounts = { opening: string; paidShare: string; refundedShare: string; transferred: string; reversed: string; invoiceVat: string; closing: string };

/** The words of the monthly statement mail (statement-templates.ts); amounts arrive formatted. */
export interface StatementMailTexts {
  subject: (v: { month: string; businessName: string }) => string;
  preheader: (v: { closing: string }) => string;
  heading: (v: { month: string }) => string;
  intro: (v: { month: string; businessName: string }) => string;
  amounts: (v: Amounts) => string;
  details: string;
  action: string;
}

export const statementTexts: Record<Locale, StatementMailTexts> = {
  en: {
    subject: ({ month, businessName }) => `Your Regalo statement for ${month}: ${businessName}`,
    preheader: ({ closing }) => `Closing balance: ${closing}.`,
    heading: ({ month }) => `Statement for ${month}`,
    intro: ({ month, businessName }) => `Here is ${businessName}'s summary for ${month} on Regalo.`,
    // One line per movement, signed, so opening + the lines = closing as read.
    amounts: (a) =>
      [
        `Opening balance: ${a.opening}`,
        `Your share of gifts paid: ${a.paidShare}`,
        `Your share of refunds to givers: ${a.refundedShare}`,
        `Transferred to your payout account: ${a.transferred}`,
        `Transfers reversed (back with Regalo): ${a.reversed}`,
        `VAT adjustments of Regalo’s invoices (VAT on each invoice’s total less the VAT withheld per order): ${a.invoiceVat}`,
        `Closing balance (what Regalo holds for you): ${a.closing}`,
      ].join('\n'),
    details: 'Your dashboard has every order and transfer, the CSV for your accountant and a printable version.',
    action: 'See the statement',
  },
  es: {
    subject: ({ month, businessName }) => `Tu extracto de Regalo de ${month}: ${businessName}`,
    preheader: ({ closing }) => `Saldo final: ${closing}.`,
    heading: ({ month }) => `Extracto de ${month}`,
    intro: ({ month, businessName }) => `Este es el resumen de ${month} de ${businessName} en Regalo.`,
    amounts: (a) =>
      [
        `Saldo inicial: ${a.opening}`,
        `Tu parte de los regalos pagados: ${a.paidShare}`,
        `Tu parte de los reembolsos a compradores: ${a.refundedShare}`,
        `Transferido a tu cuenta de cobros: ${a.transferred}`,
        `Transferencias revertidas (vuelven a Regalo): ${a.reversed}`,
        `Ajustes de IVA de las facturas de Regalo (el IVA del total de cada factura menos el retenido pedido a pedido): ${a.invoiceVat}`,
        `Saldo final (lo que Regalo guarda para ti): ${a.closing}`,
      ].join('\n'),
    details: 'En tu panel tienes el detalle de cada pedido y transferencia, el CSV para tu gestoría y una versión para imprimir.',
    action: 'Ver el extracto',
  },
  va: {
    subject: ({ month, businessName }) => `El teu extracte de Regalo ${de(month)}: ${businessName}`,
    preheader: ({ closing }) => `Saldo final: ${closing}.`,
    heading: ({ month }) => `Extracte ${de(month)}`,
    intro: ({ month, businessName }) => `Este és el resum ${de(month)} ${de(businessName)} a Regalo.`,
    amounts: (a) =>
      [
        `Saldo inicial: ${a.opening}`,
        `La teua part dels regals pagats: ${a.paidShare}`,
        `La teua part dels reemborsaments als compradors: ${a.refundedShare}`,
        `Transferit al teu compte de cobraments: ${a.transferred}`,
        `Transferències revertides (tornen a Regalo): ${a.reversed}`,
        `Ajustos d’IVA de les factures de Regalo (l’IVA del total de cada factura menys el retingut comanda a comanda): ${a.invoiceVat}`,
        `Saldo final (el que Regalo guarda per a tu): ${a.closing}`,
      ].join('\n'),
    details: 'En el teu tauler tens el detall de cada comanda i transferència, el CSV per a la teua gestoria i una versió per a imprimir.',
    action: 'Veure l’extracte',
  },
};
