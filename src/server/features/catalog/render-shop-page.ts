import { cardBounds } from '@shared/domain/gift-card';
import { businessCategories } from '@shared/domain/business';
import { valenciaDistricts } from '@shared/domain/valencia-districts';
import { formatAddress, formatDateTime, formatPrice } from '@shared/format';
import { SELLABLE_WITHIN_DAYS } from '@shared/domain/booking';
import { CATALOG_SEARCH_MAX_LENGTH, giftSorts } from '@shared/contracts/catalog-options';
import type { PageLanguage } from '../../platform/page-language';
import { html, type TrustedHtml } from '../../platform/html';
import { pageHref, renderPublicDocument, type PublicPageParts, type PublicSite } from '../../platform/public-page';
import { cardImageSrc } from '../../platform/storage/image-keys';
import type { ShopBusiness } from './find-shop-business';
import type { GiftFilters, ListedGift, ListedGiftPage } from './list-catalog-gifts';
import { shopText, type ShopText } from './shop-text';

/*
 * The public shop window (ADR 067): `/gifts`, `/b/<business>` and
 * `/b/<business>/<gift>` as complete server-rendered HTML with their CSS inline, in the frame
 * every public page shares (platform/public-page.ts, ADR 098: its one small script only fills
 * the cart's count and enhances),
 * like the gift and legal pages (ADRs 032, 059): readable with JavaScript off, painted with
 * their first picture from the document, found by search engines (canonical and hreflang
 * links, Open Graph and Twitter card tags, schema.org JSON-LD) and previewed when shared.
 * Every page is an `html` template (platform/html.ts): each value is escaped unless it is
 * markup built by another template (JSON-LD through `jsonLd`).
 */

/** The shop's own parts; the frame's CSS is public-page.ts's. */
const SHOP_CSS = `
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.75rem;align-items:end}
.filters .wide{grid-column:1/-1}
.pager{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:center;margin:1.5rem 0 0;padding:0;list-style:none}
.pager a,.pager span{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;padding:.25rem .75rem;border-radius:.6rem;border:1px solid #e7dccb;background:#fff;font-weight:600}
.pager [aria-current]{background:#9a3412;color:#fff;border-color:#9a3412;text-decoration:none}
dl{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}
dt{font-weight:700}
dd{margin:0;overflow-wrap:anywhere}
ol.steps{margin:0;padding-left:1.25rem}
ol.steps li{margin-bottom:.35rem}
.big-price{font-size:1.6rem;font-weight:700;color:#7c2d12;margin:.25rem 0 .5rem}
`;


/** An address of the site with its query string (public-page.ts). */
export const shopHref = pageHref;

