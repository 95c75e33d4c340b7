import type { Locale } from '@shared/locale';

/** The words of the gift card's mails (card-templates.ts, ADR 104). */
export interface CardMailTexts {
  used: {
    subject: (v: { amount: string; businessName: string }) => string;
    preheader: (v: { balance: string }) => string;
    heading: string;
    body: (v: { amount: string; businessName: string }) => string;
    balance: (v: { balance: string }) => string;
    spent: string;
    action: string;
  };
}

export const cardTexts: Record<Locale, CardMailTexts> = {
  en: {
    used: {
      subject: ({ amount, businessName }) => `You spent ${amount} of your gift card at ${businessName}`,
      preheader: ({ balance }) => `Balance left: ${balance}.`,
      heading: 'Your gift card was used',
      body: ({ amount, businessName }) => `${amount} of your gift card was spent at ${businessName} just now.`,
      balance: ({ balance }) => `Balance left: ${balance}. You can spend it on your next visit.`,
      spent: 'Your gift card is now fully spent. We hope you enjoyed it.',
      action: 'See my gift card',
    },
  },
  es: {
    used: {
      subject: ({ amount, businessName }) => `Has gastado ${amount} de tu tarjeta regalo en ${businessName}`,
      preheader: ({ balance }) => `Saldo restante: ${balance}.`,
      heading: 'Has usado tu tarjeta regalo',
      body: ({ amount, businessName }) => `Se acaban de gastar ${amount} de tu tarjeta regalo en ${businessName}.`,
      balance: ({ balance }) => `Saldo restante: ${balance}. Puedes gastarlo en tu próxima visita.`,
      spent: 'Ya has gastado todo el saldo de tu tarjeta regalo. Esperamos que la hayas disfrutado.',
      action: 'Ver mi tarjeta regalo',
    },
  },
  va: {
    used: {
      subject: ({ amount, businessName }) => `Has gastat ${amount} de la teua targeta regal en ${businessName}`,
      preheader: ({ balance }) => `Saldo restant: ${balance}.`,
      heading: 'Has utilitzat la teua targeta regal',
      body: ({ amount, businessName }) => `Se n'acaben de gastar ${amount} de la teua targeta regal en ${businessName}.`,
      balance: ({ balance }) => `Saldo restant: ${balance}. Pots gastar-lo en la pròxima visita.`,
      spent: "Ja has gastat tot el saldo de la teua targeta regal. Esperem que l'hages gaudida.",
      action: 'Veure la meua targeta regal',
    },
  },
};
