import type { Locale } from '@shared/locale';
import type { PaymentMethod } from '@shared/domain/payment-method';
import { al, de, el } from './layout-texts';

/** The words of the purchase emails (order-templates.ts); values arrive formatted. */
export interface OrderMailTexts {
  giftReceived: {
    subject: (v: { senderName: string; giftName: string }) => string;
    preheader: (v: { businessName: string }) => string;
    heading: (v: { senderName: string }) => string;
    treat: (v: { senderName: string; giftName: string; place: string }) => string;
    message: (v: { message: string }) => string;
    directions: string;
    onTheMap: (v: { businessName: string }) => string;
    redeemUntil: (v: { expires: string }) => string;
    typedCode: (v: { code: string }) => string;
    cardAmount: (v: { amount: string; business: string }) => string;
    /** The wallet links' lead and labels (ADR 107), as the gift page's buttons say them. */
    walletLead: (v: { wallet: string }) => string;
    appleWallet: string;
    googleWallet: string;
    action: string;
    note: string;
  };
  orderReceipt: {
    subject: (v: { total: string }) => string;
    preheader: string;
    heading: string;
    received: string;
    line: (v: { giftName: string; businessName: string; recipientName: string; price: string; when: string }) => string;
    deliveredOn: (v: { at: string }) => string;
    sentNow: string;
    /** A gift given in person (ADR 103): its line's "when", and its line when nobody was named. */
    inPerson: string;
    lineUnnamed: (v: { giftName: string; businessName: string; price: string; when: string }) => string;
    /** Where the giver finds its page, its printable cards and "Send it now" (never its code in a mail). */
    inPersonNote: string;
    total: (v: { total: string }) => string;
    /**
     * A gift card (ADR 104): its line's amount, the total when every line or some lines are
     * cards, and why no VAT is charged on a card now (a multi-purpose voucher).
     */
    cardPrice: (v: { amount: string }) => string;
    totalCardsOnly: (v: { total: string }) => string;
    totalWithCards: (v: { total: string }) => string;
    cardVatNote: string;
    /** How the giver paid (ADR 106), after the total. */
    paidWith: Record<PaymentMethod, string>;
    withdrawRight: (v: { until: string }) => string;
    withdrawLead: string;
    withdrawLink: string;
    action: string;
    note: string;
    /** A guest's receipt (ADR 075): the button opens the purchase page instead of "My orders". */
    guestAction: string;
    guestNote: string;
  };
  purchaseLinks: {
    subject: string;
    preheader: string;
    heading: string;
    lead: string;
    purchase: (v: { date: string; total: string; gifts: string }) => string;
    open: string;
    note: string;
  };
  giftDelivered: {
    subject: (v: { recipientName: string }) => string;
    preheader: (v: { giftName: string }) => string;
    heading: string;
    sent: (v: { giftName: string; recipientName: string }) => string;
    action: string;
  };
  /** The payer's bank did not confirm a payment that confirms later (Bizum, ADR 106). */
  paymentFailed: {
    subject: string;
    preheader: string;
    heading: string;
    body: (v: { total: string }) => string;
    /** Which method was refused, when known. */
    method: Record<PaymentMethod, string>;
    nothing: string;
    action: string;
  };
}

