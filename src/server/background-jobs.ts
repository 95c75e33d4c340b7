import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { cleanUpTempUploads } from './features/business-documents/clean-up-temp-uploads';
import { sendStatementEmails } from './money/statements/send-statement-emails';
import { expireCheckouts } from './features/checkout/expire-checkouts';
import { cleanUpOrphanedImages } from './features/files/clean-up-orphaned-images';
import { deliverDueGifts } from './features/gift-delivery/deliver-due-gifts';
import { createDatabaseVerifactuQueue } from './money/verifactu/database-verifactu-queue';
import { issueDueInvoices } from './money/invoices/issue-due-invoices';
import { expireOrders } from './features/order-expiry/expire-orders';
import { sendExpiryReminders } from './features/order-expiry/send-expiry-reminders';
import { sendOwnerDailySummaries } from './features/owner-notices/send-owner-daily-summaries';
import { sendBookingReminders } from './features/booking-reminders/send-booking-reminders';
import { retryPendingRefunds } from './money/refunds/retry-pending-refunds';
import { runDailyReconciliation } from './money/reconciliation/run-daily-reconciliation';
import { sendDueTransfers } from './money/transfers/send-due-transfers';
import { payOutTestTransfers } from './money/transfers/pay-out-test-transfers';
import type { AppContext } from './platform/context';
import { maintainPglite } from './platform/jobs/maintain-pglite';
import { updateWalletPasses } from './features/gift-page/wallet/update-wallet-passes';
import { createApnsClient } from './platform/wallet/apns-client';
import { createGoogleWalletClient } from './platform/wallet/google-wallet-client';
import { createPeriodicJob, type PeriodicJob } from './platform/jobs/periodic-job';
import { runExclusively } from './platform/jobs/run-exclusively';
import { MAIL_POLL_MS } from './platform/mail/mail-worker';
import { createVerifactuSender } from './platform/verifactu/create-verifactu-sender';
import { sendPendingVerifactuRecords } from './platform/verifactu/send-pending-verifactu-records';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * One background job as every server runs it (ADR 097). Every server runs every job (a
 * listening server only: `inject` tests call the use cases themselves); what a run claims
 * is what keeps two servers from doing one movement (an email, a transfer, a refund, an
 * invoice, a record sent to the AEAT) twice, and `raceTest` is the test that starts two
 * servers, or two connection pools, on one PostgreSQL running it at once and counts.
 */
export interface BackgroundJobDeclaration {
  name: string;
  everyMs: number;
  /** What it does, in a few words. */
  does: string;
  /** What one run claims, so that no second server repeats it. */
  claims: string;
  /** The test of two servers running it at once (a path from the repository's root). */
  raceTest: string;
  /** Only on this database (PGlite has no autovacuum, and one process by construction). */
  onlyOn?: 'pglite';
}

