import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerBackgroundJobs } from './background-jobs';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { filesRoutes } from './features/files/routes';
import { giftPageRoutes } from './features/gift-page/routes';
import { walletRoutes } from './features/gift-page/wallet/wallet-routes';
import { legalPageRoutes } from './features/legal-pages/routes';
import { listingReportRoutes } from './features/listing-reports/routes';
import { fairExpiryRoutes } from './features/fair-expiry/routes';
import { healthRoutes } from './features/health/routes';
import { operatorRoutes } from './features/operator/routes';
import { setMailOperator } from './mail/layout';
import { setGiftMailWallets } from './domain/orders/gift-mail';
import { catalogRoutes } from './features/catalog/routes';
import { featuredGiftsFor, shopRoutes } from './features/catalog/shop-routes';
import { firstGiftImage } from './features/catalog/catalog-answers';
import { landingRoutes } from './features/landing/routes';
import { contactsRoutes } from './features/contacts/routes';
import { myOrdersRoutes } from './features/my-orders/routes';
import { purchaseRoutes } from './features/my-orders/purchase-routes';
import { withdrawalRoutes } from './features/withdrawal/routes';
import { checkoutRoutes, stripeWebhookRoutes } from './features/checkout/routes';
import type { AppContext } from './platform/context';
import { accountRoutes } from './features/account/routes';
import { queueAuthMail } from './features/auth/queue-auth-mail';
import { authRoutes } from './features/auth/routes';
import { devMailRoutes } from './features/dev-mail/routes';
import { devTestWorldRoutes } from './features/dev-test-world/routes';
import { profileRoutes } from './features/profile/routes';
import { businessDocumentsRoutes } from './features/business-documents/routes';
import { businessImageRoutes } from './features/business-image/routes';
import { businessDashboardRoutes } from './features/business-dashboard/routes';
import { businessBookingRoutes } from './features/business-bookings/routes';
import { businessOnboardingRoutes } from './features/business-onboarding/routes';
import { redemptionRoutes } from './features/redemption/routes';
import { payoutAccountRoutes } from './features/payout-accounts/routes';
import { adminRoutes } from './features/admin/routes';
import { backupRoutes } from './features/backup/routes';
import { businessApplicationRoutes } from './features/business-applications/routes';
import { adminStatementRoutes, businessStatementRoutes } from './features/business-statements/routes';
import { adminInvoiceRoutes, businessInvoiceRoutes } from './features/invoices/routes';
import multipart from '@fastify/multipart';
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
    // Slow and idle clients (ADR 036): a client gets so long for its headers and
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
    // The adapter's mails get their wording from the mail module, handed in here (ADR 102).
    auth: createAuth({ config, db: database.db, queueMail: queueAuthMail }),
    payments: await createPaymentProvider(config, () => ctx.now()),
    mail: createMailService({ config, db: database.db, now: () => ctx.now(), log: app.log }),
  };
  app.decorate('ctx', ctx);
  // A connection closed under the pool (a restart, a failover): logged, never fatal (ADR 056).
  database.onConnectionError((error) => app.log.warn({ err: error }, 'database connection lost; the pool opens a new one'));
  // Every email's footer names the operator from the configuration.
  setMailOperator(config.operator);
  setGiftMailWallets({ apple: Boolean(config.wallet.apple), google: Boolean(config.wallet.google) });
  // Every background job (the mail worker, deliveries, expiries, money out, invoicing, clean-ups)
  // is declared once in background-jobs.ts and runs in a listening server only; tests call the
  // use cases (and mail's flush()) themselves (ADR 097).
  registerBackgroundJobs(app, ctx, config);

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
  await app.register(businessBookingRoutes);
  await app.register(redemptionRoutes);
  await app.register(payoutAccountRoutes);
  // Server-rendered recipient pages; before the web app so /g/* never falls back to the SPA.
  await app.register(giftPageRoutes);
  await app.register(walletRoutes);
  await app.register(legalPageRoutes);
  // The public shop window (ADR 067): server-rendered, before the web app's fallback.
  await app.register(shopRoutes);
  // The landing page and what every public page the server renders shares (ADR 098).
  await app.register(publicPageRoutes);
  await app.register(landingRoutes, { featuredGifts: (request, language) => featuredGiftsFor(ctx, request, language) });
  await app.register(listingReportRoutes);
  await app.register(fairExpiryRoutes);
  await app.register(adminRoutes);
  await app.register(backupRoutes);
  await app.register(businessApplicationRoutes);
  await app.register(businessStatementRoutes);
  await app.register(adminStatementRoutes);
  await app.register(businessInvoiceRoutes);
  await app.register(adminInvoiceRoutes);

  // The gifts tab's document names its first picture (ADR 048).
  await registerWebApp(app, options.webRoot === false ? null : options.webRoot, { 'first-gift': firstGiftImage });

  return app;
}
