/**
 * What a confirmation link's landing says (the server's `confirmationLocation`): the address
 * is confirmed (`verified=1`), and `found` purchases made as a guest with it wait for "Add to
 * my account". A count that is not a small whole number is ignored: the address is the
 * visitor's to edit.
 */
export interface EmailConfirmation {
  verified: boolean;
  found: number;
}

export function readEmailConfirmation(params: URLSearchParams): EmailConfirmation {
  const raw = params.get('found') ?? '';
  const found = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 0;
  return { verified: params.get('verified') === '1', found };
}

/** The confirmation's parameters left out, for a page that has said it once. */
export function withoutEmailConfirmation(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('verified');
  next.delete('found');
  return next;
}
