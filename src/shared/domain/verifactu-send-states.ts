/**
 * Where a VERI*FACTU billing record stands with the AEAT (ADR 062), shared by the server
 * (the records table's CHECK, the sending queue) and the web app (the admin's labels).
 * - pending: not yet answered for (sending off, waiting, or retrying after no answer).
 * - accepted: registered.
 * - accepted_with_errors: registered, with an error code and description to correct.
 * - rejected: not registered; the code and description say why.
 */
export const verifactuSendStates = ['pending', 'accepted', 'accepted_with_errors', 'rejected'] as const;

export type VerifactuSendState = (typeof verifactuSendStates)[number];
