import { devices, type Browser, type Page } from '@playwright/test';
import vaDashboard from '../src/shared/locales/va/dashboard.json' with { type: 'json' };
import vaGift from '../src/shared/locales/va/gift.json' with { type: 'json' };
import vaRedeem from '../src/shared/locales/va/redeem.json' with { type: 'json' };
import { addDays, localDateOf } from '../src/shared/domain/analytics';
import { formatFullDate, formatPrice } from '../src/shared/format';
import { expectNoSeriousA11yViolations as scan } from './support/axe';
import { hideCookieBanner } from './support/consent';
import { expect, signInAs, test, type TestAccount } from './support/fixtures';
import { linkIn, waitForMail } from './support/mailbox';
import { buyGift } from './support/orders';

/**
 * Booking from the gift (ADR 105) and its way out (ADR 109), in Valencian on a phone: a business
 * of the journey's own whose tasting needs booking (the `bookingOwner` fixture), a giver of its
 * own who buys it through checkout for a recipient who reads Valencian, and the recipient on the
 * gift page with no account. Texts come from the va catalogues.
 */
test.use({ language: 'va' });

// Toasts come and go mid-scan and belong to the shared toaster, not to these screens.
const expectNoSeriousA11yViolations = (page: Page) => scan(page, { exclude: ['[data-sonner-toaster]'] });

/** A catalogue sentence with its values in, as i18next and the gift page's text fill them. */
const filled = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

const tastingOf = (owner: TestAccount) => {
  const tasting = owner.business!.gifts.find((gift) => gift.bookingRequired);
  expect(tasting, 'the business has a gift that needs booking').toBeTruthy();
  return tasting!;
};

