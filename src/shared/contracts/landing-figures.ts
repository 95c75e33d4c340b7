/**
 * The landing page's figures (issue 46.8): counted from the data by the server and written
 * into the landing page's document as `<meta name="regalo-figures" content="giftsSent=… partners=… recipients=…">`,
 * so the page shows them without a request and without code of its own beyond reading them
 * (its JavaScript budget, ADR 039). No meta, no figures: the page leaves the block out.
 *
 * - `giftsSent`: gifts paid for and released to their recipient (not refunded);
 * - `partners`: businesses on sale now (the listing rule);
 * - `recipients`: distinct people those gifts went to (by email, else phone).
 */
export interface LandingFigures {
  giftsSent: number;
  partners: number;
  recipients: number;
}

export const LANDING_FIGURES_META = 'regalo-figures';

/**
 * Below this many gifts sent the figures are not shown at all: a small count presented as
 * social proof would mislead as much as an invented one.
 */
export const LANDING_FIGURES_MIN_GIFTS = 50;

const keys = ['giftsSent', 'partners', 'recipients'] as const;

export function writeLandingFigures(figures: LandingFigures): string {
  return keys.map((key) => `${key}=${figures[key]}`).join(' ');
}

/** The figures a document carries, or null when it carries none (or something else). */
export function readLandingFigures(content: string | null | undefined): LandingFigures | null {
  if (!content) return null;
  const pairs = new Map(content.split(' ').map((pair) => pair.split('=') as [string, string | undefined]));
  const figures = {} as LandingFigures;
  for (const key of keys) {
    const value = Number(pairs.get(key));
    if (!Number.isSafeInteger(value) || value < 0) return null;
    figures[key] = value;
  }
  return figures;
}