/** Cents as schema.org wants a price: `25.00`. */
export function schemaPrice(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A map search for the business (OpenStreetMap, like the recipient's gift page). */
function mapUrl(business: { name: string; address: string; city: string }): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${business.name}, ${formatAddress(business.address, business.city)}`)}`;
}

export type ShopSite = PublicSite;

/** A shop window page: the public frame's parts without its own CSS, banner or menu style, which the shop decides. */
type DocumentParts = Omit<PublicPageParts, 'css' | 'cookieBanner' | 'languageMenu' | 'bareTitle'>;

export function renderShopDocument({ body, ...parts }: Omit<DocumentParts, 'body'> & { body: TrustedHtml }): string {
  return renderPublicDocument({ ...parts, body, css: SHOP_CSS });
}

/** One gift as a card; the first picture of a page is fetched at once, the others lazily. */
function giftCard(t: ShopText, language: PageLanguage, gift: ListedGift, first: boolean, showBusiness = true): TrustedHtml {
  const image = cardImageSrc(gift.imageUrl);
  const href = shopHref(`/b/${gift.business.slug}/${gift.slug}`, {}, language);
  const picture = image
    ? html`<img src="${image}" alt="" width="480" height="360" ${first ? html`fetchpriority="high"` : html`loading="lazy"`} decoding="async">`
    : html`<div class="ph" aria-hidden="true"></div>`;
  return html`<li><article class="card" data-testid="shop-gift">${picture}<div class="body">
<h3><a href="${href}">${gift.name}</a></h3>
${showBusiness ? html`<p class="muted">${t('card.by', { business: gift.business.name })}</p>` : ''}
${gift.forTwo ? html`<p><span class="tag">${t('card.forTwo')}</span></p>` : ''}
<p class="muted">${t('card.validFor', { count: gift.validityDays })}</p>
${onlineBookingLines(t, language, gift)}
<p class="price">${giftPriceText(t, gift)}</p>
</div></article></li>`;
}

/**
 * A gift booked online (ADR 105): said before buying, with the next free time, so nobody buys
 * a gift that needs booking without knowing when it can be booked.
 */
function onlineBookingLines(t: ShopText, language: PageLanguage, gift: ListedGift): TrustedHtml | '' {
  if (!gift.onlineBooking) return '';
  return html`<p data-testid="shop-book-online"><span class="tag">${t('booking.online')}</span></p>
<p class="muted" data-testid="shop-next-free">${t('booking.next', { when: formatDateTime(gift.onlineBooking.nextFreeAt, language) })}</p>`;
}

/** A gift's price, or a gift card's bounds (ADR 108). */
function giftPriceText(t: ShopText, gift: ListedGift): string {
  const bounds = cardBounds(gift);
  return bounds ? t('card.priceRange', { min: formatPrice(bounds.min), max: formatPrice(bounds.max) }) : formatPrice(gift.price);
}

/** schema.org's offer: one price, or a card's range as an AggregateOffer. */
function giftOffer(gift: ListedGift): Record<string, unknown> {
  const bounds = cardBounds(gift);
  return bounds
    ? { '@type': 'AggregateOffer', lowPrice: schemaPrice(bounds.min), highPrice: schemaPrice(bounds.max), priceCurrency: 'EUR' }
    : { '@type': 'Offer', price: schemaPrice(gift.price), priceCurrency: 'EUR' };
}

function giftGrid(t: ShopText, language: PageLanguage, gifts: ListedGift[], showBusiness = true): TrustedHtml {
  return html`<ul class="grid">${gifts.map((gift, index) => giftCard(t, language, gift, index === 0, showBusiness))}</ul>`;
}

/** The listing's parameters as the address carries them (defaults left out). */
export function listingParams(filters: GiftFilters): Record<string, string | undefined> {
  return {
    q: filters.q || undefined,
    category: filters.category,
    district: filters.district,
    minPrice: filters.minPrice === undefined ? undefined : String(filters.minPrice),
    maxPrice: filters.maxPrice === undefined ? undefined : String(filters.maxPrice),
    forTwo: filters.forTwo ? '1' : undefined,
    sort: filters.sort === 'price_asc' ? undefined : filters.sort,
    page: filters.page > 1 ? String(filters.page) : undefined,
  };
}

function option(value: string, label: string, selected: boolean): TrustedHtml {
  return html`<option value="${value}"${selected ? ' selected' : ''}>${label}</option>`;
}

const sortLabels = { price_asc: 'list.sortPriceAsc', price_desc: 'list.sortPriceDesc', newest: 'list.sortNewest' } as const;

export interface ListingRender {
  language: PageLanguage;
  site: ShopSite;
  filters: GiftFilters;
  result: ListedGiftPage;
  /** Some parameters could not be read and were dropped. */
  dropped: boolean;
  /** The search was longer than CATALOG_SEARCH_MAX_LENGTH and was left out. */
  searchTooLong?: boolean;
}

export function renderGiftListing({ language, site, filters, result, dropped, searchTooLong = false }: ListingRender): string {
  const t = shopText(language);
  const params = listingParams(filters);
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const form = html`<section class="panel" aria-labelledby="filters-title">
<h2 id="filters-title" style="margin-top:0">${t('list.filters')}</h2>
<form method="get" action="/gifts" class="filters" role="search">
<input type="hidden" name="lang" value="${language}">
<div class="wide"><label for="q">${t('list.search')}</label><input type="search" id="q" name="q" maxlength="${CATALOG_SEARCH_MAX_LENGTH}" value="${filters.q ?? ''}" placeholder="${t('list.searchHint')}"></div>
<div><label for="category">${t('list.category')}</label><select id="category" name="category">${option('', t('list.anyCategory'), !filters.category)}${businessCategories.map((c) => option(c, t(`common:categories.${c}`), filters.category === c))}</select></div>
<div><label for="district">${t('list.district')}</label><select id="district" name="district">${option('', t('list.anyDistrict'), !filters.district)}${valenciaDistricts.map((d) => option(d, t(`districts:${d}`), filters.district === d))}</select></div>
<div><label for="minPrice">${t('list.minPrice')}</label><input type="number" id="minPrice" name="minPrice" min="0" max="100000" step="1" inputmode="numeric" value="${filters.minPrice ?? ''}"></div>
<div><label for="maxPrice">${t('list.maxPrice')}</label><input type="number" id="maxPrice" name="maxPrice" min="0" max="100000" step="1" inputmode="numeric" value="${filters.maxPrice ?? ''}"></div>
<div><label for="sort">${t('list.sort')}</label><select id="sort" name="sort">${giftSorts.map((s) => option(s, t(sortLabels[s]), filters.sort === s))}</select></div>
<div><label class="check"><input type="checkbox" name="forTwo" value="1"${filters.forTwo ? ' checked' : ''}> ${t('list.forTwo')}</label></div>
<div class="wide row"><button class="button primary" type="submit">${t('list.apply')}</button><a href="${shopHref('/gifts', {}, language)}">${t('list.clear')}</a></div>
</form>
</section>`;
  const pager =
    pages > 1
      ? html`<nav aria-label="${t('list.pages')}"><ul class="pager">
${filters.page > 1 ? html`<li><a href="${shopHref('/gifts', { ...params, page: filters.page > 2 ? String(filters.page - 1) : undefined }, language)}" rel="prev">${t('list.previous')}</a></li>` : ''}
${Array.from({ length: pages }, (_, i) => i + 1)
  .filter((n) => n === 1 || n === pages || Math.abs(n - filters.page) <= 2)
  .map((n) =>
    n === filters.page
      ? html`<li><span aria-current="page">${n}</span></li>`
      : html`<li><a href="${shopHref('/gifts', { ...params, page: n > 1 ? String(n) : undefined }, language)}" aria-label="${t('list.pageOf', { page: n, pages })}">${n}</a></li>`,
  )
}
${filters.page < pages ? html`<li><a href="${shopHref('/gifts', { ...params, page: String(filters.page + 1) }, language)}" rel="next">${t('list.next')}</a></li>` : ''}
</ul></nav>`
      : '';
  const results =
    result.items.length > 0
      ? giftGrid(t, language, result.items)
      : html`<p class="panel" data-testid="shop-empty">${t('list.empty')}</p>`;
  const body = html`<h1>${t('list.heading')}</h1>
<p class="muted">${t('list.intro')}</p>
${form}
${searchTooLong ? html`<p role="status">${t('list.searchTooLong', { max: CATALOG_SEARCH_MAX_LENGTH })}</p>` : ''}
${dropped ? html`<p role="status">${t('list.invalid')}</p>` : ''}
<h2 id="results" data-testid="shop-count">${t('list.count', { count: result.total })}</h2>
${results}
${pager}`;
  const title = filters.page > 1 ? t('meta.listTitlePage', { page: filters.page }) : t('meta.listTitle');
  const firstImage = result.items.map((gift) => cardImageSrc(gift.imageUrl)).find(Boolean) ?? null;
  return renderShopDocument({
    language,
    site,
    title,
    description: t('meta.listDescription'),
    path: '/gifts',
    params,
    image: firstImage,
    body,
    current: 'gifts',
    structured: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: result.items.map((gift, index) => ({
        '@type': 'ListItem',
        position: (result.page - 1) * result.pageSize + index + 1,
        url: `${site.origin}${shopHref(`/b/${gift.business.slug}/${gift.slug}`, {}, language)}`,
        name: gift.name,
      })),
    },
  });
}

