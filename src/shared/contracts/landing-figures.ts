/**
 * The landing page's figures (ADR 080): counted from the data by the server and
 * written into the landing page's document as `<meta name="regalo-figures" content="<giftsSent> <partners> <recipients>">`,
 * so the page shows them without a request and with a few bytes of code (its JavaScript
 * budget, ADR 039). No meta, no figures: the page leaves the block out.
 *
 * - `giftsSent`: gifts paid for and released to their recipient (not refunded);
 * - `partners`: businesses on sale now (the listing rule);
 * - `recipients`: distinct people those gifts went to (by email, else phone).
 */
export const landingFigureKeys = ['giftsSent', 'partners', 'recipients'] as const;
export type LandingFigures = Record<(typeof landingFigureKeys)[number], number>;

export const LANDING_FIGURES_META = 'regalo-figures';

/**
 * Below this many gifts sent the figures are not shown at all: a small count presented as
 * social proof would mislead as much as an invented one.
 */
export const LANDING_FIGURES_MIN_GIFTS = 50;

export function writeLandingFigures(figures: LandingFigures): string {
  return landingFigureKeys.map((key) => figures[key]).join(' ');
}

/** The figures a document carries, in `landingFigureKeys` order, or null when it carries none (or something else). */
export function readLandingFigures(content: string | null | undefined): number[] | null {
  // Kept short: it is part of the landing page's JavaScript (the server writes only counts).
  const values = content?.split(' ').map(Number);
  return values?.length === 3 && values.every(Number.isSafeInteger) ? values : null;
}
