import { formatPrice } from '@shared/format';
import { html, type TrustedHtml } from '../../platform/html';
import { giftText, type GiftLanguage, type GiftText } from '../../platform/gift-text';
import type { ExchangeOption, WayOut } from './find-way-out';
import type { GiftPageView } from './get-gift-page';
import { renderDocument } from './render-gift-page';

/*
 * A stuck gift's way out (ADR 109) on the recipient's pages: the card on the gift page, and
 * one confirmation page for each way (plain forms, no script, as the rest of these pages).
 */

const submitStyle = 'width:100%;font:inherit;font-weight:700;cursor:pointer';

/** The gift page's card: why, the gifts it may become (each to its confirmation), and the refund. */
export function wayOutCard(view: GiftPageView, wayOut: WayOut, language: GiftLanguage, t: GiftText, path: string): TrustedHtml {
  const business = view.businessName;
  const options = wayOut.options.map(
    (option) =>
      html`<li><a class="button" href="${path}/way-out/exchange?lang=${language}&amp;gift=${option.giftId}" data-testid="way-out-option">${t('wayOut.option', { gift: option.name, price: formatPrice(option.price) })}</a></li>`,
  );
  return html`<section class="card" aria-labelledby="way-out-title" data-testid="way-out" data-reason="${wayOut.reason}">
<h2 id="way-out-title">${t('wayOut.title')}</h2>
<p>${t(wayOut.reason === 'no_time' ? 'wayOut.noTime' : 'wayOut.cancelledTwice', { business })}</p>
<h3 class="label" style="text-align:left;margin-top:.75rem">${t('wayOut.exchangeTitle')}</h3>
${wayOut.options.length > 0 ? html`<p>${t('wayOut.exchangeHint', { business })}</p><ul class="actions">${options}</ul>` : html`<p data-testid="way-out-no-options">${t('wayOut.exchangeNone', { business })}</p>`}
<h3 class="label" style="text-align:left;margin-top:.75rem">${t('wayOut.refundTitle')}</h3>
<p>${t('wayOut.refundHint', { price: formatPrice(wayOut.totalAmount) })}</p>
<p><a class="button" href="${path}/way-out/refund?lang=${language}" data-testid="way-out-refund">${t('wayOut.refund')}</a></p>
</section>`;
}

function confirmPage(view: GiftPageView, language: GiftLanguage, title: string, body: TrustedHtml): string {
  const t = giftText(language);
  const path = `/g/${encodeURIComponent(view.code)}`;
  const main = html`<main id="main">
<section class="card" aria-labelledby="confirm-title">
<h1 id="confirm-title">${title}</h1>
${body}
<p><a href="${path}?lang=${language}" data-testid="way-out-keep">${t('wayOut.keep')}</a></p>
</section>
</main>`;
  return renderDocument({ language, title, body: main, path });
}

/** "Your gift X becomes Y": one button, which posts the exchange. */
export function renderExchangeConfirmPage(view: GiftPageView, wayOut: WayOut, option: ExchangeOption, language: GiftLanguage): string {
  const t = giftText(language);
  const path = `/g/${encodeURIComponent(view.code)}`;
  const difference = wayOut.totalAmount - option.price;
  return confirmPage(
    view,
    language,
    t('wayOut.confirmExchangeTitle'),
    html`<p data-testid="way-out-confirm">${t('wayOut.confirmExchange', { old: view.giftName, new: option.name, business: view.businessName })}</p>
${difference > 0 && html`<p data-testid="way-out-difference">${t('wayOut.confirmDifference', { difference: formatPrice(difference) })}</p>`}
<form method="post" action="${path}/way-out/exchange?lang=${language}">
<input type="hidden" name="gift" value="${option.giftId}">
<button class="button primary" type="submit" style="${submitStyle}" data-testid="way-out-exchange-submit">${t('wayOut.confirmExchangeSubmit')}</button>
</form>`,
  );
}

/** "The money goes back to whoever paid": one button, which posts the refund. */
export function renderRefundConfirmPage(view: GiftPageView, wayOut: WayOut, language: GiftLanguage): string {
  const t = giftText(language);
  const path = `/g/${encodeURIComponent(view.code)}`;
  return confirmPage(
    view,
    language,
    t('wayOut.confirmRefundTitle'),
    html`<p data-testid="way-out-confirm">${t('wayOut.confirmRefund', { price: formatPrice(wayOut.totalAmount), gift: view.giftName })}</p>
<form method="post" action="${path}/way-out/refund?lang=${language}">
<button class="button primary" type="submit" style="${submitStyle}" data-testid="way-out-refund-submit">${t('wayOut.confirmRefundSubmit')}</button>
</form>`,
  );
}

/** The way out is not (or no longer) open for this gift: said, with the way back. */
export function renderWayOutClosedPage(view: GiftPageView, language: GiftLanguage): string {
  const t = giftText(language);
  return confirmPage(view, language, t('wayOut.title'), html`<p data-testid="way-out-closed">${t('wayOut.notOpen')}</p>`);
}
