/**
 * The public shop window (ADR 067). Its pages are HTML the server renders; the one JSON
 * answer is the landing page's few featured gifts:
 *
 * GET /api/shop/featured?lang=en|es → 200 { items: FeaturedGift[] } (at most 4, newest
 *     first, by the catalogue's listing rule), for everyone, signed in or not.
 */
export interface FeaturedGift {
  name: string;
  businessName: string;
  /** Whole cents. */
  price: number;
  /** The price as the page shows it (`12,50 €`), formatted by the server so the landing page needs no formatter. */
  priceText: string;
  /** The card-sized picture, or null. */
  imageUrl: string | null;
  /** The gift's public page, in the asked language. */
  href: string;
}
