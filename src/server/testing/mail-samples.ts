import type { MailTemplates } from '../platform/mail/templates';

const url = 'https://regalo.example/app?tab=orders&from=mail';

/**
 * One realistic data set per email template, for checks that run over every email (the Nu
 * HTML Checker in html-validity.int.test.ts). Typed against MailTemplates: a new template
 * does not compile until it has a sample here. Names carry `<` and quotes and the message a
 * line break, so escaping is exercised too.
 */
export const mailSamples: { [K in keyof MailTemplates]: MailTemplates[K] } = {
  'verify-email': { url },
  'reset-password': { url },
  'account-exists': { name: 'Ana <Ferrer>', signInUrl: 'https://regalo.example/auth' },
  'business-confirmation': { url },
  'gift-enjoyed': { name: 'Ana', giftName: 'Horchata "para dos"', businessName: 'Horchatería Daniel', recipientName: 'Carmen', url },
  'gift-received': {
    recipientName: 'Carmen',
    senderName: 'Lucía',
    giftName: 'Paella para dos',
    businessName: 'Casa Carmela',
    businessAddress: 'Carrer d’Isabel de Villena 155, 46011 Valencia',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=Casa%20Carmela',
    personalMessage: '¡Feliz cumpleaños!\nCon cariño <3',
    expiresAt: '2027-11-23T22:59:59.999Z',
    giftUrl: 'https://regalo.example/g/abc',
    typedCode: 'K7QD-M2XA',
    conditions: { bookingRequired: true, partySize: 2, validWeekdays: [1, 2, 3, 4], conditions: 'No válido en festivos' },
    booking: {
      phone: '+34963123456',
      whatsapp: '+34612345678',
      bookingUrl: 'https://reservas.casacarmela.example/mesa',
      openingHours: 'Martes a domingo 13:00–16:00\nCerrado en agosto',
    },
  },
  'order-receipt': {
    name: 'Ana',
    lines: [
      { giftName: 'Paella para dos', businessName: 'Casa Carmela', recipientName: 'Carmen', price: 4800, deliverAt: null },
      { giftName: 'Cata de tés', businessName: 'Tetería Russafa', recipientName: 'Joan', price: 3200, deliverAt: '2026-12-24T17:00:00.000Z' },
    ],
    total: 8000,
    ordersUrl: url,
  },
  'gift-delivered': { name: 'Ana', recipientName: 'Carmen', giftName: 'Paella para dos', ordersUrl: url },
  'gift-expiry-reminder': {
    recipientName: 'Carmen',
    senderName: 'Lucía',
    giftName: 'Paella para dos',
    businessName: 'Casa Carmela',
    expiryDate: '23 nov 2027',
    giftUrl: 'https://regalo.example/g/abc',
  },
  'gift-expiry-reminder-giver': {
    giverName: 'Ana',
    recipientName: 'Carmen',
    giftName: 'Paella para dos',
    businessName: 'Casa Carmela',
    expiryDate: '23 nov 2027',
    ordersUrl: url,
  },
  'business-approved': { name: 'Vicent', businessName: 'Casa Carmela', commission: '10 %', proposedCommission: '12,5 %', dashboardUrl: url },
  'business-rejected': { name: 'Vicent', businessName: 'Casa Carmela', reason: 'El CIF no coincide <con el certificado>', dashboardUrl: url },
  'gift-expiry-extended': { recipientName: 'Carmen', giftName: 'Paella para dos', businessName: 'Casa Carmela', expiresOn: '31 dic 2027', giftUrl: url },
  'order-cancelled-giver': { name: 'Ana', giftName: 'Paella para dos', businessName: 'Casa Carmela', recipientName: 'Carmen', refund: '48,00 €', ordersUrl: url },
  'order-cancelled-recipient': { recipientName: 'Carmen', giftName: 'Paella para dos', businessName: 'Casa Carmela', giftUrl: url },
  'business-registration-received': { name: 'Vicent', businessName: 'Casa Carmela', url },
  'report-received': { listing: 'Paella para dos · Casa Carmela', reportId: 'R-2026-0042', url },
  'report-decided': { listing: 'Paella para dos · Casa Carmela', reportId: 'R-2026-0042', decision: 'keep', reason: 'Cumple las normas', url },
  'listing-hidden': {
    name: 'Vicent',
    businessName: 'Casa Carmela',
    kind: 'gift',
    listing: 'Paella para dos',
    reportId: 'R-2026-0042',
    category: 'illegal_product',
    reportedOn: '20 nov 2026',
    decidedOn: '21 nov 2026',
    reason: 'Venta de alcohol sin licencia',
    facts: 'La descripción ofrece licor casero.',
    appealEmail: 'apelaciones@regalo.example',
    url,
  },
  'monthly-statement': {
    name: 'Vicent',
    businessName: 'Casa Carmela',
    month: 'noviembre de 2026',
    opening: '0,00 €',
    paidShare: '432,00 €',
    transferred: '400,00 €',
    closing: '32,00 €',
    statementUrl: url,
  },
  'invoice-issued': {
    name: 'Vicent',
    businessName: 'Casa Carmela <S.L.>',
    type: 'R1',
    invoiceNumber: 'R2027-000012',
    month: 'enero de 2027',
    total: '-2,61 €',
    correctsNumber: 'R2027-000003',
    invoiceUrl: url,
  },
  'commission-proposed': { name: 'Vicent', businessName: 'Casa Carmela', current: '10 %', proposed: '12,5 %', dashboardUrl: url },
  'owner-order-event': {
    name: 'Vicent',
    businessName: 'Casa Carmela',
    event: { kind: 'sold', giftName: 'Paella "para dos"', price: '48,00 €', at: '27 nov 2026, 10:15' },
    dashboardUrl: url,
  },
  'owner-daily-summary': {
    name: 'Vicent',
    businessName: 'Casa Carmela',
    day: '25 oct 2026',
    events: [
      { kind: 'sold', giftName: 'Paella <para dos>', price: '48,00 €', at: '00:30' },
      { kind: 'cancelled', giftName: 'Cata de tés', price: '32,00 €', at: '23:30' },
    ],
    dashboardUrl: url,
  },
  'business-deactivated': { name: 'Vicent', businessName: 'Casa Carmela', reason: 'Cerrado <por reformas>', supportEmail: 'ayuda@regalo.example', dashboardUrl: url },
  'business-review-reopened': { name: 'Vicent', businessName: 'Casa Carmela', changes: 'el nombre', dashboardUrl: url },
};
