/**
 * The landing page's figures (ADR 080): counted from the data by the server
 * (`count-landing-figures.ts`) and written into the page (ADR 098). None counted: the page
 * leaves the block out.
 *
 * - `giftsSent`: gifts paid for and released to their recipient (not refunded);
 * - `partners`: businesses on sale now (the listing rule);
 * - `recipients`: distinct people those gifts went to (by email, else phone).
 */
export const landingFigureKeys = ['giftsSent', 'partners', 'recipients'] as const;
export type LandingFigures = Record<(typeof landingFigureKeys)[number], number>;

/**
 * Below this many gifts sent the figures are not shown at all: a small count presented as
 * social proof would mislead as much as an invented one.
 */
export const LANDING_FIGURES_MIN_GIFTS = 50;
