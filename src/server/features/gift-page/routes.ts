import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { languageCookieValue, readLanguageCookie } from '@shared/contracts/language-cookie';
import { formatAddress, formatDate } from '@shared/format';
import { AppError, DATABASE_RETRY_AFTER_S } from '../../platform/errors';
import { clientKey, type RateLimitRule } from '../../platform/rate-limit';
import { requestExtension } from '../../domain/orders/request-extension';
import { buildGiftCalendar } from '../../domain/orders/build-gift-calendar';
import { getGiftPage, type GiftPageView } from './get-gift-page';
import { isGiftCodeShape, parsePastedGift } from './gift-code';
import { giftPageUrl } from '../../domain/orders/gift-page-url';
import { renderQrSvg } from '../../domain/orders/gift-qr';
import { giftText, type GiftLanguage } from '../../platform/gift-text';
import { languageFromAcceptLanguage, toPageLanguage as toGiftLanguage } from '../../platform/page-language';
import {
  PRINT_CARD_SCRIPT,
  PRINT_CARD_SCRIPT_PATH,
  renderGiftPage,
  renderNotFoundPage,
  renderOpenPage,
  renderFoldedPrintPage,
  renderPrintPage,
  renderRateLimitedPage,
  renderUnavailablePage,
} from './render-gift-page';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { getSessionUser } from '../../platform/auth/guard';
import { isGiftBusinessOwner } from './is-gift-business-owner';
import { findGiftByTypedCode } from './find-gift-by-typed-code';
import { normalizeTypedCode } from '@shared/domain/typed-code';
import { issueApplePass } from './wallet/issue-apple-pass';
import { issueGoogleSaveLink } from './wallet/issue-google-save-link';
import { PKPASS_CONTENT_TYPE } from './wallet/build-apple-pass';
import { recipientBookingFormSchema } from '@shared/contracts/bookings';
import { getBookingPanel, type BookingNotice } from './get-booking-panel';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { moveBooking } from '../../domain/bookings/move-booking';
import { cancelBookingByRecipient } from '../../domain/bookings/cancel-booking-by-recipient';
import { findLiveBooking } from '../../domain/bookings/find-live-booking';
import { findWayOut } from './find-way-out';
import { exchangeStuckGift } from './exchange-stuck-gift';
import { refundStuckGift } from './refund-stuck-gift';
import { renderExchangeConfirmPage, renderRefundConfirmPage, renderWayOutClosedPage, wayOutCard } from './render-way-out';
import { buildBookedGiftCalendar } from '../../domain/bookings/booked-gift-calendar';

/**
 * Codes are 256 random bits, so guessing is hopeless; still, an address that keeps asking
 * for codes that do not exist is answered "too many attempts" for its misses for a while
 * (counted in the shared rate-limit store, so across servers). A real code still opens: a
 * café's shared address where someone mistyped must not lock every recipient there out.
 */
const MISSES_PER_IP: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
/** A request for more time is made once per gift; a few tries cover a double tap or a retry. */
const EXTENSION_REQUESTS_PER_IP: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };
const EXTENSION_REQUESTS_PER_CODE: RateLimitRule = { limit: 5, windowMs: 60 * 60_000 };
/** Booking, moving and cancelling: a recipient changing their mind a few times, not a script filling a day. */
const BOOKING_CHANGES_PER_IP: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 };
const BOOKING_CHANGES_PER_CODE: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };
/** What the page says after a booking change that went through (the redirect's `done`). */
const DONE_NOTICES = new Set<BookingNotice>(['booked', 'moved', 'cancelled']);
/** Refusals the booking card explains in place (anything else goes on to the error handler). */
const BOOKING_REFUSALS = new Set<string>(['slot_full', 'time_not_offered', 'booking_change_closed', 'booking_not_live', 'already_booked', 'gift_not_bookable', 'validation_failed']);