function localBusiness(site: ShopSite, language: PageLanguage, business: ShopBusiness) {
  const image = cardImageSrc(business.imageUrl);
  return {
    '@type': 'LocalBusiness',
    '@id': `${site.origin}/b/${business.slug}#business`,
    name: business.name,
    url: `${site.origin}${shopHref(`/b/${business.slug}`, {}, language)}`,
    ...(business.description ? { description: business.description } : {}),
    ...(image ? { image: `${site.origin}${image}` } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.address,
      addressLocality: business.city,
      addressRegion: 'Valencia',
      addressCountry: 'ES',
    },
  };
}

export interface BusinessRender {
  language: PageLanguage;
  site: ShopSite;
  business: ShopBusiness;
  gifts: ListedGift[];
}

export function renderBusinessPage({ language, site, business, gifts }: BusinessRender): string {
  const t = shopText(language);
  const image = cardImageSrc(business.imageUrl);
  const where = formatAddress(business.address, business.city);
  const body = html`<p class="eyebrow">${t('business.eyebrow')}</p>
<div class="hero">
<div>
<h1>${business.name}</h1>
${business.description ? html`<p>${business.description}</p>` : ''}
<dl class="panel">
<dt>${t('business.category')}</dt><dd>${t(`common:categories.${business.category}`)}</dd>
${business.district ? html`<dt>${t('business.district')}</dt><dd>${t(`districts:${business.district}`)}</dd>` : ''}
<dt>${t('business.address')}</dt><dd>${where}<br><a href="${mapUrl(business)}" target="_blank" rel="noopener noreferrer">${t('business.map')}</a></dd>
</dl>
</div>
${image ? html`<img src="${image}" alt="" width="480" height="360" fetchpriority="high">` : ''}
</div>
<h2>${t('business.giftsHeading', { name: business.name })}</h2>
${gifts.length > 0 ? giftGrid(t, language, gifts, false) : html`<p class="panel">${t('business.noGifts')}</p>`}
<p style="margin-top:1.5rem"><a class="button" href="${shopHref('/gifts', {}, language)}">${t('gift.allGifts')}</a></p>`;
  return renderShopDocument({
    language,
    site,
    title: business.name,
    description: business.description?.slice(0, 200) || t('meta.businessDescription', { name: business.name }),
    path: `/b/${business.slug}`,
    image,
    ogType: 'business.business',
    body,
    structured: { '@context': 'https://schema.org', ...localBusiness(site, language, business) },
  });
}

