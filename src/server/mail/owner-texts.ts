import type { OwnerOrderEventKind } from '@shared/domain/owner-notices';
import type { Locale } from '@shared/locale';
import { de, del, el } from './layout-texts';

/** `when` (the booked time, formatted) and `partySize` are given for a booking's events only. */
type EventValues = { giftName: string; price: string; at: string; when?: string; partySize?: string };

/** The words of the mails to a business owner (owner-templates.ts); values arrive formatted. */
export interface OwnerMailTexts {
  seeMyOrders: string;
  /** A booking's notice links to the Bookings tab instead. */
  seeBookings: string;
  commissionProposed: {
    subject: (v: { businessName: string }) => string;
    preheader: (v: { proposed: string }) => string;
    heading: string;
    proposal: (v: { businessName: string; current: string; proposed: string }) => string;
    untilAccepted: (v: { current: string }) => string;
    action: string;
  };
  /** One event as a sentence, for the single mail and the summary alike. */
  event: Record<OwnerOrderEventKind, (v: EventValues) => string>;
  eventSubject: Record<OwnerOrderEventKind, (v: { giftName: string; businessName: string }) => string>;
  eventHeading: Record<OwnerOrderEventKind, string>;
  settingHint: string;
  dailySummary: {
    subject: (v: { day: string; businessName: string }) => string;
    preheader: (v: { sales: string; others: string }) => string;
    heading: (v: { day: string }) => string;
    intro: (v: { day: string; businessName: string }) => string;
    why: string;
    /** How many booking changes the day had, after the preheader's sales. */
    bookings: (v: { count: string }) => string;
  };
  businessDeactivated: {
    subject: (v: { businessName: string }) => string;
    preheader: string;
    heading: string;
    body: (v: { businessName: string }) => string;
    reason: (v: { reason: string }) => string;
    questions: (v: { supportEmail: string }) => string;
    action: string;
  };
  reviewReopened: {
    subject: (v: { businessName: string }) => string;
    preheader: string;
    heading: string;
    body: (v: { changes: string; businessName: string }) => string;
    next: string;
    action: string;
    /** What changed, as `describeChanges` (domain/owner-notices) lists it. */
    changeNames: Record<'name' | 'businessType' | 'taxId' | 'businessRegistrationNumber' | 'documents', string>;
  };
}

