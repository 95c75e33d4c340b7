import type { OwnerOrderEventKind } from '@shared/domain/owner-notices';
import { renderMail, type MailLocale, type RenderedMail } from './layout';

/** One order event as the owner's mails list it; amounts and times arrive formatted. */
export interface OwnerOrderEventLine {
  kind: OwnerOrderEventKind;
  giftName: string;
  /** The gift's price, formatted (`25,00 €`). */
  price: string;
  /** When it happened, formatted in the owner's language (`27 nov 2026, 10:15`, or `10:15` in a summary). */
  at: string;
}

/** Mails to a business owner about their business and its orders (ADR 065), registered in templates.ts. */
export interface OwnerMailTemplates {
  /** The team proposed a commission different from the one the owner accepted; rates formatted (`12,5 %`). */
  'commission-proposed': { name: string; businessName: string; current: string; proposed: string; dashboardUrl: string };
  /** A gift of theirs sold, cancelled by the team, or withdrawn by its giver. */
  'owner-order-event': { name: string; businessName: string; event: OwnerOrderEventLine; dashboardUrl: string };
  /** The day's events in one mail, for an owner who chose a daily summary; `day` formatted (`27 nov 2026`). */
  'owner-daily-summary': { name: string; businessName: string; day: string; events: OwnerOrderEventLine[]; dashboardUrl: string };
  /** The team switched the business off; `reason` is the team's, null when none was given. */
  'business-deactivated': { name: string; businessName: string; reason: string | null; supportEmail: string; dashboardUrl: string };
  /** A change to who the business is sent it back to review; `changes` names what changed, in the owner's language. */
  'business-review-reopened': { name: string; businessName: string; changes: string; dashboardUrl: string };
}

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;
const greeting = (locale: MailLocale, name: string) => (locale === 'es' ? `Hola, ${name}:` : `Hi ${name},`);

/** One event as a sentence, for the single mail and the summary alike. */
export function describeOwnerOrderEvent(event: OwnerOrderEventLine, locale: MailLocale): string {
  const { giftName, price, at } = event;
  if (locale === 'es') {
    switch (event.kind) {
      case 'sold':
        return `${at} · Vendido: «${giftName}» (${price}).`;
      case 'cancelled':
        return `${at} · Cancelado por el equipo de Regalo: «${giftName}» (${price}). Se ha devuelto el importe a quien lo compró y no se te pagará.`;
      case 'withdrawn':
        return `${at} · Desistimiento: quien compró «${giftName}» (${price}) ha desistido dentro del plazo de 14 días; se le ha devuelto el importe y no se te pagará.`;
    }
  }
  switch (event.kind) {
    case 'sold':
      return `${at} · Sold: "${giftName}" (${price}).`;
    case 'cancelled':
      return `${at} · Cancelled by the Regalo team: "${giftName}" (${price}). The buyer was refunded and it will not be paid to you.`;
    case 'withdrawn':
      return `${at} · Withdrawn: the buyer of "${giftName}" (${price}) withdrew within the 14-day period; they were refunded and it will not be paid to you.`;
  }
}

const eventSubject = (event: OwnerOrderEventLine, businessName: string, locale: MailLocale) => {
  const es = { sold: `Has vendido «${event.giftName}»`, cancelled: `Pedido cancelado: «${event.giftName}»`, withdrawn: `Desistimiento: «${event.giftName}»` };
  const en = { sold: `You sold "${event.giftName}"`, cancelled: `Order cancelled: "${event.giftName}"`, withdrawn: `Withdrawal: "${event.giftName}"` };
  return `${(locale === 'es' ? es : en)[event.kind]} · ${businessName}`;
};

// Valencian comes with the mails' Valencian texts (issue 31, converted with the mails); until then only a type.
const settingHint = {
  es: 'Puedes recibir un único resumen diario en lugar de un correo por pedido: actívalo en la pestaña «Perfil» de tu panel.',
  en: 'You can get one daily summary instead of a mail per order: turn it on in the "Profile" tab of your dashboard.',
} as Record<MailLocale, string>;