export const BACKGROUND_JOBS = [
  {
    name: 'mail-outbox',
    everyMs: MAIL_POLL_MS,
    does: 'sends the queued emails (waits up to a minute between passes while the relay is down)',
    claims: 'due `mail_outbox` rows, `FOR UPDATE SKIP LOCKED`, under a 5-minute lease',
    raceTest: 'src/server/scale-out.int.test.ts',
  },
  {
    name: 'gift-delivery',
    everyMs: MINUTE,
    does: 'mails each scheduled gift whose moment has come',
    claims: 'due paid orders, `FOR UPDATE SKIP LOCKED`, then `delivered_at` by a conditional update',
    raceTest: 'src/server/scale-out.int.test.ts',
  },
  {
    name: 'checkout-expiry',
    everyMs: 5 * MINUTE,
    does: 'closes unpaid checkouts past their lifetime and cancels their orders',
    claims: 'conditional updates (`pending` → `expired`, `unpaid` → `cancelled`)',
    raceTest: 'src/server/scale-out.int.test.ts',
  },
  {
    name: 'order-expiry',
    everyMs: 10 * MINUTE,
    does: 'writes paid gifts past their date as expired, then sends the "a week left" reminders',
    claims: 'a conditional update to `expired`; reminders `FOR UPDATE SKIP LOCKED` and `expiry_reminder_sent_at`',
    raceTest: 'src/server/scale-out.int.test.ts',
  },
  {
    name: 'transfers',
    everyMs: MINUTE,
    does: 'sends due transfers to the businesses through the provider (ADR 053, 084); with the test provider, pays them out to the banks after a few days',
    claims: 'due transfers, `FOR UPDATE SKIP LOCKED`, sent with an idempotency key of their own; a test payout by its ledger row’s idempotency key',
    raceTest: 'src/server/money/transfers/transfer-race.int.test.ts',
  },
  {
    name: 'refunds',
    everyMs: MINUTE,
    does: 'retries refunds that failed after the share was taken back (ADR 084)',
    claims: 'pending refunds with their orders, `FOR UPDATE SKIP LOCKED`',
    raceTest: 'src/server/money/refunds/refund-race.int.test.ts',
  },
  {
    name: 'ledger-reconciliation',
    everyMs: HOUR,
    does: 'compares the ledger with the provider once a day (ADR 065)',
    claims: 'an advisory lock (one server at a time) and the last run’s end (one run a day)',
    raceTest: 'src/server/money/reconciliation/reconciliation-race.int.test.ts',
  },
  {
    name: 'statement-emails',
    everyMs: HOUR,
    does: 'mails each owner last month’s statement from the 1st (ADR 060)',
    claims: 'a `statement_emails` row per business and month (primary key), in the mail’s transaction',
    raceTest: 'src/server/money/statements/statement-emails-race.int.test.ts',
  },
  {
    name: 'invoices',
    everyMs: HOUR,
    does: 'issues the commission invoices of ended months and their rectifications (ADR 061)',
    claims: 'the invoice chain’s lock; each business and month checked again under it',
    raceTest: 'src/server/money/invoices/invoice-race.int.test.ts',
  },
  {
    name: 'verifactu-sending',
    everyMs: MINUTE,
    does: 'sends pending VERI*FACTU records to the AEAT in chain order (ADR 062)',
    claims: 'an advisory lock: one server at a time sends',
    raceTest: 'src/server/money/verifactu/verifactu-sending-race.int.test.ts',
  },
  {
    name: 'owner-daily-summaries',
    everyMs: HOUR,
    does: 'mails owners who chose it yesterday’s sales and cancellations in one email (ADR 065)',
    claims: 'the day’s order events by a conditional update, in the mail’s transaction',
    raceTest: 'src/server/features/owner-notices/owner-summaries-race.int.test.ts',
  },
  {
    name: 'booking-reminders',
    everyMs: 15 * MINUTE,
    does: 'mails each recipient the day before their booking: the time, the address, a map link, the phone and the calendar file (ADR 105)',
    claims: 'each booking’s `reminded_at` by a conditional update, in the mail’s transaction',
    raceTest: 'src/server/features/booking-reminders/booking-reminders-race.int.test.ts',
  },
  {
    name: 'temp-upload-clean-up',
    everyMs: HOUR,
    does: 'deletes wizard uploads nobody adopted',
    claims: 'an advisory lock: files are not rows, so one server at a time',
    raceTest: 'src/server/scale-out.int.test.ts',
  },
  {
    name: 'orphaned-image-clean-up',
    everyMs: 6 * HOUR,
    does: 'deletes images nothing points at any more',
    claims: 'an advisory lock: files are not rows, so one server at a time',
    raceTest: 'src/server/scale-out.int.test.ts',
  },
  {
    name: 'wallet-updates',
    everyMs: MINUTE,
    does: 'tells the phones (APNs) and Google Wallet about passes whose gift was used, withdrawn, extended or expired (ADR 107)',
    claims: 'the changed `wallet_passes` rows, `FOR UPDATE SKIP LOCKED`, their new state written before the pushes',
    raceTest: 'src/server/features/gift-page/wallet/wallet-updates.int.test.ts',
  },
  {
    name: 'pglite-maintenance',
    everyMs: MINUTE,
    does: 'vacuums and analyses the embedded database’s tables at autovacuum’s pace',
    claims: 'nothing: PGlite is one process, and the job moves no money and sends nothing',
    raceTest: 'src/server/platform/jobs/maintain-pglite.int.test.ts',
    onlyOn: 'pglite',
  },
] as const satisfies readonly BackgroundJobDeclaration[];

export type BackgroundJobName = (typeof BACKGROUND_JOBS)[number]['name'];

/** How a job runs in this process: a task on the registry's interval, or a worker with its own pace (the mail outbox). */
type JobRunner = { task: () => Promise<unknown> } | { worker: { start(): void; stop(): Promise<void> } };

/**
 * What each declared job does here. A `Record` over the registry's names: a job declared
 * without a runner, or run without a declaration, does not compile.
 */
