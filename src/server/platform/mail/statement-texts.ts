import type { Locale } from '@shared/locale';
import { de } from './layout-texts';

type Amounts = { opening: string; paidShare: string; transferred: string; closing: string };

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
    amounts: ({ opening, paidShare, transferred, closing }) =>
      `Opening balance: ${opening}. Your share of gifts paid: ${paidShare}. Transferred to your payout account: ${transferred}. Closing balance (what Regalo holds for you): ${closing}.`,
    details: 'Your dashboard has every order and transfer, the CSV for your accountant and a printable version.',
    action: 'See the statement',
  },
  es: {
    subject: ({ month, businessName }) => `Tu extracto de Regalo de ${month}: ${businessName}`,
    preheader: ({ closing }) => `Saldo final: ${closing}.`,
    heading: ({ month }) => `Extracto de ${month}`,
    intro: ({ month, businessName }) => `Este es el resumen de ${month} de ${businessName} en Regalo.`,
    amounts: ({ opening, paidShare, transferred, closing }) =>
      `Saldo inicial: ${opening}. Tu parte de los regalos pagados: ${paidShare}. Transferido a tu cuenta de cobros: ${transferred}. Saldo final (lo que Regalo guarda para ti): ${closing}.`,
    details: 'En tu panel tienes el detalle de cada pedido y transferencia, el CSV para tu gestoría y una versión para imprimir.',
    action: 'Ver el extracto',
  },
  va: {
    subject: ({ month, businessName }) => `El teu extracte de Regalo ${de(month)}: ${businessName}`,
    preheader: ({ closing }) => `Saldo final: ${closing}.`,
    heading: ({ month }) => `Extracte ${de(month)}`,
    intro: ({ month, businessName }) => `Este és el resum ${de(month)} ${de(businessName)} a Regalo.`,
    amounts: ({ opening, paidShare, transferred, closing }) =>
      `Saldo inicial: ${opening}. La teua part dels regals pagats: ${paidShare}. Transferit al teu compte de cobraments: ${transferred}. Saldo final (el que Regalo guarda per a tu): ${closing}.`,
    details: 'En el teu tauler tens el detall de cada comanda i transferència, el CSV per a la teua gestoria i una versió per a imprimir.',
    action: 'Veure l’extracte',
  },
};
