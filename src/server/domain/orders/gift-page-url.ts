/**
 * The recipient's gift page: the link every gift email and "my orders" share, what the QR
 * encodes and what the business's scanner reads.
 */
export function giftPageUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/g/${encodeURIComponent(code)}`;
}

/** The same page relative to the site, for links within it ("My orders", the thank-you page). */
export function giftPagePath(code: string): string {
  return `/g/${encodeURIComponent(code)}`;
}