function jobRunners(app: FastifyInstance, ctx: AppContext, verifactuSender: ReturnType<typeof createVerifactuSender>): Record<BackgroundJobName, JobRunner> {
  const log = app.log;
  // The clean-ups work on files, not rows: one server at a time, and each run logs what it removed.
  const fileCleanUp = (job: BackgroundJobName, run: () => Promise<number>, what: string) => async () => {
    const removed = await runExclusively(ctx.database, job, run);
    if (removed === null) log.info({ job, skipped: true }, `another server is clearing ${what}`);
    else log.info({ job, removed }, `${what} cleared`);
  };
  const verifactuQueue = createDatabaseVerifactuQueue(ctx.db);
  const { apple, google } = ctx.config.wallet;
  const googleWallet = google ? createGoogleWalletClient(google, ctx.now) : undefined;
  return {
    'mail-outbox': { worker: ctx.mail },
    'gift-delivery': { task: () => deliverDueGifts(ctx) },
    'checkout-expiry': { task: () => expireCheckouts(ctx) },
    'order-expiry': {
      task: async () => {
        await expireOrders(ctx);
        await sendExpiryReminders(ctx);
      },
    },
    transfers: {
      task: async () => {
        const run = await sendDueTransfers(ctx);
        if (run.sent + run.failed + run.cancelled > 0) log.info({ job: 'transfers', ...run }, 'transfers processed');
        const paidOut = await payOutTestTransfers(ctx);
        if (paidOut > 0) log.info({ job: 'transfers', paidOut }, 'test provider: transfers paid out to the banks');
      },
    },
    refunds: {
      task: async () => {
        const run = await retryPendingRefunds(ctx);
        if (run.refunded + run.failed > 0) log.info({ job: 'refunds', ...run }, 'pending refunds retried');
        if (run.abandoned > 0) log.warn({ job: 'refunds', ...run }, 'pending refunds abandoned: the orders are live again and their shares paid again');
      },
    },
    'ledger-reconciliation': {
      task: async () => {
        const result = await runDailyReconciliation(ctx);
        if (result) log.info({ job: 'ledger-reconciliation', compared: result.compared, differences: result.differences.length }, 'ledger reconciled');
      },
    },
    // Hourly: a server down on the 1st catches up at its next run; the claim row keeps it to one email.
    'statement-emails': {
      task: async () => {
        const sent = await sendStatementEmails(ctx);
        if (sent > 0) log.info({ job: 'statement-emails', sent }, 'monthly statements mailed');
      },
    },
    // Hourly: the run is idempotent (each unit is re-checked under the chain lock).
    invoices: {
      task: async () => {
        const run = await issueDueInvoices(ctx);
        if (run.issued.length > 0) log.info({ job: 'invoices', issued: run.issued.length }, 'commission invoices issued');
        if (run.blocked.length > 0) log.warn({ job: 'invoices', blocked: run.blocked }, 'businesses without invoicing data were not invoiced');
      },
    },
    // With VERIFACTU_DRIVER=off records stay pending and go once a sending driver is set.
    'verifactu-sending': {
      task: async () => {
        const report = await sendPendingVerifactuRecords({
          sender: verifactuSender,
          queue: verifactuQueue,
          now: ctx.now,
          exclusively: (task) => runExclusively(ctx.database, 'verifactu-sending', task),
        });
        if (report.requests > 0 || report.status === 'failed') log.info({ job: 'verifactu-sending', ...report }, 'VERI*FACTU records sent');
      },
    },
    // Hourly, so the summary leaves within the first hour of the Madrid day.
    'owner-daily-summaries': {
      task: async () => {
        const sent = await sendOwnerDailySummaries(ctx);
        if (sent > 0) log.info({ job: 'owner-daily-summaries', sent }, 'owner daily summaries mailed');
      },
    },
    // Every quarter of an hour from 09:00 the day before: a booking made late still gets its reminder that day.
    'booking-reminders': {
      task: async () => {
        const sent = await sendBookingReminders(ctx);
        if (sent > 0) log.info({ job: 'booking-reminders', sent }, 'booking reminders mailed');
      },
    },
    'temp-upload-clean-up': { task: fileCleanUp('temp-upload-clean-up', () => cleanUpTempUploads(ctx), 'temporary uploads') },
    'orphaned-image-clean-up': { task: fileCleanUp('orphaned-image-clean-up', () => cleanUpOrphanedImages(ctx), 'orphaned images') },
    // A connection to APNs for each run that has something to push, closed after it.
    'wallet-updates': {
      task: async () => {
        const apns = apple?.apns ? createApnsClient({ ...apple.apns, teamId: apple.teamId }, ctx.now) : undefined;
        try {
          const run = await updateWalletPasses(ctx, { apns, google: googleWallet }, log);
          if (run.changed > 0) log.info({ job: 'wallet-updates', ...run }, 'wallet passes updated');
        } finally {
          apns?.close();
        }
      },
    },
    'pglite-maintenance': {
      task: async () => {
        const started = performance.now();
        const run = await maintainPglite(ctx.database.db);
        if (run.analyzed.length + run.vacuumed.length > 0) {
          log.info({ job: 'pglite-maintenance', ...run, ms: Math.round(performance.now() - started) }, 'database tables maintained');
        }
      },
    },
  };
}

/**
 * Starts every job of the registry when the server listens and stops them when it closes,
 * each waiting for its run in progress. Runs never overlap within a process; a failed run is
 * logged and tried again at the next tick (platform/jobs/periodic-job.ts).
 */
export function registerBackgroundJobs(app: FastifyInstance, ctx: AppContext, config: Config): void {
  const verifactuSender = createVerifactuSender(config);
  const runners = jobRunners(app, ctx, verifactuSender);
  const jobs: PeriodicJob[] = BACKGROUND_JOBS.filter((job: BackgroundJobDeclaration) => !job.onlyOn || job.onlyOn === ctx.database.kind).map((job) => {
    const runner = runners[job.name];
    return 'worker' in runner ? runner.worker : createPeriodicJob(job.name, job.everyMs, runner.task, app.log);
  });
  app.addHook('onListen', async () => jobs.forEach((job) => job.start()));
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    verifactuSender.close();
  });
}
