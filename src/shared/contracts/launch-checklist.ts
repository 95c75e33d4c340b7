import { z } from 'zod';
import { launchDetailFields, launchStepKeys } from '../domain/launch-steps';

/**
 * What an approved business still has to do before its gifts are on sale, in order: one list
 * for the dashboard and the approval email, so neither says "live" while the shop window
 * still leaves the business out.
 *
 * GET /api/business/launch-checklist → 200 launchChecklistSchema, for the signed-in owner's
 *   own business (the id never comes from the client); the dashboard's guards (401
 *   `unauthenticated`, 403 `email_not_verified`, 403 `no_business`).
 *
 * - `commission`: the partner agreement accepted, and no commission the team proposed left
 *   to accept (ADR 065);
 * - `payouts`: the payout account can receive transfers (ADR 053);
 * - `invoicing`: what the admin's "cannot invoice" list asks for (legal name, tax id, fiscal
 *   address), and the Valencia district the shop window filters by;
 * - `firstGift`: a gift that is available, not archived and not hidden.
 * `isLive` is the shop window's own rule (the listing rule for the business and for one of its
 * gifts): true only when a gift of the business can be bought right now.
 */
export const launchChecklistSchema = z.object({
  steps: z.array(z.object({ key: z.enum(launchStepKeys), done: z.boolean() })),
  /** What the `invoicing` step still lacks, empty once done. */
  missingDetails: z.array(z.enum(launchDetailFields)),
  isLive: z.boolean(),
});
export type LaunchChecklist = z.infer<typeof launchChecklistSchema>;