export interface GiftRender {
  language: PageLanguage;
  site: ShopSite;
  business: ShopBusiness;
  gift: ListedGift;
  /** False for a gift booked online whose business offers no time soon enough: no way to buy it. */
  onSale?: boolean;
  others: ListedGift[];
}

/**
 * Where "Send this gift" leads: the checkout with the gift put in the cart, for a signed-in
 * giver and a guest alike (ADR 075; the guest may still sign in from there).
 */
export function sendGiftHref(gift: ListedGift): string {
  return `/checkout?add=${encodeURIComponent(gift.id)}`;
}

export function renderGiftPage({ language, site, business, gift, onSale = true, others }: GiftRender): string {
  const t = shopText(language);
  const image = cardImageSrc(gift.imageUrl);
  const businessHref = shopHref(`/b/${business.slug}`, {}, language);
  const price = giftPriceText(t, gift);
  const bounds = cardBounds(gift);
  const body = html`<p class="eyebrow"><a href="${businessHref}">${business.name}</a></p>
<div class="hero">
${image ? html`<img src="${image}" alt="" width="480" height="360" fetchpriority="high">` : ''}
<div>
<h1>${gift.name}</h1>
<p class="big-price" data-testid="shop-price">${price}</p>
${bounds ? html`<p><span class="tag">${t('gift.cardTag')}</span></p><p>${t('gift.cardLead', { business: business.name })}</p>` : ''}
${gift.forTwo ? html`<p><span class="tag">${t('gift.forTwo')}</span></p>` : ''}
${gift.description ? html`<p>${gift.description}</p>` : ''}
<p>${t('gift.validity', { count: gift.validityDays })}</p>
${onlineBookingLines(t, language, gift)}
${
  onSale
    ? html`<p><a class="button primary" href="${sendGiftHref(gift)}" data-testid="send-gift">${t('gift.send')}</a></p>
<p class="muted">${t('gift.sendHint')}</p>`
    : html`<p class="panel" role="status" data-testid="shop-not-on-sale">${t('booking.waiting', { business: business.name, count: SELLABLE_WITHIN_DAYS })}</p>`
}
</div>
</div>
<section class="panel" aria-labelledby="gets"><h2 id="gets" style="margin-top:0">${t('gift.getsHeading')}</h2>
<p>${t('gift.gets', { count: gift.validityDays })}</p></section>
<section class="panel" aria-labelledby="how"><h2 id="how" style="margin-top:0">${t('gift.howHeading')}</h2>
<ol class="steps"><li>${t('gift.how1')}</li><li>${t('gift.how2')}</li><li>${t('gift.how3', { business: business.name })}</li></ol></section>
<section class="panel" aria-labelledby="where"><h2 id="where" style="margin-top:0">${business.name}</h2>
<p>${formatAddress(business.address, business.city)}</p>
<p><a href="${mapUrl(business)}" target="_blank" rel="noopener noreferrer">${t('business.map')}</a> · <a href="${businessHref}">${t('errors.seeBusiness', { business: business.name })}</a></p></section>
${others.length > 0 ? html`<h2>${t('gift.more', { business: business.name })}</h2>${giftGrid(t, language, others.slice(0, 6), false)}` : ''}`;
  return renderShopDocument({
    language,
    site,
    title: `${gift.name} · ${business.name}`,
    description: gift.description?.slice(0, 200) || t('meta.giftDescription', { name: gift.name, business: business.name, price }),
    path: `/b/${business.slug}/${gift.slug}`,
    image,
    ogType: 'product',
    body,
    structured: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: gift.name,
      ...(gift.description ? { description: gift.description } : {}),
      ...(image ? { image: `${site.origin}${image}` } : {}),
      url: `${site.origin}${shopHref(`/b/${business.slug}/${gift.slug}`, {}, language)}`,
      brand: { '@type': 'Brand', name: business.name },
      offers: {
        ...giftOffer(gift),
        availability: onSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: `${site.origin}${shopHref(`/b/${business.slug}/${gift.slug}`, {}, language)}`,
        seller: localBusiness(site, language, business),
      },
    },
  });
}