export const ownerTexts: Record<Locale, OwnerMailTexts> = {
  en: {
    seeMyOrders: 'See my orders',
    seeBookings: 'See my bookings',
    commissionProposed: {
      subject: ({ businessName }) => `A new commission is proposed for ${businessName}`,
      preheader: ({ proposed }) => `Regalo proposes a commission of ${proposed}. It applies only if you accept it.`,
      heading: 'New commission proposed',
      proposal: ({ businessName, current, proposed }) =>
        `The Regalo team proposes to change the commission of ${businessName} from the ${current} you accepted to ${proposed} of each sale.`,
      untilAccepted: ({ current }) =>
        `It does not apply until you accept it on your dashboard, where you can read the partner agreement. Until then your sales keep ${current}.`,
      action: 'Review the proposal',
    },
    event: {
      sold: ({ at, giftName, price }) => `${at} · Sold: "${giftName}" (${price}).`,
      cancelled: ({ at, giftName, price }) =>
        `${at} · Cancelled by the Regalo team: "${giftName}" (${price}). The buyer was refunded and it will not be paid to you.`,
      withdrawn: ({ at, giftName, price }) =>
        `${at} · Withdrawn: the buyer of "${giftName}" (${price}) withdrew within the 14-day period; they were refunded and it will not be paid to you.`,
      booked: ({ at, giftName, when, partySize }) => `${at} · Booked: "${giftName}" for ${when}, ${partySize}.`,
      booking_moved: ({ at, giftName, when, partySize }) => `${at} · Booking moved: "${giftName}" is now for ${when}, ${partySize}.`,
      booking_cancelled: ({ at, giftName, when, partySize }) =>
        `${at} · Booking cancelled by the recipient: "${giftName}" for ${when}, ${partySize}; the places are free again.`,
    },
    eventSubject: {
      sold: ({ giftName, businessName }) => `You sold "${giftName}" · ${businessName}`,
      cancelled: ({ giftName, businessName }) => `Order cancelled: "${giftName}" · ${businessName}`,
      withdrawn: ({ giftName, businessName }) => `Withdrawal: "${giftName}" · ${businessName}`,
      booked: ({ giftName, businessName }) => `New booking: "${giftName}" · ${businessName}`,
      booking_moved: ({ giftName, businessName }) => `Booking moved: "${giftName}" · ${businessName}`,
      booking_cancelled: ({ giftName, businessName }) => `Booking cancelled: "${giftName}" · ${businessName}`,
    },
    eventHeading: {
      sold: 'A new sale!',
      cancelled: 'Order cancelled',
      withdrawn: 'A purchase was withdrawn',
      booked: 'A new booking',
      booking_moved: 'A booking was moved',
      booking_cancelled: 'A booking was cancelled',
    },
    settingHint: 'You can get one daily summary instead of a mail per order: turn it on in the "Profile" tab of your dashboard.',
    dailySummary: {
      subject: ({ day, businessName }) => `Summary for ${day} · ${businessName}`,
      preheader: ({ sales, others }) => `Sales: ${sales}. Cancellations or withdrawals: ${others}.`,
      heading: ({ day }) => `Your day on Regalo: ${day}`,
      intro: ({ day, businessName }) => `This is what happened on ${day} with ${businessName}'s gifts (Madrid time):`,
      why: 'You get this summary because you chose it on your dashboard instead of a mail per order.',
      bookings: ({ count }) => `Booking changes: ${count}.`,
    },
    businessDeactivated: {
      subject: ({ businessName }) => `${businessName} was deactivated on Regalo`,
      preheader: 'Your business is no longer listed and takes no new orders.',
      heading: 'Your business was deactivated',
      body: ({ businessName }) =>
        `The Regalo team deactivated ${businessName}: it is no longer listed in the catalogue and takes no new orders. Gifts already paid for stay valid: you can redeem them as usual.`,
      reason: ({ reason }) => `Reason: ${reason}`,
      questions: ({ supportEmail }) => `If you have questions or want it switched on again, write to ${supportEmail}.`,
      action: 'Open my dashboard',
    },
    reviewReopened: {
      subject: ({ businessName }) => `${businessName} is back under review`,
      preheader: 'Your gifts are not listed until we review the change.',
      heading: 'Your business is back under review',
      body: ({ changes, businessName }) =>
        `You changed ${changes} of ${businessName}. As it changes who the business is, the Regalo team must review it again: until then your gifts are not listed in the catalogue. Gifts already paid for stay valid and you can redeem them.`,
      next: 'We will write to you as soon as the review is done, usually within one or two working days.',
      action: 'See the status',
      changeNames: {
        name: 'the name',
        businessType: 'the type of business',
        taxId: 'the tax id (NIF/CIF)',
        businessRegistrationNumber: 'the registration number',
        documents: 'a verification document',
      },
    },
  },
  es: {
    seeMyOrders: 'Ver mis pedidos',
    seeBookings: 'Ver mis reservas',
    commissionProposed: {
      subject: ({ businessName }) => `Propuesta de nueva comisión para ${businessName}`,
      preheader: ({ proposed }) => `Regalo te propone una comisión del ${proposed}. Solo se aplica si la aceptas.`,
      heading: 'Nueva comisión propuesta',
      proposal: ({ businessName, current, proposed }) =>
        `El equipo de Regalo propone cambiar la comisión de ${businessName} del ${current} que aceptaste al ${proposed} de cada venta.`,
      untilAccepted: ({ current }) =>
        `No se aplica hasta que la aceptes desde tu panel, donde puedes leer el acuerdo para comercios. Mientras tanto, tus ventas siguen con el ${current}.`,
      action: 'Revisar la propuesta',
    },
    event: {
      sold: ({ at, giftName, price }) => `${at} · Vendido: «${giftName}» (${price}).`,
      cancelled: ({ at, giftName, price }) =>
        `${at} · Cancelado por el equipo de Regalo: «${giftName}» (${price}). Se ha devuelto el importe a quien lo compró y no se te pagará.`,
      withdrawn: ({ at, giftName, price }) =>
        `${at} · Desistimiento: quien compró «${giftName}» (${price}) ha desistido dentro del plazo de 14 días; se le ha devuelto el importe y no se te pagará.`,
      booked: ({ at, giftName, when, partySize }) => `${at} · Reserva: «${giftName}» para el ${when}, ${partySize}.`,
      booking_moved: ({ at, giftName, when, partySize }) => `${at} · Reserva cambiada: «${giftName}» pasa al ${when}, ${partySize}.`,
      booking_cancelled: ({ at, giftName, when, partySize }) =>
        `${at} · Reserva cancelada por quien recibió el regalo: «${giftName}» del ${when}, ${partySize}; las plazas vuelven a estar libres.`,
    },
    eventSubject: {
      sold: ({ giftName, businessName }) => `Has vendido «${giftName}» · ${businessName}`,
      cancelled: ({ giftName, businessName }) => `Pedido cancelado: «${giftName}» · ${businessName}`,
      withdrawn: ({ giftName, businessName }) => `Desistimiento: «${giftName}» · ${businessName}`,
      booked: ({ giftName, businessName }) => `Nueva reserva: «${giftName}» · ${businessName}`,
      booking_moved: ({ giftName, businessName }) => `Reserva cambiada: «${giftName}» · ${businessName}`,
      booking_cancelled: ({ giftName, businessName }) => `Reserva cancelada: «${giftName}» · ${businessName}`,
    },
    eventHeading: {
      sold: '¡Nueva venta!',
      cancelled: 'Pedido cancelado',
      withdrawn: 'Desistimiento de una compra',
      booked: 'Una nueva reserva',
      booking_moved: 'Una reserva ha cambiado de hora',
      booking_cancelled: 'Una reserva se ha cancelado',
    },
    settingHint: 'Puedes recibir un único resumen diario en lugar de un correo por pedido: actívalo en la pestaña «Perfil» de tu panel.',
    dailySummary: {
      subject: ({ day, businessName }) => `Resumen del ${day} · ${businessName}`,
      preheader: ({ sales, others }) => `Ventas: ${sales}. Cancelaciones o desistimientos: ${others}.`,
      heading: ({ day }) => `Tu día en Regalo: ${day}`,
      intro: ({ day, businessName }) => `Esto es lo que pasó el ${day} con los regalos de ${businessName} (hora de Madrid):`,
      why: 'Recibes este resumen porque lo elegiste en tu panel en lugar de un correo por pedido.',
      bookings: ({ count }) => `Cambios de reservas: ${count}.`,
    },
    businessDeactivated: {
      subject: ({ businessName }) => `${businessName} se ha desactivado en Regalo`,
      preheader: 'Tu negocio ya no aparece en el catálogo ni recibe pedidos nuevos.',
      heading: 'Tu negocio se ha desactivado',
      body: ({ businessName }) =>
        `El equipo de Regalo ha desactivado ${businessName}: ya no aparece en el catálogo y no recibe pedidos nuevos. Los regalos ya pagados siguen siendo válidos: puedes canjearlos como siempre.`,
      reason: ({ reason }) => `Motivo: ${reason}`,
      questions: ({ supportEmail }) => `Si tienes preguntas o quieres volver a activarlo, escribe a ${supportEmail}.`,
      action: 'Abrir mi panel',
    },
    reviewReopened: {
      subject: ({ businessName }) => `${businessName} vuelve a revisión`,
      preheader: 'Tus regalos no aparecen en el catálogo hasta que revisemos el cambio.',
      heading: 'Tu negocio vuelve a revisión',
      body: ({ changes, businessName }) =>
        `Has cambiado ${changes} de ${businessName}. Como cambia quién es el negocio, el equipo de Regalo tiene que revisarlo de nuevo: hasta entonces tus regalos no aparecen en el catálogo. Los regalos ya pagados siguen siendo válidos y puedes canjearlos.`,
      next: 'Te escribiremos en cuanto terminemos la revisión, normalmente en uno o dos días laborables.',
      action: 'Ver el estado',
      changeNames: {
        name: 'el nombre',
        businessType: 'el tipo de negocio',
        taxId: 'el NIF/CIF',
        businessRegistrationNumber: 'el número de registro',
        documents: 'un documento de verificación',
      },
    },
  },
  va: {
    seeMyOrders: 'Veure les meues comandes',
    seeBookings: 'Veure les meues reserves',
    commissionProposed: {
      subject: ({ businessName }) => `Proposta de nova comissió per a ${businessName}`,
      preheader: ({ proposed }) => `Regalo et proposa una comissió del ${proposed}. Només s’aplica si l’acceptes.`,
      heading: 'Nova comissió proposada',
      proposal: ({ businessName, current, proposed }) =>
        `L’equip de Regalo proposa canviar la comissió ${de(businessName)} del ${current} que vas acceptar al ${proposed} de cada venda.`,
      untilAccepted: ({ current }) =>
        `No s’aplica fins que l’acceptes des del teu tauler, on pots llegir l’acord per a comerços. Mentrestant, les teues vendes continuen amb el ${current}.`,
      action: 'Revisar la proposta',
    },
    event: {
      sold: ({ at, giftName, price }) => `${at} · Venut: «${giftName}» (${price}).`,
      cancelled: ({ at, giftName, price }) =>
        `${at} · Cancel·lat per l’equip de Regalo: «${giftName}» (${price}). S’ha tornat l’import a qui el va comprar i no se’t pagarà.`,
      withdrawn: ({ at, giftName, price }) =>
        `${at} · Desistiment: qui va comprar «${giftName}» (${price}) n’ha desistit dins del termini de 14 dies; se li ha tornat l’import i no se’t pagarà.`,
      booked: ({ at, giftName, when, partySize }) => `${at} · Reservat: «${giftName}» per al ${when}, ${partySize}.`,
      booking_moved: ({ at, giftName, when, partySize }) => `${at} · Reserva canviada: «${giftName}» passa al ${when}, ${partySize}.`,
      booking_cancelled: ({ at, giftName, when, partySize }) =>
        `${at} · Reserva cancel·lada per qui va rebre el regal: «${giftName}» del ${when}, ${partySize}; les places tornen a estar lliures.`,
    },
    eventSubject: {
      sold: ({ giftName, businessName }) => `Has venut «${giftName}» · ${businessName}`,
      cancelled: ({ giftName, businessName }) => `Comanda cancel·lada: «${giftName}» · ${businessName}`,
      withdrawn: ({ giftName, businessName }) => `Desistiment: «${giftName}» · ${businessName}`,
      booked: ({ giftName, businessName }) => `Reserva nova: «${giftName}» · ${businessName}`,
      booking_moved: ({ giftName, businessName }) => `Reserva canviada: «${giftName}» · ${businessName}`,
      booking_cancelled: ({ giftName, businessName }) => `Reserva cancel·lada: «${giftName}» · ${businessName}`,
    },
    eventHeading: {
      sold: 'Una venda nova!',
      cancelled: 'Comanda cancel·lada',
      withdrawn: 'Desistiment d’una compra',
      booked: 'Una reserva nova',
      booking_moved: 'Una reserva ha canviat d’hora',
      booking_cancelled: 'Una reserva s’ha cancel·lat',
    },
    settingHint: 'Pots rebre un únic resum diari en compte d’un correu per comanda: activa’l en la pestanya «Perfil» del teu tauler.',
    dailySummary: {
      subject: ({ day, businessName }) => `Resum ${del(day)} · ${businessName}`,
      preheader: ({ sales, others }) => `Vendes: ${sales}. Cancel·lacions o desistiments: ${others}.`,
      heading: ({ day }) => `El teu dia a Regalo: ${day}`,
      intro: ({ day, businessName }) => `Açò és el que va passar ${el(day)} amb els regals ${de(businessName)} (hora de Madrid):`,
      why: 'Reps este resum perquè el vas triar en el teu tauler en compte d’un correu per comanda.',
      bookings: ({ count }) => `Canvis de reserves: ${count}.`,
    },
    businessDeactivated: {
      subject: ({ businessName }) => `${businessName} s’ha desactivat a Regalo`,
      preheader: 'El teu negoci ja no apareix en el catàleg ni rep comandes noves.',
      heading: 'El teu negoci s’ha desactivat',
      body: ({ businessName }) =>
        `L’equip de Regalo ha desactivat ${businessName}: ja no apareix en el catàleg i no rep comandes noves. Els regals que ja estan pagats continuen sent vàlids: els pots bescanviar com sempre.`,
      reason: ({ reason }) => `Motiu: ${reason}`,
      questions: ({ supportEmail }) => `Si tens preguntes o vols tornar a activar-lo, escriu a ${supportEmail}.`,
      action: 'Obrir el meu tauler',
    },
    reviewReopened: {
      subject: ({ businessName }) => `${businessName} torna a revisió`,
      preheader: 'Els teus regals no apareixen en el catàleg fins que revisem el canvi.',
      heading: 'El teu negoci torna a revisió',
      body: ({ changes, businessName }) =>
        `Has canviat ${changes} ${de(businessName)}. Com que canvia qui és el negoci, l’equip de Regalo l’ha de revisar de nou: fins llavors els teus regals no apareixen en el catàleg. Els regals que ja estan pagats continuen sent vàlids i els pots bescanviar.`,
      next: 'T’escriurem tan prompte com acabem la revisió, normalment en un o dos dies feiners.',
      action: 'Veure l’estat',
      changeNames: {
        name: 'el nom',
        businessType: 'el tipus de negoci',
        taxId: 'el NIF/CIF',
        businessRegistrationNumber: 'el número de registre',
        documents: 'un document de verificació',
      },
    },
  },
};
