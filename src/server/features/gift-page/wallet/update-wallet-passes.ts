import { and, eq, exists, gte, like, lt, or } from 'drizzle-orm';
import { giftMovements, orders } from '../../../db/schema/orders';
import { walletPassRegistrations, walletPasses } from '../../../db/schema/wallet-passes';
import type { AppContext } from '../../../platform/context';
import type { ApnsClient } from '../../../platform/wallet/apns-client';
import type { GoogleWalletClient } from '../../../platform/wallet/google-wallet-client';
import { getGiftPage, type GiftPageView } from '../get-gift-page';
import { buildGoogleObject, googleObjectId } from './build-google-object';
import { passSerial } from './pass-secrets';
import { walletPassState } from './wallet-pass-state';

/** Passes compared in one run; a run that finds more leaves the rest to the next. */
const BATCH = 200;

export interface WalletUpdateRun {
  changed: number;
  pushed: number;
  /** Pushes APNs refused or that failed; their registrations stay unless APNs said the token is gone. */
  pushFailed: number;
  patched: number;
  patchFailed: number;
}

interface ChangedPass {
  view: GiftPageView;
  pushTokens: { deviceLibraryId: string; pushToken: string }[];
  google: boolean;
}

/**
 * The wallet-updates job (ADR 107): passes whose gift now says something else than the pass
 * (used, withdrawn, cancelled, extended, expired, a card's balance — by whatever code path) get a new
 * `updated_at`, then each phone that keeps one is pushed and each Google object patched. The
 * claim is `FOR UPDATE SKIP LOCKED` on the passes, so two servers never tell one change
 * twice; the calls to Apple and Google happen after the commit, so no transaction waits on them.
 */
export async function updateWalletPasses(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  clients: { apns?: ApnsClient; google?: GoogleWalletClient },
  log: { warn: (fields: object, message: string) => void } = { warn: () => {} },
): Promise<WalletUpdateRun> {
  const now = ctx.now();
  const changed = await ctx.db.transaction(async (tx) => {
    // Candidates: the order changed since the pass was last compared (within the same
    // millisecond too), a movement was written since (a card's use or undo changes its
    // balance and nothing else), or a gift the pass shows usable whose date has passed
    // (nothing writes an order at its expiry's moment).
    const candidates = await tx
      .select({ orderId: walletPasses.orderId, code: orders.qrCode, state: walletPasses.state, google: walletPasses.googleIssuedAt })
      .from(walletPasses)
      .innerJoin(orders, eq(orders.id, walletPasses.orderId))
      .where(
        or(
          gte(orders.updatedAt, walletPasses.checkedAt),
          exists(
            tx
              .select({ id: giftMovements.id })
              .from(giftMovements)
              .where(and(eq(giftMovements.orderId, walletPasses.orderId), gte(giftMovements.createdAt, walletPasses.checkedAt))),
          ),
          and(like(walletPasses.state, 'paid|%'), lt(orders.expiresAt, now)),
        ),
      )
      .orderBy(walletPasses.checkedAt)
      .limit(BATCH)
      .for('update', { of: walletPasses, skipLocked: true });
    const found: ChangedPass[] = [];
    for (const candidate of candidates) {
      const view = await getGiftPage(tx, candidate.code, now);
      const state = view ? walletPassState(view) : candidate.state;
      const isChanged = view !== null && state !== candidate.state;
      await tx
        .update(walletPasses)
        .set(isChanged ? { state, updatedAt: now, checkedAt: now } : { checkedAt: now })
        .where(eq(walletPasses.orderId, candidate.orderId));
      if (!isChanged) continue;
      const pushTokens = await tx
        .select({ deviceLibraryId: walletPassRegistrations.deviceLibraryId, pushToken: walletPassRegistrations.pushToken })
        .from(walletPassRegistrations)
        .where(eq(walletPassRegistrations.orderId, candidate.orderId));
      found.push({ view, pushTokens, google: candidate.google !== null });
    }
    return found;
  });

  const run: WalletUpdateRun = { changed: changed.length, pushed: 0, pushFailed: 0, patched: 0, patchFailed: 0 };
  const apple = ctx.config.wallet.apple;
  const google = ctx.config.wallet.google;
  const gone: { deviceLibraryId: string; orderId: string }[] = [];
  for (const pass of changed) {
    if (clients.apns && apple) {
      for (const device of pass.pushTokens) {
        const status = await clients.apns.push(device.pushToken, apple.passTypeId).catch(() => 0);
        if (status === 200) run.pushed += 1;
        else {
          run.pushFailed += 1;
          // 410: the device no longer takes this token; the phone registers again if it still keeps the pass.
          if (status === 410) gone.push({ deviceLibraryId: device.deviceLibraryId, orderId: pass.view.orderId });
          else log.warn({ job: 'wallet-updates', status }, 'APNs did not take a pass update');
        }
      }
    }
    if (clients.google && google && pass.google) {
      const serial = passSerial(ctx.config.authSecret, pass.view.code);
      const object = buildGoogleObject({ view: pass.view, language: pass.view.recipientLocale, publicUrl: ctx.config.publicUrl, issuerId: google.issuerId, serial, demo: google.demo });
      const status = await clients.google.updateObject(object.type, googleObjectId(google.issuerId, serial), object.walletObject).catch(() => 0);
      // 404: the person never saved it; there is nothing at Google to update.
      if (status === 200) run.patched += 1;
      else if (status !== 404) {
        run.patchFailed += 1;
        log.warn({ job: 'wallet-updates', status }, 'Google Wallet did not take an object update');
      }
    }
  }
  for (const registration of gone) {
    await ctx.db
      .delete(walletPassRegistrations)
      .where(and(eq(walletPassRegistrations.orderId, registration.orderId), eq(walletPassRegistrations.deviceLibraryId, registration.deviceLibraryId)));
  }
  return run;
}