export const ownerTemplates: { [K in keyof OwnerMailTemplates]: Renderer<OwnerMailTemplates[K]> } = {
  'commission-proposed': ({ name, businessName, current, proposed, dashboardUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `Propuesta de nueva comisión para ${businessName}`,
          preheader: `Regalo te propone una comisión del ${proposed}. Solo se aplica si la aceptas.`,
          heading: 'Nueva comisión propuesta',
          paragraphs: [
            greeting(locale, name),
            `El equipo de Regalo propone cambiar la comisión de ${businessName} del ${current} que aceptaste al ${proposed} de cada venta.`,
            `No se aplica hasta que la aceptes desde tu panel, donde puedes leer el acuerdo de socio. Mientras tanto, tus ventas siguen con el ${current}.`,
          ],
          action: { label: 'Revisar la propuesta', url: dashboardUrl },
        })
      : renderMail({
          locale,
          subject: `A new commission is proposed for ${businessName}`,
          preheader: `Regalo proposes a commission of ${proposed}. It applies only if you accept it.`,
          heading: 'New commission proposed',
          paragraphs: [
            greeting(locale, name),
            `The Regalo team proposes to change the commission of ${businessName} from the ${current} you accepted to ${proposed} of each sale.`,
            `It does not apply until you accept it on your dashboard, where you can read the partner agreement. Until then your sales keep ${current}.`,
          ],
          action: { label: 'Review the proposal', url: dashboardUrl },
        }),
  'owner-order-event': ({ name, businessName, event, dashboardUrl }, locale) =>
    renderMail({
      locale,
      subject: eventSubject(event, businessName, locale),
      preheader: describeOwnerOrderEvent(event, locale),
      heading: locale === 'es' ? { sold: '¡Nueva venta!', cancelled: 'Pedido cancelado', withdrawn: 'Desistimiento de una compra' }[event.kind] : { sold: 'A new sale!', cancelled: 'Order cancelled', withdrawn: 'A purchase was withdrawn' }[event.kind],
      paragraphs: [greeting(locale, name), describeOwnerOrderEvent(event, locale), settingHint[locale]],
      action: { label: locale === 'es' ? 'Ver mis pedidos' : 'See my orders', url: dashboardUrl },
    }),
  'owner-daily-summary': ({ name, businessName, day, events, dashboardUrl }, locale) =>
    renderMail({
      locale,
      subject: locale === 'es' ? `Resumen del ${day} · ${businessName}` : `Summary for ${day} · ${businessName}`,
      preheader:
        locale === 'es'
          ? `${events.filter((e) => e.kind === 'sold').length} ventas, ${events.filter((e) => e.kind !== 'sold').length} cancelaciones o desistimientos.`
          : `${events.filter((e) => e.kind === 'sold').length} sales, ${events.filter((e) => e.kind !== 'sold').length} cancellations or withdrawals.`,
      heading: locale === 'es' ? `Tu día en Regalo: ${day}` : `Your day on Regalo: ${day}`,
      paragraphs: [
        greeting(locale, name),
        locale === 'es' ? `Esto es lo que pasó el ${day} con los regalos de ${businessName} (hora de Madrid):` : `This is what happened on ${day} with ${businessName}'s gifts (Madrid time):`,
        ...events.map((event) => describeOwnerOrderEvent(event, locale)),
        locale === 'es'
          ? 'Recibes este resumen porque lo elegiste en tu panel en lugar de un correo por pedido.'
          : 'You get this summary because you chose it on your dashboard instead of a mail per order.',
      ],
      action: { label: locale === 'es' ? 'Ver mis pedidos' : 'See my orders', url: dashboardUrl },
    }),
  'business-deactivated': ({ name, businessName, reason, supportEmail, dashboardUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `${businessName} se ha desactivado en Regalo`,
          preheader: 'Tu negocio ya no aparece en el catálogo ni recibe pedidos nuevos.',
          heading: 'Tu negocio se ha desactivado',
          paragraphs: [
            greeting(locale, name),
            `El equipo de Regalo ha desactivado ${businessName}: ya no aparece en el catálogo y no recibe pedidos nuevos. Los regalos ya pagados siguen siendo válidos: puedes canjearlos como siempre.`,
            ...(reason ? [`Motivo: ${reason}`] : []),
            `Si tienes preguntas o quieres volver a activarlo, escribe a ${supportEmail}.`,
          ],
          action: { label: 'Abrir mi panel', url: dashboardUrl },
        })
      : renderMail({
          locale,
          subject: `${businessName} was deactivated on Regalo`,
          preheader: 'Your business is no longer listed and takes no new orders.',
          heading: 'Your business was deactivated',
          paragraphs: [
            greeting(locale, name),
            `The Regalo team deactivated ${businessName}: it is no longer listed in the catalogue and takes no new orders. Gifts already paid for stay valid: you can redeem them as usual.`,
            ...(reason ? [`Reason: ${reason}`] : []),
            `If you have questions or want it switched on again, write to ${supportEmail}.`,
          ],
          action: { label: 'Open my dashboard', url: dashboardUrl },
        }),
  'business-review-reopened': ({ name, businessName, changes, dashboardUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `${businessName} vuelve a revisión`,
          preheader: 'Tus regalos no aparecen en el catálogo hasta que revisemos el cambio.',
          heading: 'Tu negocio vuelve a revisión',
          paragraphs: [
            greeting(locale, name),
            `Has cambiado ${changes} de ${businessName}. Como cambia quién es el negocio, el equipo de Regalo tiene que revisarlo de nuevo: hasta entonces tus regalos no aparecen en el catálogo. Los regalos ya pagados siguen siendo válidos y puedes canjearlos.`,
            'Te escribiremos en cuanto terminemos la revisión, normalmente en uno o dos días laborables.',
          ],
          action: { label: 'Ver el estado', url: dashboardUrl },
        })
      : renderMail({
          locale,
          subject: `${businessName} is back under review`,
          preheader: 'Your gifts are not listed until we review the change.',
          heading: 'Your business is back under review',
          paragraphs: [
            greeting(locale, name),
            `You changed ${changes} of ${businessName}. As it changes who the business is, the Regalo team must review it again: until then your gifts are not listed in the catalogue. Gifts already paid for stay valid and you can redeem them.`,
            'We will write to you as soon as the review is done, usually within one or two working days.',
          ],
          action: { label: 'See the status', url: dashboardUrl },
        }),
};
