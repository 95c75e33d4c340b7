import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { filesRoutes } from './features/files/routes';
import { giftPageRoutes } from './features/gift-page/routes';
import { legalPageRoutes } from './features/legal-pages/routes';
import { listingReportRoutes } from './features/listing-reports/routes';
import { fairExpiryRoutes } from './features/fair-expiry/routes';
import { healthRoutes } from './features/health/routes';
import { operatorRoutes } from './features/operator/routes';
import { setMailOperator } from './platform/mail/layout';
import { catalogRoutes } from './features/catalog/routes';
import { featuredGiftsFor, shopRoutes } from './features/catalog/shop-routes';
import { firstGiftImage } from './features/catalog/catalog-answers';
import { landingRoutes } from './features/landing/routes';
import { contactsRoutes } from './features/contacts/routes';
import { myOrdersRoutes } from './features/my-orders/routes';
import { purchaseRoutes } from './features/my-orders/purchase-routes';
import { withdrawalRoutes } from './features/withdrawal/routes';
import { checkoutRoutes, stripeWebhookRoutes } from './features/checkout/routes';
import { expireCheckouts } from './features/checkout/expire-checkouts';
import { deliverDueGifts } from './features/gift-delivery/deliver-due-gifts';
import type { AppContext } from './platform/context';
import { accountRoutes } from './features/account/routes';
import { authRoutes } from './features/auth/routes';
import { devMailRoutes } from './features/dev-mail/routes';
import { devTestWorldRoutes } from './features/dev-test-world/routes';
import { profileRoutes } from './features/profile/routes';
import { businessDocumentsRoutes } from './features/business-documents/routes';
import { cleanUpTempUploads } from './features/business-documents/clean-up-temp-uploads';
import { cleanUpOrphanedImages } from './features/files/clean-up-orphaned-images';
import { expireOrders } from './features/order-expiry/expire-orders';
import { sendExpiryReminders } from './features/order-expiry/send-expiry-reminders';
import { businessImageRoutes } from './features/business-image/routes';
import { businessDashboardRoutes } from './features/business-dashboard/routes';
import { businessOnboardingRoutes } from './features/business-onboarding/routes';
import { redemptionRoutes } from './features/redemption/routes';
import { payoutAccountRoutes } from './features/payout-accounts/routes';
import { adminRoutes } from './features/admin/routes';
import { businessApplicationRoutes } from './features/business-applications/routes';
import { adminStatementRoutes, businessStatementRoutes } from './features/business-statements/routes';
import { adminInvoiceRoutes, businessInvoiceRoutes } from './features/invoices/routes';
import { issueDueInvoices } from './features/invoices/issue-due-invoices';
import { createDatabaseVerifactuQueue } from './features/invoices/database-verifactu-queue';
import { createVerifactuSender } from './platform/verifactu/create-verifactu-sender';
import { sendPendingVerifactuRecords } from './platform/verifactu/send-pending-verifactu-records';
import { sendStatementEmails } from './features/business-statements/send-statement-emails';
import multipart from '@fastify/multipart';
import { maintainPglite } from './platform/jobs/maintain-pglite';
import { createPeriodicJob } from './platform/jobs/periodic-job';
import { sendDueTransfers } from './features/payouts/send-due-transfers';
import { retryPendingRefunds } from './features/payouts/retry-pending-refunds';
import { runDailyReconciliation } from './features/payouts/run-daily-reconciliation';
import { sendOwnerDailySummaries } from './features/owner-notices/send-owner-daily-summaries';
import { runExclusively } from './platform/jobs/run-exclusively';
import { createAuth } from './platform/auth/auth';
import { registerCanonicalPaths } from './platform/canonical-path';
import { registerCsrfProtection } from './platform/csrf';
import { registerErrorHandling } from './platform/errors';
import { registerLoadShedding } from './platform/load-shedding';
import { logSerializers } from './platform/log-redaction';
import { registerRateLimits } from './platform/rate-limit';
import { registerRouteList } from './platform/route-list';
import { registerNulRefusal } from './platform/refuse-nul';
import { createMailService } from './platform/mail/mail-worker';
import { createPaymentProvider } from './platform/payments/create-payment-provider';
import { registerSecurityHeaders } from './platform/security-headers';
import { createStorage } from './platform/storage/create-storage';
import { publicPageRoutes } from './platform/public-page';
import { registerWebApp } from './platform/web-app';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built SPA from this folder (default dist/web); false for API-only tests. */
  webRoot?: string | false;
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify's and Node's HTTP server options for `config.http`. */
function httpTimeouts(http: Config['http']) {
  return {
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    // Socket inactivity in any state, e.g. a client that no longer reads its answer.
    connectionTimeout: http.requestTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(http.headersTimeoutMs / 4))),
    },
  };
}