export const orderTexts: Record<Locale, OrderMailTexts> = {
  en: {
    giftReceived: {
      subject: ({ senderName, giftName }) => `${senderName} sent you a gift: ${giftName}`,
      preheader: ({ businessName }) => `A gift from ${businessName} is waiting for you in Valencia.`,
      heading: ({ senderName }) => `${senderName} sent you a gift!`,
      treat: ({ senderName, giftName, place }) => `${senderName} is treating you to "${giftName}" at ${place}.`,
      message: ({ message }) => `Their message: "${message}"`,
      directions: 'How to get there:',
      onTheMap: ({ businessName }) => `See ${businessName} on the map`,
      redeemUntil: ({ expires }) => `You can redeem it until ${expires}. Open your gift and show the QR code at the shop.`,
      typedCode: ({ code }) => `If they cannot scan the QR, read them this code: ${code}`,
      walletLead: ({ wallet }) => `Keep it in ${wallet}:`,
      cardAmount: ({ amount, business }) => `It is a gift card of ${amount}, to spend in parts at ${business}: the gift page shows what is left after each use.`,
      appleWallet: 'Add to Apple Wallet',
      googleWallet: 'Add to Google Wallet',
      action: 'Open my gift',
      note: 'No account needed. Keep this email: the link is your gift.',
    },
    orderReceipt: {
      subject: ({ total }) => `Your Regalo purchase: ${total}`,
      preheader: 'Thank you for gifting local.',
      heading: 'Thank you for your purchase',
      received: 'We received your payment. This is what you gave:',
      line: ({ giftName, businessName, recipientName, price, when }) => `• ${giftName} (${businessName}) for ${recipientName}: ${price}, ${when}`,
      deliveredOn: ({ at }) => `delivered on ${at}`,
      sentNow: 'sent now',
      inPerson: 'for you to give in person',
      lineUnnamed: ({ giftName, businessName, price, when }) => `• ${giftName} (${businessName}): ${price}, ${when}`,
      inPersonNote:
        'Nothing is sent to the recipient of a gift you give in person. Its gift page, its card to print (A6, or an A4 sheet that folds into a card) and "Send it now", by email or WhatsApp if you change your mind, are behind the button below.',
      total: ({ total }) => `Total: ${total} (VAT included).`,
      cardPrice: ({ amount }) => `gift card of ${amount}`,
      totalCardsOnly: ({ total }) => `Total: ${total}.`,
      totalWithCards: ({ total }) => `Total: ${total} (VAT included in the gifts; none on the gift cards).`,
      cardVatNote:
        'A gift card is a multi-purpose voucher: no VAT is charged on it now, so this receipt shows none for it. The business charges the VAT when the card is used, on what it is spent on. If you withdraw after part of it was spent, we refund what is left on it.',
      paidWith: { card: 'Paid by card.', bizum: 'Paid with Bizum.' },
      withdrawRight: ({ until }) =>
        `You may withdraw from this purchase without giving any reason until ${until} (Madrid time), as long as the gift has not been redeemed. We will refund the full price.`,
      withdrawLead: 'To withdraw:',
      withdrawLink: 'Withdraw from contract here',
      action: 'See my orders',
      note: 'From "My orders" you can copy each gift link, resend it or change a scheduled delivery.',
      guestAction: 'See this purchase',
      guestNote:
        'Keep this email: its button takes you back to this purchase, where you can copy each gift link, resend it or change a scheduled delivery. To see it in "My orders" too, sign in to a Regalo account with this email address and press "Add to my account" on that page: nothing is added to an account by itself.',
    },
    purchaseLinks: {
      subject: 'Your Regalo purchases',
      preheader: 'The links to the purchases you made without an account.',
      heading: 'Your purchases',
      lead: 'You asked for the links to the purchases you made on Regalo without an account with this email address. Each link opens that purchase: its gifts, their links and what you can still change.',
      purchase: ({ date, total, gifts }) => `${date} · ${total} · ${gifts}`,
      open: 'See this purchase',
      note: 'If you did not ask for this email, you can ignore it: nobody else receives these links. To see one in "My orders" too, sign in to a Regalo account with this address and press "Add to my account" on its page.',
    },
    giftDelivered: {
      subject: ({ recipientName }) => `${recipientName} has received your gift`,
      preheader: ({ giftName }) => `We sent "${giftName}".`,
      heading: 'Your gift has arrived',
      sent: ({ giftName, recipientName }) => `We just sent "${giftName}" to ${recipientName}.`,
      action: 'See my orders',
    },
    paymentFailed: {
      subject: 'Your payment was not confirmed',
      preheader: 'Nothing was charged and no gift was sent.',
      heading: 'Your payment was not confirmed',
      body: ({ total }) => `Your bank did not confirm the payment of ${total} for your gifts on Regalo.`,
      method: { card: 'You were paying by card.', bizum: 'You were paying with Bizum.' },
      nothing: 'Nothing was charged and no gift was sent. The gifts are still in your cart if you want to try again.',
      action: 'Try again',
    },
  },
  es: {
    giftReceived: {
      subject: ({ senderName, giftName }) => `${senderName} te ha enviado un regalo: ${giftName}`,
      preheader: ({ businessName }) => `Un regalo de ${businessName} te espera en Valencia.`,
      heading: ({ senderName }) => `¡${senderName} te ha hecho un regalo!`,
      treat: ({ senderName, giftName, place }) => `${senderName} te regala «${giftName}» en ${place}.`,
      message: ({ message }) => `Su mensaje: «${message}»`,
      directions: 'Cómo llegar:',
      onTheMap: ({ businessName }) => `Ver ${businessName} en el mapa`,
      redeemUntil: ({ expires }) => `Puedes canjearlo hasta el ${expires}. Abre tu regalo y enseña el código QR en el comercio.`,
      typedCode: ({ code }) => `Si no pueden escanear el QR, díctales este código: ${code}`,
      walletLead: ({ wallet }) => `Guárdalo en ${wallet}:`,
      cardAmount: ({ amount, business }) => `Es una tarjeta regalo de ${amount} para gastar por partes en ${business}: la página del regalo muestra el saldo después de cada uso.`,
      appleWallet: 'Añadir a Apple Wallet',
      googleWallet: 'Añadir a Google Wallet',
      action: 'Abrir mi regalo',
      note: 'No necesitas una cuenta. Guarda este correo: el enlace es tu regalo.',
    },
    orderReceipt: {
      subject: ({ total }) => `Tu compra en Regalo: ${total}`,
      preheader: 'Gracias por regalar comercio local.',
      heading: 'Gracias por tu compra',
      received: 'Hemos recibido tu pago. Esto es lo que has regalado:',
      line: ({ giftName, businessName, recipientName, price, when }) => `• ${giftName} (${businessName}) para ${recipientName}: ${price}, ${when}`,
      deliveredOn: ({ at }) => `se entrega el ${at}`,
      sentNow: 'enviado ahora',
      inPerson: 'para darlo en persona',
      lineUnnamed: ({ giftName, businessName, price, when }) => `• ${giftName} (${businessName}): ${price}, ${when}`,
      inPersonNote:
        'A quien recibe un regalo que das en persona no le enviamos nada. Su página del regalo, su tarjeta para imprimir (A6, o una hoja A4 que se dobla en tarjeta) y «Enviarlo ahora», por correo o WhatsApp si cambias de idea, están tras el botón de abajo.',
      total: ({ total }) => `Total: ${total} (IVA incluido).`,
      cardPrice: ({ amount }) => `tarjeta regalo de ${amount}`,
      totalCardsOnly: ({ total }) => `Total: ${total}.`,
      totalWithCards: ({ total }) => `Total: ${total} (IVA incluido en los regalos; ninguno en las tarjetas regalo).`,
      cardVatNote:
        'Una tarjeta regalo es un bono polivalente: ahora no lleva IVA, por eso este recibo no muestra ninguno para ella. El negocio cobra el IVA cuando se usa la tarjeta, sobre lo que se compra con ella. Si desistes cuando ya se ha gastado una parte, te devolvemos lo que queda.',
      paidWith: { card: 'Pagado con tarjeta.', bizum: 'Pagado con Bizum.' },
      withdrawRight: ({ until }) =>
        `Tienes derecho a desistir de esta compra sin dar ningún motivo hasta el ${until} (hora de Madrid), mientras el regalo no se haya canjeado. Te devolveremos el precio completo.`,
      withdrawLead: 'Para desistir:',
      withdrawLink: 'Desistir del contrato aquí',
      action: 'Ver mis pedidos',
      note: 'Desde «Mis pedidos» puedes copiar el enlace de cada regalo, reenviarlo o cambiar una entrega programada.',
      guestAction: 'Ver esta compra',
      guestNote:
        'Guarda este correo: su botón te lleva de vuelta a esta compra, donde puedes copiar el enlace de cada regalo, reenviarlo o cambiar una entrega programada. Para verla también en «Mis pedidos», inicia sesión en una cuenta de Regalo con esta dirección de correo y pulsa «Añadir a mi cuenta» en esa página: nada se añade a una cuenta por sí solo.',
    },
    purchaseLinks: {
      subject: 'Tus compras en Regalo',
      preheader: 'Los enlaces a las compras que hiciste sin cuenta.',
      heading: 'Tus compras',
      lead: 'Has pedido los enlaces a las compras que hiciste en Regalo sin cuenta con esta dirección de correo. Cada enlace abre esa compra: sus regalos, sus enlaces y lo que aún puedes cambiar.',
      purchase: ({ date, total, gifts }) => `${date} · ${total} · ${gifts}`,
      open: 'Ver esta compra',
      note: 'Si no has pedido este correo, puedes ignorarlo: nadie más recibe estos enlaces. Para ver una también en «Mis pedidos», inicia sesión en una cuenta de Regalo con esta dirección y pulsa «Añadir a mi cuenta» en su página.',
    },
    giftDelivered: {
      subject: ({ recipientName }) => `${recipientName} ya ha recibido tu regalo`,
      preheader: ({ giftName }) => `Hemos enviado «${giftName}».`,
      heading: 'Tu regalo ha llegado',
      sent: ({ giftName, recipientName }) => `Acabamos de enviar «${giftName}» a ${recipientName}.`,
      action: 'Ver mis pedidos',
    },
    paymentFailed: {
      subject: 'Tu pago no se ha confirmado',
      preheader: 'No se ha cobrado nada ni se ha enviado ningún regalo.',
      heading: 'Tu pago no se ha confirmado',
      body: ({ total }) => `Tu banco no ha confirmado el pago de ${total} por tus regalos en Regalo.`,
      method: { card: 'Pagabas con tarjeta.', bizum: 'Pagabas con Bizum.' },
      nothing: 'No se ha cobrado nada ni se ha enviado ningún regalo. Los regalos siguen en tu cesta si quieres intentarlo de nuevo.',
      action: 'Intentarlo de nuevo',
    },
  },
  va: {
    giftReceived: {
      subject: ({ senderName, giftName }) => `${senderName} t’ha enviat un regal: ${giftName}`,
      preheader: ({ businessName }) => `Un regal ${de(businessName)} t’espera a València.`,
      heading: ({ senderName }) => `${senderName} t’ha fet un regal!`,
      treat: ({ senderName, giftName, place }) => `${senderName} et regala «${giftName}» a ${place}.`,
      message: ({ message }) => `El seu missatge: «${message}»`,
      directions: 'Com arribar-hi:',
      onTheMap: ({ businessName }) => `Veure ${businessName} en el mapa`,
      redeemUntil: ({ expires }) => `Pots bescanviar-lo fins ${al(expires)}. Obri el teu regal i mostra el codi QR en el comerç.`,
      typedCode: ({ code }) => `Si no poden escanejar el QR, digues-los este codi: ${code}`,
      walletLead: ({ wallet }) => `Guarda-ho en ${wallet}:`,
      cardAmount: ({ amount, business }) => `És una targeta regal de ${amount} per a gastar per parts en ${business}: la pàgina del regal mostra el saldo després de cada ús.`,
      appleWallet: 'Afegir a Apple Wallet',
      googleWallet: 'Afegir a Google Wallet',
      action: 'Obrir el meu regal',
      note: 'No necessites cap compte. Guarda este correu: l’enllaç és el teu regal.',
    },
    orderReceipt: {
      subject: ({ total }) => `La teua compra a Regalo: ${total}`,
      preheader: 'Gràcies per regalar comerç local.',
      heading: 'Gràcies per la teua compra',
      received: 'Hem rebut el teu pagament. Açò és el que has regalat:',
      line: ({ giftName, businessName, recipientName, price, when }) => `• ${giftName} (${businessName}) per a ${recipientName}: ${price}, ${when}`,
      deliveredOn: ({ at }) => `s’entrega ${el(at)}`,
      sentNow: 'enviat ara',
      inPerson: 'per a donar-lo en persona',
      lineUnnamed: ({ giftName, businessName, price, when }) => `• ${giftName} (${businessName}): ${price}, ${when}`,
      inPersonNote:
        'A qui rep un regal que dones en persona no li enviem res. La seua pàgina del regal, la seua targeta per a imprimir (A6, o un full A4 que es plega en targeta) i «Enviar-lo ara», per correu o WhatsApp si canvies d’idea, estan darrere del botó de davall.',
      total: ({ total }) => `Total: ${total} (IVA inclòs).`,
      cardPrice: ({ amount }) => `targeta regal de ${amount}`,
      totalCardsOnly: ({ total }) => `Total: ${total}.`,
      totalWithCards: ({ total }) => `Total: ${total} (IVA inclòs en els regals; cap en les targetes regal).`,
      cardVatNote:
        'Una targeta regal és un bo polivalent: ara no porta IVA, per això este rebut no en mostra cap per a ella. El negoci cobra l’IVA quan s’usa la targeta, sobre allò que es compra amb ella. Si desistixes quan ja se n’ha gastat una part, et tornem el que queda.',
      paidWith: { card: 'Pagat amb targeta.', bizum: 'Pagat amb Bizum.' },
      withdrawRight: ({ until }) =>
        `Tens dret a desistir d’esta compra sense donar cap motiu fins ${al(until)} (hora de Madrid), mentres el regal no s’haja bescanviat. Et tornarem el preu complet.`,
      withdrawLead: 'Per a desistir:',
      withdrawLink: 'Desistir del contracte ací',
      action: 'Veure les meues comandes',
      note: 'Des de «Les meues comandes» pots copiar l’enllaç de cada regal, reenviar-lo o canviar una entrega programada.',
      guestAction: 'Veure esta compra',
      guestNote:
        'Guarda este correu: el seu botó et porta de nou a esta compra, on pots copiar l’enllaç de cada regal, reenviar-lo o canviar una entrega programada. Per a veure-la també en «Les meues comandes», inicia la sessió en un compte de Regalo amb esta adreça de correu i prem «Afegir al meu compte» en eixa pàgina: res no s’afig a un compte per si sol.',
    },
    purchaseLinks: {
      subject: 'Les teues compres a Regalo',
      preheader: 'Els enllaços a les compres que vas fer sense compte.',
      heading: 'Les teues compres',
      lead: 'Has demanat els enllaços a les compres que vas fer a Regalo sense compte amb esta adreça de correu. Cada enllaç obri eixa compra: els seus regals, els seus enllaços i el que encara pots canviar.',
      purchase: ({ date, total, gifts }) => `${date} · ${total} · ${gifts}`,
      open: 'Veure esta compra',
      note: 'Si no has demanat este correu, pots ignorar-lo: ningú més rep estos enllaços. Per a veure’n una també en «Les meues comandes», inicia la sessió en un compte de Regalo amb esta adreça i prem «Afegir al meu compte» en la seua pàgina.',
    },
    giftDelivered: {
      subject: ({ recipientName }) => `${recipientName} ja ha rebut el teu regal`,
      preheader: ({ giftName }) => `Hem enviat «${giftName}».`,
      heading: 'El teu regal ha arribat',
      sent: ({ giftName, recipientName }) => `Acabem d’enviar «${giftName}» a ${recipientName}.`,
      action: 'Veure les meues comandes',
    },
    paymentFailed: {
      subject: 'El teu pagament no s’ha confirmat',
      preheader: 'No s’ha cobrat res ni s’ha enviat cap regal.',
      heading: 'El teu pagament no s’ha confirmat',
      body: ({ total }) => `El teu banc no ha confirmat el pagament de ${total} pels teus regals a Regalo.`,
      method: { card: 'Pagaves amb targeta.', bizum: 'Pagaves amb Bizum.' },
      nothing: 'No s’ha cobrat res ni s’ha enviat cap regal. Els regals continuen en la teua cistella si vols intentar-ho de nou.',
      action: 'Intentar-ho de nou',
    },
  },
};