/**
 * The typed code with the recipient's email or phone: an address gets as many misses as on
 * /g/<code>, and one typed code a few wrong contacts in an hour from
 * anywhere, after which that code is refused even with the right contact until the hour ends,
 * so guessing a recipient's phone from many addresses tells nothing.
 */
const TYPED_MISSES_PER_CODE: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

type Query = { lang?: unknown; code?: unknown; date?: unknown; move?: unknown; done?: unknown };

/** The "open with the typed code" form's fields (a plain HTML form: urlencoded text). */
function typedForm(body: unknown): { typed: string; contact: string } {
  const fields = new URLSearchParams(typeof body === 'string' ? body : '');
  return { typed: (fields.get('typed') ?? '').slice(0, 40), contact: (fields.get('contact') ?? '').slice(0, 254) };
}

/**
 * The recipient's pages (ADR 032): `/g` to open a gift by its link or code, `/g/<code>` the
 * gift itself, its printable card and its calendar reminder. Server-rendered HTML with no
 * script but the print card's Print button (a same-origin file, as the CSP requires); never stored by shared caches, never indexed, and the code never leaves in a
 * Referer header (the page links to a map site).
 */
export const giftPageRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app.ctx;
  const uidHost = new URL(config.publicUrl).host;

  const secureCookies = config.publicUrl.startsWith('https:');
  const requestedLanguage = (request: FastifyRequest) => toGiftLanguage((request.query as Query).lang);
  /** A language the person chose: in the address (the page's links), else in the cookie. */
  const chosenLanguage = (request: FastifyRequest) => requestedLanguage(request) ?? readLanguageCookie(request.headers.cookie) ?? undefined;
  const visitorLanguage = (request: FastifyRequest): GiftLanguage =>
    chosenLanguage(request) ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';

  // Scoped to this plugin's routes (no fastify-plugin), after helmet's defaults.
  app.addHook('onSend', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    // The gift page differs for the gift's business owner (its redeem link): never one answer for all.
    reply.header('vary', 'Cookie');
    reply.header('x-robots-tag', 'noindex, nofollow');
    // Same-origin: the code never leaves in a Referer header (the page links to a map site),
    // while the page's own form still carries its Origin, which the CSRF check needs.
    reply.header('referrer-policy', 'same-origin');
    // A language picked here follows the person to every other page.
    const picked = requestedLanguage(request);
    if (picked && picked !== readLanguageCookie(request.headers.cookie)) {
      reply.header('set-cookie', languageCookieValue(picked, secureCookies));
    }
  });
  /** Each route that opens a gift by its code declares this: misses count, found gifts do not. */
  const lookUpGift = {
    abuse: { does: ['looks-up-code' as const], limits: [{ name: 'gift-miss', rule: MISSES_PER_IP, key: clientKey, counts: 'misses' as const }] },
  };
  // The request for more time is a plain HTML form (no script on these pages); it has no fields.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);

  // A recipient holding a link gets a page, not problem+json, when the database is away
  // (ADR 056); every other error goes on to the app's handler (a throwing handler passes it up).
  app.setErrorHandler(async (error, request, reply) => {
    // A form past its limit (before the route ran) gets the page, not problem+json.
    if (error instanceof AppError && error.code === 'rate_limited') {
      return html(reply, 429, renderRateLimitedPage(visitorLanguage(request), request.url.split('?')[0]!));
    }
    const unavailable = isDatabaseUnavailable(error) || (error instanceof AppError && error.status === 503);
    if (!unavailable) throw error;
    request.log.error({ err: error }, 'gift page unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return html(reply, 503, renderUnavailablePage(visitorLanguage(request), request.url.split('?')[0]!));
  });

  /** The gift behind `:code`, or the reply already sent (not found, too many misses). */
  async function findGift(request: FastifyRequest, reply: FastifyReply): Promise<GiftPageView | null> {
    const code = (request.params as { code: string }).code;
    const path = `/g/${encodeURIComponent(code)}`;
    // A string that cannot be a code never reaches the database.
    const view = isGiftCodeShape(code) ? await getGiftPage(app.ctx.db, code, app.ctx.now()) : null;
    if (!view) {
      try {
        await app.limitMisses(request, reply);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
        await html(reply, 429, renderRateLimitedPage(visitorLanguage(request), path));
        return null;
      }
      await html(reply, 404, renderNotFoundPage(visitorLanguage(request), path));
      return null;
    }
    return view;
  }

  // A wallet without its settings offers no button: never a download that cannot work (ADR 107).
  const walletButtons = {
    apple: Boolean(config.wallet.apple),
    google: Boolean(config.wallet.google),
    demo: Boolean(config.wallet.apple?.demo || config.wallet.google?.demo),
  };

  const qrFor = (view: GiftPageView, language: GiftLanguage) =>
    renderQrSvg(giftPageUrl(config.publicUrl, view.code), giftText(language)('qr.label'));

  app.get('/g', async (request, reply) => {
    const language = visitorLanguage(request);
    const { code } = request.query as Query;
    if (typeof code !== 'string') return html(reply, 200, renderOpenPage(language, { origin: config.publicUrl }));
    const parsed = parsePastedGift(code);
    if (!parsed) {
      return html(reply, 400, renderOpenPage(language, { origin: config.publicUrl, value: code.slice(0, 500), invalid: true }));
    }
    const lang = requestedLanguage(request);
    return reply.redirect(`/g/${encodeURIComponent(parsed)}${lang ? `?lang=${lang}` : ''}`, 303);
  });

  // The recipient whose message gives the 8-character code: with the email or phone the gift
  // was sent to, it opens the gift page (both must match one gift).
  app.post(
    '/g/open',
    {
      config: {
        abuse: {
          does: ['looks-up-code'],
          limits: [
            // With lockout, unlike /g/<code> (256 bits): past its misses an address is refused
            // even a right guess, so a code and a contact cannot be guessed on past the limit.
            { name: 'gift-typed-miss', rule: MISSES_PER_IP, key: clientKey, counts: 'misses', lockout: true },
            {
              name: 'gift-typed-code',
              rule: TYPED_MISSES_PER_CODE,
              key: (request) => normalizeTypedCode(typedForm(request.body).typed) ?? undefined,
              counts: 'misses',
              lockout: true,
            },
          ],
        },
      },
    },
    async (request, reply) => {
      const language = visitorLanguage(request);
      const form = typedForm(request.body);
      const giftCode = await findGiftByTypedCode(app.ctx.db, { code: form.typed, contact: form.contact });
      if (giftCode) {
        const lang = requestedLanguage(request);
        return reply.redirect(`/g/${encodeURIComponent(giftCode)}${lang ? `?lang=${lang}` : ''}`, 303);
      }
      await app.limitMisses(request, reply);
      return html(reply, 400, renderOpenPage(language, { origin: config.publicUrl, typed: { ...form, noMatch: true } }));
    },
  );

  app.get(PRINT_CARD_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(PRINT_CARD_SCRIPT),
  );

  // A link cut right after `/g/` (or typed so) is someone looking for their gift.
  app.get('/g/', async (request, reply) => {
    const lang = requestedLanguage(request);
    return reply.redirect(`/g${lang ? `?lang=${lang}` : ''}`, 303);
  });

  app.get('/g/:code', { config: lookUpGift }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    // The person's own choice first; otherwise the language the giver chose for them.
    const language = chosenLanguage(request) ?? view.recipientLocale;
    // Only a gift that can still be redeemed shows its QR.
    const qrSvg = view.status === 'paid' ? await qrFor(view, language) : '';
    // The owner who scanned the QR with the phone's camera app lands here: the page offers
    // the dashboard's redeem confirmation (the recipient and everyone else see nothing more).
    const forOwner = view.status === 'paid' && (await isGiftBusinessOwner(app.ctx.db, await getSessionUser(request), view.businessId));
    const query = request.query as Query;
    const done = typeof query.done === 'string' && DONE_NOTICES.has(query.done as BookingNotice) ? (query.done as BookingNotice) : null;
    const bookingPanel = await bookingPanelOf(view, { date: query.date, moving: query.move === '1', notice: done });
    const wayOut = bookingPanel ? await findWayOut(app.ctx.db, view.code, app.ctx.now()) : null;
    const card = wayOut && wayOutCard(view, wayOut, language, giftText(language), `/g/${encodeURIComponent(view.code)}`);
    const notice = query.done === 'exchanged' ? 'exchanged' : null;
    return html(reply, 200, renderGiftPage({ view, language, qrSvg, forOwner, wallet: walletButtons, bookingPanel, wayOutCard: card, notice }));
  });

  const bookingPanelOf = (view: GiftPageView, options: Parameters<typeof getBookingPanel>[3]) =>
    view.status === 'paid' && view.conditions.bookingRequired ? getBookingPanel(app.ctx.db, view.code, app.ctx.now(), options) : Promise.resolve(null);

  // A booking, its move or cancel, and the way out mail the owner, the recipient or the giver
  // (a notice each); the limits per address and per code bound them.
  const bookingLimits = {
    abuse: {
      does: ['looks-up-code' as const, 'sends-mail' as const],
      limits: [
        { name: 'booking-ip', rule: BOOKING_CHANGES_PER_IP, key: clientKey },
        { name: 'booking-code', rule: BOOKING_CHANGES_PER_CODE, key: (request: FastifyRequest) => (request.params as { code: string }).code },
      ],
    },
  };

  /**
   * A booking change from the gift page's forms (ADR 105): done, back to the page (303, so a
   * reload does not post again); refused, the page again with the reason and the next times.
   */
  async function changeBooking(request: FastifyRequest, reply: FastifyReply, change: (code: string, fields: URLSearchParams) => Promise<BookingNotice>) {
    const view = await findGift(request, reply);
    if (!view) return reply;
    const language = chosenLanguage(request) ?? view.recipientLocale;
    const fields = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    let notice: BookingNotice;
    try {
      notice = await change(view.code, fields);
    } catch (error) {
      if (!(error instanceof AppError) || !BOOKING_REFUSALS.has(error.code)) throw error;
      const explained: readonly BookingNotice[] = ['slot_full', 'time_not_offered', 'booking_change_closed'];
      const shown: BookingNotice = error.code === 'validation_failed' ? 'invalid' : (explained.find((code) => code === error.code) ?? 'time_not_offered');
      const date = fields.get('slot')?.split('_')[1];
      const bookingPanel = await bookingPanelOf(view, { date, notice: shown, moving: request.url.includes('/booking/move') && shown !== 'booking_change_closed' });
      const qrSvg = view.status === 'paid' ? await qrFor(view, language) : '';
      return html(reply, error.status === 400 ? 400 : 409, renderGiftPage({ view, language, qrSvg, bookingPanel }));
    }
    const lang = requestedLanguage(request);
    return reply.redirect(`/g/${encodeURIComponent(view.code)}?${lang ? `lang=${lang}&` : ''}done=${notice}`, 303);
  }

  app.post('/g/:code/booking', { config: bookingLimits }, async (request, reply) =>
    changeBooking(request, reply, async (code, fields) => {
      const parsed = recipientBookingFormSchema.safeParse(Object.fromEntries([...fields].filter(([, value]) => value !== '')));
      if (!parsed.success) throw AppError.validation({ form: 'invalid' });
      await bookGiftTime(app.ctx, code, parsed.data);
      return 'booked';
    }),
  );

  app.post('/g/:code/booking/move', { config: bookingLimits }, async (request, reply) =>
    changeBooking(request, reply, async (code, fields) => {
      const slot = fields.get('slot');
      if (!slot) throw AppError.validation({ slot: 'required' });
      await moveBooking(app.ctx, code, slot.slice(0, 60));
      return 'moved';
    }),
  );

  app.post('/g/:code/booking/cancel', { config: bookingLimits }, async (request, reply) =>
    changeBooking(request, reply, async (code) => {
      await cancelBookingByRecipient(app.ctx, code);
      return 'cancelled';
    }),
  );

  /*
   * A stuck gift's way out (ADR 109): each way is a confirmation page (GET) and its form
   * (POST), plain HTML. Whoever holds the gift's code may take it, as they may book with it;
   * the use case checks again, under the gift's lock, that the way out is open.
   */
  const wayOutClosed = async (reply: FastifyReply, view: GiftPageView, language: GiftLanguage) => {
    // A gift already exchanged (a reload, the back button) leads to its new gift.
    if (view.wayOutDone?.kind === 'exchanged') return reply.redirect(`/g/${encodeURIComponent(view.wayOutDone.newCode)}?lang=${language}`, 303);
    if (view.wayOutDone?.kind === 'refunded') return reply.redirect(`/g/${encodeURIComponent(view.code)}?lang=${language}`, 303);
    return html(reply, 409, renderWayOutClosedPage(view, language));
  };
  const chosenGift = (value: unknown) => (typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null);

  app.get('/g/:code/way-out/exchange', { config: lookUpGift }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    const language = chosenLanguage(request) ?? view.recipientLocale;
    const giftId = chosenGift((request.query as { gift?: unknown }).gift);
    const wayOut = view.status === 'paid' ? await findWayOut(app.ctx.db, view.code, app.ctx.now()) : null;
    const option = wayOut?.options.find((o) => o.giftId === giftId);
    if (!wayOut || !option) return wayOutClosed(reply, view, language);
    return html(reply, 200, renderExchangeConfirmPage(view, wayOut, option, language));
  });

  app.post('/g/:code/way-out/exchange', { config: bookingLimits }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    const language = chosenLanguage(request) ?? view.recipientLocale;
    const giftId = chosenGift(new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('gift'));
    let newCode: string;
    try {
      newCode = await exchangeStuckGift(app.ctx, view.code, giftId ?? '');
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      return wayOutClosed(reply, view, language);
    }
    return reply.redirect(`/g/${encodeURIComponent(newCode)}?lang=${language}&done=exchanged`, 303);
  });

  app.get('/g/:code/way-out/refund', { config: lookUpGift }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    const language = chosenLanguage(request) ?? view.recipientLocale;
    const wayOut = view.status === 'paid' ? await findWayOut(app.ctx.db, view.code, app.ctx.now()) : null;
    if (!wayOut) return wayOutClosed(reply, view, language);
    return html(reply, 200, renderRefundConfirmPage(view, wayOut, language));
  });

  app.post('/g/:code/way-out/refund', { config: bookingLimits }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    const language = chosenLanguage(request) ?? view.recipientLocale;
    try {
      await refundStuckGift(app.ctx, view.code);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      return wayOutClosed(reply, view, language);
    }
    return reply.redirect(`/g/${encodeURIComponent(view.code)}?lang=${language}`, 303);
  });

  // Fair expiry (ADR 064): the recipient of an expired gift asks its business once for more time.
  app.post(
    '/g/:code/extension',
    {
      config: {
        abuse: {
          does: ['looks-up-code'],
          limits: [
            { name: 'extension-ip', rule: EXTENSION_REQUESTS_PER_IP, key: clientKey },
            { name: 'extension-code', rule: EXTENSION_REQUESTS_PER_CODE, key: (request) => (request.params as { code: string }).code },
          ],
        },
      },
    },
    async (request, reply) => {
      const code = (request.params as { code: string }).code;
      const view = await findGift(request, reply);
      if (!view) return reply;
      const language = chosenLanguage(request) ?? view.recipientLocale;
      try {
        await requestExtension(app.ctx, code);
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 409) throw error;
        // Already asked, or not (or no longer) possible: the page says where things stand.
        const qrSvg = view.status === 'paid' ? await qrFor(view, language) : '';
        return html(reply, 409, renderGiftPage({ view, language, qrSvg }));
      }
      return backToGift(reply, view, requestedLanguage(request));
    },
  );

  // The card and the reminder only make sense while the gift can still be used.
  const backToGift = (reply: FastifyReply, view: GiftPageView, language: GiftLanguage | undefined) =>
    reply.redirect(`/g/${encodeURIComponent(view.code)}${language ? `?lang=${language}` : ''}`, 303);

  /** The file for a gift not booked: its last valid day, all day, with alarms a week and a day before. */
  const lastDayCalendar = (view: GiftPageView, language: GiftLanguage) => {
    const t = giftText(language);
    const url = giftPageUrl(config.publicUrl, view.code);
    const date = formatDate(view.expiresAt, language);
    return buildGiftCalendar({
      orderId: view.orderId,
      host: uidHost,
      expiresAt: view.expiresAt,
      summary: t('calendar.summary', { gift: view.giftName }),
      description: t('calendar.description', { gift: view.giftName, business: view.businessName, date, url }),
      alarm: t('calendar.alarm', { gift: view.giftName, date }),
      location: `${view.businessName}, ${formatAddress(view.businessAddress, view.businessCity)}`,
      url,
      now: app.ctx.now(),
    });
  };

  app.get('/g/:code/print', { config: lookUpGift }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    if (view.status !== 'paid') return backToGift(reply, view, requestedLanguage(request));
    const language = chosenLanguage(request) ?? view.recipientLocale;
    return html(reply, 200, renderPrintPage({ view, language, qrSvg: await qrFor(view, language) }));
  });

  // The same card on one A4 sheet that folds into a card (ADR 103).
  app.get('/g/:code/print/folded', { config: lookUpGift }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    if (view.status !== 'paid') return backToGift(reply, view, requestedLanguage(request));
    const language = chosenLanguage(request) ?? view.recipientLocale;
    return html(reply, 200, renderFoldedPrintPage({ view, language, qrSvg: await qrFor(view, language) }));
  });

  app.get('/g/:code/calendar.ics', { config: lookUpGift }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    if (view.status !== 'paid') return backToGift(reply, view, requestedLanguage(request));
    const language = chosenLanguage(request) ?? view.recipientLocale;
    // A booked gift's file holds its booked time (ADR 105); the UID stays the order's, so
    // importing it again replaces the "last day" event rather than adding a second one.
    const booked = view.conditions.bookingRequired ? await findLiveBooking(app.ctx.db, view.orderId) : null;
    const ics = booked
      ? buildBookedGiftCalendar({ ...view, code: view.code, booked, language, publicUrl: config.publicUrl, now: app.ctx.now() })
      : lastDayCalendar(view, language);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="regalo-gift.ics"')
      .send(ics);
  });

  // The gift as an Apple Wallet pass (ADR 107), while it can be used, as the card and the reminder.
  app.get('/g/:code/wallet/apple.pkpass', { config: lookUpGift }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    const apple = config.wallet.apple;
    if (!apple || view.status !== 'paid') return backToGift(reply, view, requestedLanguage(request));
    const language = chosenLanguage(request) ?? view.recipientLocale;
    const pass = await issueApplePass(app.ctx, { view, language, apple });
    return reply.type(PKPASS_CONTENT_TYPE).header('content-disposition', 'attachment; filename="regalo-gift.pkpass"').send(pass);
  });

  // The gift in Google Wallet: Google's save page, with the object in a signed JWT (ADR 107).
  app.get('/g/:code/wallet/google', { config: lookUpGift }, async (request, reply) => {
    const view = await findGift(request, reply);
    if (!view) return reply;
    const google = config.wallet.google;
    if (!google || view.status !== 'paid') return backToGift(reply, view, requestedLanguage(request));
    const language = chosenLanguage(request) ?? view.recipientLocale;
    return reply.redirect(await issueGoogleSaveLink(app.ctx, { view, language, google }), 303);
  });
};
