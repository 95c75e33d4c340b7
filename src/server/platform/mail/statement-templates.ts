import { renderMail, type MailLocale, type RenderedMail } from './layout';

/** The monthly statement email (issue 24), registered in templates.ts. Amounts arrive formatted (`21,97 €`). */
export interface StatementMailTemplates {
  /** To the owner, on the first day of the next month: `month` is the month's name in their language. */
  'monthly-statement': {
    name: string;
    businessName: string;
    month: string;
    opening: string;
    paidShare: string;
    transferred: string;
    closing: string;
    statementUrl: string;
  };
}

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;

export const statementTemplates: { [K in keyof StatementMailTemplates]: Renderer<StatementMailTemplates[K]> } = {
  'monthly-statement': ({ name, businessName, month, opening, paidShare, transferred, closing, statementUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `Tu extracto de Regalo de ${month}: ${businessName}`,
          preheader: `Saldo final: ${closing}.`,
          heading: `Extracto de ${month}`,
          paragraphs: [
            `Hola, ${name}:`,
            `Este es el resumen de ${month} de ${businessName} en Regalo.`,
            `Saldo inicial: ${opening}. Tu parte de los regalos pagados: ${paidShare}. Transferido a tu cuenta de cobros: ${transferred}. Saldo final (lo que Regalo guarda para ti): ${closing}.`,
            'En tu panel tienes el detalle de cada pedido y transferencia, el CSV para tu gestoría y una versión para imprimir.',
          ],
          action: { label: 'Ver el extracto', url: statementUrl },
        })
      : renderMail({
          locale,
          subject: `Your Regalo statement for ${month}: ${businessName}`,
          preheader: `Closing balance: ${closing}.`,
          heading: `Statement for ${month}`,
          paragraphs: [
            `Hi ${name},`,
            `Here is ${businessName}'s summary for ${month} on Regalo.`,
            `Opening balance: ${opening}. Your share of gifts paid: ${paidShare}. Transferred to your payout account: ${transferred}. Closing balance (what Regalo holds for you): ${closing}.`,
            'Your dashboard has every order and transfer, the CSV for your accountant and a printable version.',
          ],
          action: { label: 'See the statement', url: statementUrl },
        }),
};