/** The owner's dashboard on the phone, signed in, on `tab`. */
async function openDashboard(page: Page, baseURL: string, owner: TestAccount, tab: 'bookings' | 'redeem') {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await hideCookieBanner(page.context(), baseURL);
  await signInAs(page, owner);
  await page.goto(`/business/dashboard?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 1, name: owner.business!.name })).toBeVisible();
}

/** The recipient's own phone: a browser with no account and nothing of the owner's or the giver's. */
async function recipientPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  return context.newPage();
}

const isSaturday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() === 6;
/** The first Saturday on or after `date` (Madrid calendar dates). */
const saturdayAfter = (date: string): string => (isSaturday(date) ? date : saturdayAfter(addDays(date, 1)));

/** The Madrid date a slot radio books (its value is `<session>_<date>`). */
const dateOfSlot = async (page: Page) => (await page.getByRole('radio', { checked: true }).first().getAttribute('value'))!.split('_')[1]!;

test('the owner publishes Saturdays, the recipient books one and moves it, the owner sees it and redeems the gift', async ({ page, browser, baseURL, request, bookingOwner: owner, giver }) => {
  const tasting = tastingOf(owner);
  const run = Date.now().toString(36);
  const recipientName = `Neus Ferrer ${run}`;

  // The owner publishes a Saturday morning session for the tasting.
  await openDashboard(page, baseURL!, owner, 'bookings');
  await expect(page.getByRole('tab', { name: vaDashboard.tabs.bookings })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('sessions-empty')).toHaveText(vaDashboard.bookings.noSessions);
  const sessionForm = page.getByTestId('session-form');
  await sessionForm.getByLabel(vaDashboard.bookings.kind).selectOption('weekly');
  await sessionForm.getByLabel(vaDashboard.bookings.weekday, { exact: true }).selectOption('6');
  await sessionForm.getByLabel(vaDashboard.bookings.start).fill('11:00');
  await sessionForm.getByLabel(vaDashboard.bookings.length).fill('90');
  await sessionForm.getByLabel(vaDashboard.bookings.placesLabel).fill('6');
  await sessionForm.getByLabel(vaDashboard.bookings.gifts).selectOption(tasting.id);
  await sessionForm.getByRole('button', { name: vaDashboard.bookings.add }).click();
  await expect(page.getByText(vaDashboard.bookings.added)).toBeVisible();
  const session = page.getByTestId('sessions-list').getByRole('listitem');
  await expect(session).toHaveCount(1);
  await expect(session).toContainText('dissabte · 11:00');
  await expect(session).toContainText(filled(vaDashboard.bookings.places_other, { count: '6' }));
  await expectNoSeriousA11yViolations(page);

  // A giver buys the tasting for a recipient who reads Valencian.
  await signInAs(request, giver);
  const gift = await buyGift(request, { giftId: tasting.id, recipientName, recipientPhone: '+34 600 000 001', recipientLocale: 'va' });

  // The recipient opens the gift on the phone, in the gift's own language: the next Saturday is offered.
  const recipient = await recipientPhone(browser, baseURL!);
  const giftPath = new URL(gift.giftUrl).pathname;
  await recipient.goto(giftPath);
  await expect(recipient.locator('html')).toHaveAttribute('lang', 'ca-ES-valencia');
  const card = recipient.getByTestId('booking-card');
  await expect(card.getByRole('heading', { name: vaGift.bookingForm.title })).toBeVisible();
  const bookForm = card.getByTestId('booking-form');
  await expect(bookForm.getByRole('radio', { name: '11:00' })).toBeChecked();
  expect(isSaturday(await dateOfSlot(recipient)), 'the time offered is a Saturday').toBe(true);
  // A Saturday beyond the 24 hours' cut-off whatever day the journey runs, so it can be moved.
  const firstSaturday = saturdayAfter(addDays(localDateOf(new Date()), 2));
  await card.getByLabel(vaGift.bookingForm.day, { exact: true }).fill(firstSaturday);
  await card.getByRole('button', { name: vaGift.bookingForm.show }).click();
  await expect(card.getByRole('heading', { name: filled(vaGift.bookingForm.timesOn, { date: formatFullDate(`${firstSaturday}T12:00:00Z`, 'va') }) })).toBeVisible();
  await expect(bookForm.getByRole('radio', { name: '11:00' })).toBeChecked();
  await expect(bookForm).toContainText(filled(vaGift.bookingForm.left, { count: '6' }));
  expect(await dateOfSlot(recipient)).toBe(firstSaturday);
  await bookForm.getByLabel(vaGift.bookingForm.party).selectOption('2');
  await expect(bookForm.getByLabel(vaGift.bookingForm.name)).toHaveValue(recipientName);
  await bookForm.getByLabel(vaGift.bookingForm.notes).fill('Una de les dos persones no pren lactosa');
  await expectNoSeriousA11yViolations(recipient);
  await bookForm.getByRole('button', { name: vaGift.bookingForm.submit }).click();

  await expect(card.getByTestId('booking-notice')).toHaveText(vaGift.bookingForm.booked);
  await expect(card.getByRole('heading', { name: vaGift.bookingForm.yourBooking })).toBeVisible();
  await expect(card.getByTestId('booking-live')).toContainText('11:00');
  await expect(card.getByTestId('booking-live')).toContainText(filled(vaGift.bookingForm.under, { name: recipientName }));
  await expectNoSeriousA11yViolations(recipient);

  /** The calendar link on the card, and the booked time its file holds (UTC, as booked in Madrid). */
  const calendarStart = async () => {
    const link = card.getByRole('link', { name: vaGift.bookingForm.calendar });
    await expect(link).toHaveAttribute('href', `${giftPath}/calendar.ics?lang=va`);
    const ics = await recipient.request.get((await link.getAttribute('href'))!);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    return /DTSTART:(\d{8})T/.exec(await ics.text())?.[1];
  };
  expect(await calendarStart()).toBe(firstSaturday.replaceAll('-', ''));

  // Plans change: the recipient moves it to the next Saturday.
  const nextSaturday = addDays(firstSaturday, 7);
  await card.getByRole('link', { name: vaGift.bookingForm.move }).click();
  await expect(card.getByRole('heading', { name: vaGift.bookingForm.moveTitle })).toBeVisible();
  await card.getByLabel(vaGift.bookingForm.day, { exact: true }).fill(nextSaturday);
  await card.getByRole('button', { name: vaGift.bookingForm.show }).click();
  const moveForm = card.getByTestId('booking-move-form');
  await expect(moveForm.getByRole('radio', { name: '11:00' })).toBeChecked();
  expect(await dateOfSlot(recipient)).toBe(nextSaturday);
  await moveForm.getByRole('button', { name: vaGift.bookingForm.moveSubmit }).click();
  await expect(card.getByTestId('booking-notice')).toHaveText(vaGift.bookingForm.moved);
  await expect(card.getByTestId('booking-live')).toContainText('11:00');
  expect(await calendarStart()).toBe(nextSaturday.replaceAll('-', ''));
  await expectNoSeriousA11yViolations(recipient);

  // The owner finds it in the day view of that Saturday, and the first one free again.
  await page.reload();
  const dayView = page.getByLabel(vaDashboard.bookings.from);
  await dayView.fill(firstSaturday);
  await expect(page.getByTestId('bookings-empty')).toHaveText(vaDashboard.bookings.empty);
  await dayView.fill(nextSaturday);
  const row = page.getByTestId('booking-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`11:00 · ${recipientName} · ${filled(vaDashboard.bookings.people_other, { count: '2' })}`);
  await expect(row).toContainText(tasting.name);
  await expect(row).toContainText('Una de les dos persones no pren lactosa');
  await expectNoSeriousA11yViolations(page);

  // The recipient comes in; the owner types the code under the QR at the counter (on the day
  // itself in life: the journey cannot wait for Saturday, so it redeems right away).
  await page.getByRole('tab', { name: vaDashboard.tabs.redeem }).click();
  await expect(page.getByRole('heading', { name: vaRedeem.title })).toBeVisible();
  await page.getByLabel(vaRedeem.manual.label).fill(gift.typedCode);
  await page.getByRole('button', { name: vaRedeem.manual.submit }).click();
  const redeemCard = page.getByTestId('redeem-card');
  await expect(redeemCard).toContainText(vaRedeem.status.paid);
  await expect(redeemCard).toContainText(tasting.name);
  await expect(redeemCard).toContainText(recipientName);
  await redeemCard.getByRole('button', { name: vaRedeem.card.confirm }).click();
  await expect(page.getByTestId('redeem-success').getByRole('heading', { name: vaRedeem.success.title })).toBeFocused();

  // The redeemed gift has nothing left to book.
  await recipient.goto(giftPath);
  await expect(recipient.getByTestId('booking-card')).toHaveCount(0);
  await recipient.context().close();
});

test('a business with no time in the next 30 days: the recipient exchanges the gift for another of the same business', async ({ page, browser, baseURL, request, bookingOwner: owner, giver }) => {
  const tasting = tastingOf(owner);
  const origin = new URL(baseURL!).origin;
  const run = Date.now().toString(36);
  const recipientEmail = `neus-${run}-${test.info().workerIndex}@example.test`;

  // The business offered Saturdays when the gift was bought…
  await openDashboard(page, baseURL!, owner, 'bookings');
  const published = await page.request.post('/api/business/booking-sessions', {
    headers: { origin },
    data: { kind: 'weekly', isoWeekday: 6, startTime: '11:00', lengthMinutes: 60, places: 6, giftIds: [tasting.id] },
  });
  expect(published.status(), await published.text()).toBe(201);
  await signInAs(request, giver);
  const gift = await buyGift(request, { giftId: tasting.id, recipientName: 'Neus Ferrer', recipientEmail, recipientLocale: 'va' });
  const firstMail = await waitForMail(request, { to: recipientEmail });

  // …and then stops offering them.
  await page.reload();
  await page.getByTestId('sessions-list').getByRole('button', { name: vaDashboard.bookings.withdraw }).click();
  await expect(page.getByTestId('sessions-empty')).toHaveText(vaDashboard.bookings.noSessions);

  // The recipient's gift page says so, and offers the way out.
  const recipient = await recipientPhone(browser, baseURL!);
  await recipient.goto(`${new URL(gift.giftUrl).pathname}?lang=va`);
  await expect(recipient.getByTestId('booking-none')).toBeVisible();
  const wayOut = recipient.getByTestId('way-out');
  await expect(wayOut).toHaveAttribute('data-reason', 'no_time');
  await expect(wayOut.getByRole('heading', { name: vaGift.wayOut.title })).toBeVisible();
  await expect(wayOut).toContainText(filled(vaGift.wayOut.noTime, { business: owner.business!.name }));
  // The business's other fixed gifts of the same price or less, cheapest first.
  const cheaper = owner.business!.gifts.filter((candidate) => candidate.id !== tasting.id && candidate.price <= tasting.price).sort((a, b) => a.price - b.price);
  await expect(wayOut.getByTestId('way-out-option')).toHaveText(cheaper.map((option) => filled(vaGift.wayOut.option, { gift: option.name, price: formatPrice(option.price) })));
  await expect(wayOut.getByRole('link', { name: vaGift.wayOut.refund })).toBeVisible();
  await expectNoSeriousA11yViolations(recipient);

  // The recipient chooses the dearest of them, and confirms.
  const chosen = cheaper.at(-1)!;
  await wayOut.getByRole('link', { name: filled(vaGift.wayOut.option, { gift: chosen.name, price: formatPrice(chosen.price) }) }).click();
  await expect(recipient.getByRole('heading', { level: 1, name: vaGift.wayOut.confirmExchangeTitle })).toBeVisible();
  await expect(recipient.getByTestId('way-out-confirm')).toHaveText(filled(vaGift.wayOut.confirmExchange, { old: tasting.name, new: chosen.name, business: owner.business!.name }));
  await expect(recipient.getByTestId('way-out-difference')).toHaveText(filled(vaGift.wayOut.confirmDifference, { difference: formatPrice(tasting.price - chosen.price) }));
  await expect(recipient.getByRole('link', { name: vaGift.wayOut.keep })).toBeVisible();
  await expectNoSeriousA11yViolations(recipient);
  await recipient.getByRole('button', { name: vaGift.wayOut.confirmExchangeSubmit }).click();

  // The new gift's page, with a code of its own; its email follows.
  await expect(recipient.getByTestId('way-out-exchanged')).toHaveText(vaGift.wayOut.exchanged);
  const newCode = decodeURIComponent(new URL(recipient.url()).pathname.split('/').pop()!);
  expect(newCode).not.toBe(gift.code);
  await expect(recipient.getByText(chosen.name).first()).toBeVisible();
  const newTypedCode = (await recipient.getByTestId('typed-code').textContent())!.trim();
  expect(newTypedCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  expect(newTypedCode).not.toBe(gift.typedCode);
  await expect(recipient.getByTestId('way-out')).toHaveCount(0);
  await expectNoSeriousA11yViolations(recipient);
  const newMail = await waitForMail(request, { to: recipientEmail, after: firstMail });
  expect(linkIn(newMail, '/g/')).toContain(`/g/${newCode}`);

  // The old page leads to the new gift.
  await recipient.goto(`${new URL(gift.giftUrl).pathname}?lang=va`);
  await expect(recipient.getByTestId('way-out-done')).toContainText(filled(vaGift.wayOut.exchangedOld, { business: owner.business!.name }));
  await recipient.getByRole('link', { name: vaGift.wayOut.seeNew }).click();
  await expect(recipient).toHaveURL(new RegExp(`/g/${newCode}\\?lang=va$`));
  await recipient.context().close();

  // At the counter the old code no longer works; the new one does.
  await page.getByRole('tab', { name: vaDashboard.tabs.redeem }).click();
  const field = page.getByLabel(vaRedeem.manual.label);
  await field.fill(gift.typedCode);
  await page.getByRole('button', { name: vaRedeem.manual.submit }).click();
  const redeemCard = page.getByTestId('redeem-card');
  await expect(redeemCard.getByRole('alert')).toHaveText(vaRedeem.errors.order_cancelled);
  await expect(redeemCard).toContainText(vaRedeem.status.cancelled);
  await expect(redeemCard.getByRole('button', { name: vaRedeem.card.confirm })).toHaveCount(0);
  await redeemCard.getByRole('button', { name: vaRedeem.card.another }).click();
  await field.fill(newTypedCode);
  await page.getByRole('button', { name: vaRedeem.manual.submit }).click();
  await expect(redeemCard).toContainText(vaRedeem.status.paid);
  await expect(redeemCard).toContainText(chosen.name);
});

test('a business with no time in the next 30 days: the recipient gives the money back to the giver instead', async ({ page, browser, baseURL, request, bookingOwner: owner, giver }) => {
  const tasting = tastingOf(owner);
  const origin = new URL(baseURL!).origin;
  const recipientEmail = `pau-${Date.now().toString(36)}-${test.info().workerIndex}@example.test`;

  // The business offered Saturdays when the gift was bought, then stopped.
  await openDashboard(page, baseURL!, owner, 'bookings');
  const published = await page.request.post('/api/business/booking-sessions', {
    headers: { origin },
    data: { kind: 'weekly', isoWeekday: 6, startTime: '11:00', lengthMinutes: 60, places: 6, giftIds: [tasting.id] },
  });
  expect(published.status(), await published.text()).toBe(201);
  await signInAs(request, giver);
  const gift = await buyGift(request, { giftId: tasting.id, recipientName: 'Pau Soler', recipientEmail, recipientLocale: 'va' });
  await page.reload();
  await page.getByTestId('sessions-list').getByRole('button', { name: vaDashboard.bookings.withdraw }).click();
  await expect(page.getByTestId('sessions-empty')).toHaveText(vaDashboard.bookings.noSessions);

  // The recipient chooses the money back, reads what it means, and confirms.
  const recipient = await recipientPhone(browser, baseURL!);
  await recipient.goto(`${new URL(gift.giftUrl).pathname}?lang=va`);
  const wayOut = recipient.getByTestId('way-out');
  await expect(wayOut).toHaveAttribute('data-reason', 'no_time');
  await expect(wayOut).toContainText(filled(vaGift.wayOut.refundHint, { price: formatPrice(tasting.price) }));
  await wayOut.getByRole('link', { name: vaGift.wayOut.refund }).click();
  await expect(recipient.getByRole('heading', { level: 1, name: vaGift.wayOut.confirmRefundTitle })).toBeVisible();
  await expect(recipient.getByTestId('way-out-confirm')).toHaveText(filled(vaGift.wayOut.confirmRefund, { price: formatPrice(tasting.price), gift: tasting.name }));
  await expectNoSeriousA11yViolations(recipient);
  await recipient.getByRole('button', { name: vaGift.wayOut.confirmRefundSubmit }).click();

  // The gift is closed, the page says where the money went, and the giver is told.
  await expect(recipient.getByTestId('way-out-done')).toHaveText(vaGift.wayOut.refunded);
  await expect(recipient.getByTestId('way-out')).toHaveCount(0);
  await expectNoSeriousA11yViolations(recipient);
  await recipient.context().close();
  const told = await waitForMail(request, { to: giver.email, subject: /refunded|devuelto el dinero|tornat els diners/ });
  expect(told.subject).toContain(tasting.name);
  expect(told.text).toContain(formatPrice(tasting.price));

  // At the counter the code no longer works.
  await page.getByRole('tab', { name: vaDashboard.tabs.redeem }).click();
  await page.getByLabel(vaRedeem.manual.label).fill(gift.typedCode);
  await page.getByRole('button', { name: vaRedeem.manual.submit }).click();
  const redeemCard = page.getByTestId('redeem-card');
  await expect(redeemCard.getByRole('alert')).toHaveText(vaRedeem.errors.order_cancelled);
  await expect(redeemCard.getByRole('button', { name: vaRedeem.card.confirm })).toHaveCount(0);
});