export type ShopErrorKind = 'not-found' | 'business-gone' | 'gift-gone';

export interface ErrorRender {
  language: PageLanguage;
  site: ShopSite;
  kind: ShopErrorKind;
  path: string;
  /** The business the page names or leads back to, when there is one. */
  business?: { name: string; slug?: string } | null;
}

/** 404 and 410 pages: what happened and where to go instead, never a blank page. */
export function renderShopError({ language, site, kind, path, business }: ErrorRender): string {
  const t = shopText(language);
  const title = kind === 'business-gone' ? t('errors.businessGoneTitle') : kind === 'gift-gone' ? t('errors.giftGoneTitle') : t('errors.notFoundTitle');
  const text =
    kind === 'business-gone'
      ? t('errors.businessGoneText', { name: business?.name ?? '' })
      : kind === 'gift-gone'
        ? t('errors.giftGoneText', { business: business?.name ?? '' })
        : t('errors.notFoundText');
  const links = [
    ...(business?.slug ? [[shopHref(`/b/${business.slug}`, {}, language), t('errors.seeBusiness', { business: business.name })]] : []),
    [shopHref('/gifts', {}, language), t('errors.seeAll')],
    ['/', t('errors.home')],
  ];
  const body = html`<h1>${title}</h1>
<p>${text}</p>
<ul class="row" style="list-style:none;padding:0">${links.map(([href, label], i) => html`<li><a class="button${i === 0 ? ' primary' : ''}" href="${href!}">${label!}</a></li>`)}</ul>`;
  return renderShopDocument({ language, site, title, description: text, path, body, indexable: false });
}