/** Builds the whole server without listening; main.ts listens, tests call `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // No query strings, tokens or redemption codes, no statement parameters in errors.
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Keep a caller's request id (from a proxy) when it is sane, so logs join up end to end.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A hop count believes that many proxies nearest to us (Fastify's types lack the number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Slow and idle clients (issue 27, finding 2): a client gets so long for its headers and
    // for its whole request, then a 408 and a closed socket; an idle keep-alive connection, or
    // one that has stopped reading its answer, is closed too. Node checks the first two every
    // `connectionsCheckingInterval` (30 s by default, which would let a slow client keep its
    // socket for half a minute past the limit).
    ...httpTimeouts(config.http),
  }).withTypeProvider<ZodTypeProvider>();

  registerRouteList(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    storage: await createStorage(config.storage),
    now: options.now ?? (() => new Date()),
    auth: createAuth({ config, db: database.db }),
    payments: await createPaymentProvider(config, () => ctx.now()),
    mail: createMailService({ config, db: database.db, now: () => ctx.now(), log: app.log }),
  };
  app.decorate('ctx', ctx);
  // A connection closed under the pool (a restart, a failover): logged, never fatal (issue 28).
  database.onConnectionError((error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one'));
  // Every email's footer names the operator from the configuration (issue 15.12).
  setMailOperator(config.operator);
  // The mail worker runs in a listening server only; tests (inject) deliver with flush().
  app.addHook('onListen', async () => ctx.mail.start());
  app.addHook('onClose', async () => ctx.mail.stop());
  // The file clean-ups run in a listening server only; with several servers on one bucket,
  // one of them at a time (the files are not rows to claim). Each run logs what it removed.
  const fileCleanUp = (job: string, everyMs: number, run: () => Promise<number>, what: string) =>
    createPeriodicJob(job, everyMs, async () => {
      const removed = await runExclusively(ctx.database, job, run);
      if (removed === null) app.log.info({ job, skipped: true }, `another server is clearing ${what}`);
      else app.log.info({ job, removed }, `${what} cleared`);
    }, app.log);
  const fileCleanUps = [
    // Wizard uploads nobody adopted, hourly.
    fileCleanUp('temp-upload-clean-up', 60 * 60 * 1000, () => cleanUpTempUploads(ctx), 'temporary uploads'),
    // Images nothing points at any more (a process died mid-replace), every six hours.
    fileCleanUp('orphaned-image-clean-up', 6 * 60 * 60 * 1000, () => cleanUpOrphanedImages(ctx), 'orphaned images'),
  ];
  app.addHook('onListen', async () => fileCleanUps.forEach((job) => job.start()));
  app.addHook('onClose', async () => {
    await Promise.all(fileCleanUps.map((job) => job.stop()));
  });
  // Paid orders past expiry are written as expired, then due "a week left" reminders go out.
  const orderExpiry = createPeriodicJob('order-expiry', 10 * 60 * 1000, async () => {
    await expireOrders(ctx);
    await sendExpiryReminders(ctx);
  }, app.log);
  app.addHook('onListen', async () => orderExpiry.start());
  app.addHook('onClose', async () => orderExpiry.stop());

  // Unpaid checkouts past their lifetime, and scheduled gifts whose moment has come.
  const checkoutExpiry = createPeriodicJob('checkout-expiry', 5 * 60 * 1000, () => expireCheckouts(ctx), app.log);
  const giftDelivery = createPeriodicJob('gift-delivery', 60 * 1000, () => deliverDueGifts(ctx), app.log);
  app.addHook('onListen', async () => {
    checkoutExpiry.start();
    giftDelivery.start();
  });
  app.addHook('onClose', async () => {
    await checkoutExpiry.stop();
    await giftDelivery.stop();
  });

  // Money out (ADR 053): due transfers every minute; the ledger against the provider daily.
  const transferSending = createPeriodicJob('transfers', 60 * 1000, async () => {
    const run = await sendDueTransfers(ctx);
    if (run.sent + run.failed + run.cancelled > 0) app.log.info({ job: 'transfers', ...run }, 'transfers processed');
  }, app.log);
  // Refunds that failed after their share was taken back (ADR 084), retried every minute.
  const refundRetries = createPeriodicJob('refunds', 60 * 1000, async () => {
    const run = await retryPendingRefunds(ctx);
    if (run.refunded + run.failed > 0) app.log.info({ job: 'refunds', ...run }, 'pending refunds retried');
    if (run.abandoned > 0) app.log.warn({ job: 'refunds', ...run }, 'pending refunds abandoned: the orders are live again and their shares paid again');
  }, app.log);
  const reconciliation = createPeriodicJob('ledger-reconciliation', 60 * 60 * 1000, async () => {
    const result = await runDailyReconciliation(ctx);
    if (result) app.log.info({ job: 'ledger-reconciliation', compared: result.compared, differences: result.differences.length }, 'ledger reconciled');
  }, app.log);
  // Last month's statement to each owner, from the first of the month (hourly: a server that
  // was down on the 1st catches up the next run; the claim row keeps it to one email).
  const statementEmailJob = createPeriodicJob('statement-emails', 60 * 60 * 1000, async () => {
    const sent = await sendStatementEmails(ctx);
    if (sent > 0) app.log.info({ job: 'statement-emails', sent }, 'monthly statements mailed');
  }, app.log);
  // Commission invoices (ADR 061): last month's on the 1st, any past month still due, and a
  // rectifying invoice for each change since. Hourly: the run is idempotent (each unit is
  // re-checked under the chain lock), so a server down on the 1st catches up at its next run.
  const invoicingJob = createPeriodicJob('invoices', 60 * 60 * 1000, async () => {
    const run = await issueDueInvoices(ctx);
    if (run.issued.length > 0) app.log.info({ job: 'invoices', issued: run.issued.length }, 'commission invoices issued');
    if (run.blocked.length > 0) app.log.warn({ job: 'invoices', blocked: run.blocked }, 'businesses without invoicing data were not invoiced');
  }, app.log);
  // VERI*FACTU records to the AEAT (ADR 062): every minute, one server at a time (the pace
  // and the chain order are shared through the database); with VERIFACTU_DRIVER=off records
  // stay pending and go once a sending driver is set.
  const verifactuSender = createVerifactuSender(config);
  const verifactuQueue = createDatabaseVerifactuQueue(ctx.db);
  const verifactuSending = createPeriodicJob('verifactu-sending', 60 * 1000, async () => {
    const report = await sendPendingVerifactuRecords({
      sender: verifactuSender,
      queue: verifactuQueue,
      now: ctx.now,
      exclusively: (task) => runExclusively(ctx.database, 'verifactu-sending', task),
    });
    if (report.requests > 0 || report.status === 'failed') app.log.info({ job: 'verifactu-sending', ...report }, 'VERI*FACTU records sent');
  }, app.log);
  // Owners who chose a daily summary get yesterday's sales and cancellations in one mail
  // (ADR 065); hourly, so the summary leaves within the first hour of the Madrid day.
  const ownerSummaries = createPeriodicJob('owner-daily-summaries', 60 * 60 * 1000, async () => {
    const sent = await sendOwnerDailySummaries(ctx);
    if (sent > 0) app.log.info({ job: 'owner-daily-summaries', sent }, 'owner daily summaries mailed');
  }, app.log);
  app.addHook('onListen', async () => {
    verifactuSending.start();
    transferSending.start();
    refundRetries.start();
    reconciliation.start();
    statementEmailJob.start();
    invoicingJob.start();
    ownerSummaries.start();
  });
  app.addHook('onClose', async () => {
    await verifactuSending.stop();
    verifactuSender.close();
    await transferSending.stop();
    await refundRetries.stop();
    await reconciliation.stop();
    await statementEmailJob.stop();
    await invoicingJob.stop();
    await ownerSummaries.stop();
  });

  // PGlite has no autovacuum process: the server does its work, at autovacuum's pace.
  if (database.kind === 'pglite') {
    const maintenance = createPeriodicJob('pglite-maintenance', 60 * 1000, async () => {
      const started = performance.now();
      const run = await maintainPglite(database.db);
      if (run.analyzed.length + run.vacuumed.length > 0) {
        app.log.info({ job: 'pglite-maintenance', ...run, ms: Math.round(performance.now() - started) }, 'database tables maintained');
      }
    }, app.log);
    app.addHook('onListen', async () => maintenance.start());
    app.addHook('onClose', async () => maintenance.stop());
  }

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  // First of the request hooks: a shed request costs as little as possible.
  registerLoadShedding(app, config.overload);
  registerCanonicalPaths(app);
  registerNulRefusal(app);
  await registerSecurityHeaders(app, config.isProduction);
  registerCsrfProtection(app, config.publicUrl);
  await registerRateLimits(app, { enabled: config.rateLimit, redisUrl: config.redisUrl });
  // Per-route limits (documents 10 MB, images 5 MB) are set where the file is read.
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });

  await app.register(healthRoutes);
  await app.register(operatorRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(accountRoutes);
  await app.register(devMailRoutes);
  await app.register(devTestWorldRoutes);
  await app.register(filesRoutes);
  await app.register(catalogRoutes);
  await app.register(contactsRoutes);
  await app.register(myOrdersRoutes);
  await app.register(purchaseRoutes);
  await app.register(withdrawalRoutes);
  await app.register(checkoutRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(businessOnboardingRoutes);
  await app.register(businessDocumentsRoutes);
  await app.register(businessImageRoutes);
  await app.register(businessDashboardRoutes);
  await app.register(redemptionRoutes);
  await app.register(payoutAccountRoutes);
  // Server-rendered recipient pages; before the web app so /g/* never falls back to the SPA.
  await app.register(giftPageRoutes);
  await app.register(legalPageRoutes);
  // The public shop window (issue 30): server-rendered, before the web app's fallback.
  await app.register(shopRoutes);
  // The landing page and what every public page the server renders shares (ADR 098).
  await app.register(publicPageRoutes);
  await app.register(landingRoutes, { featuredGifts: (request, language) => featuredGiftsFor(ctx, request, language) });
  await app.register(listingReportRoutes);
  await app.register(fairExpiryRoutes);
  await app.register(adminRoutes);
  await app.register(businessApplicationRoutes);
  await app.register(businessStatementRoutes);
  await app.register(adminStatementRoutes);
  await app.register(businessInvoiceRoutes);
  await app.register(adminInvoiceRoutes);

  // The gifts tab's document names its first picture (ADR 048).
  await registerWebApp(app, options.webRoot === false ? null : options.webRoot, { 'first-gift': firstGiftImage });

  return app;
}
