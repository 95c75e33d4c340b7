import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';

export const MAX_MAIL_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
/** A claimed row is not picked again for this long, so a crash mid-send only delays it. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 100;
const POLL_MS = 2_000;
/** Connections to the mail server at once: enough to drain a backlog fast, few enough for any relay. */
export const SMTP_POOL_SIZE = 5;
/**
 * A server that does not answer is given this long, not nodemailer's 2 minutes to connect
 * and 30 s for the greeting: a hung relay costs one connection a few seconds, not each email.
 */
export const SMTP_TIMEOUTS = { connectMs: 5_000, greetingMs: 5_000, socketMs: 30_000 };
/** While the mail server is unreachable the worker waits longer between passes, up to this. */
const MAX_IDLE_BACKOFF_MS = 60_000;
const FOLLOWED_MAIL_FAILED = 'not sent: the email it follows could not be delivered';

/** 30 s, 60 s, 120 s… after the 1st, 2nd, 3rd failed attempt. */
export function backoffMs(attempts: number): number {
  return BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);
}

export interface MailService {
  /** Delivers every due email now and resolves when done (tests use it instead of sleeping). */
  flush(): Promise<{ sent: number; failed: number }>;
  start(): void;
  stop(): Promise<void>;
  /** 'smtp' with SMTP_URL, otherwise 'dev' (kept in the database for the dev mailbox). */
  readonly transport: 'smtp' | 'dev';
}

interface Options {
  config: Config;
  db: Database;
  now: () => Date;
  log?: { error(obj: object, msg: string): void };
  /** Tests shorten the SMTP timeouts; production uses SMTP_TIMEOUTS. */
  timeouts?: Partial<typeof SMTP_TIMEOUTS>;
}

/**
 * Refusals of one message (a recipient the server turns away, a message it rejects) are
 * that mail's problem; anything else (refused connection, timeout, dropped socket) means
 * the server is unreachable for every mail.
 */
function isServerFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code !== 'EENVELOPE' && code !== 'EMESSAGE';
}

/**
 * Delivers mail_outbox rows. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease on
 * next_attempt_at, so several server processes can run the worker without sending twice
 * and without holding a transaction open while talking to the SMTP server. A claimed batch
 * goes out over a small pool of SMTP connections in parallel (ADR 057); a mail that follows
 * another (after_mail_id) is claimed only once that one has been sent.
 */
export function createMailService({ config, db, now, log, timeouts }: Options): MailService {
  const smtpUrl = config.mail.smtpUrl;
  const limits = { ...SMTP_TIMEOUTS, ...timeouts };
  let transporter: Promise<Transporter> | undefined;
  // nodemailer is loaded with the first email to send over SMTP, not by every server (ADR 043).
  const getTransporter = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl!,
        pool: true,
        maxConnections: SMTP_POOL_SIZE,
        // A message on a connection that drops is reported failed (and retried by the outbox
        // with its back-off), not silently sent again by the pool.
        maxRequeues: 0,
        connectionTimeout: limits.connectMs,
        greetingTimeout: limits.greetingMs,
        socketTimeout: limits.socketMs,
      }),
    );
    return transporter;
  };
  const transport = smtpUrl ? ('smtp' as const) : ('dev' as const);
  // Bodies hold working links (verification, reset, confirmation): once a mail has left, or
  // been given up on, they are blanked and only the metadata stays (issue 13, finding 8).
  // The dev mailbox is the delivery itself, so there they stay while DEV_TOOLS can show them.
  const keepBodies = transport === 'dev' && config.devTools;
  const blanked = keepBodies ? {} : { text: '', html: '' };

  let running: Promise<{ sent: number; failed: number }> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /** Passes in a row that found the mail server unreachable (the poll backs off with them). */
  let unreachablePasses = 0;

  async function claimDue() {
    // next_attempt_at defaults to the database's now(), in microseconds; a JS Date has only
    // milliseconds. A mail enqueued in the same millisecond as the pass would look 0.x ms
    // early and wait for the next poll, so everything up to the end of this millisecond is due.
    const dueBefore = new Date(now().getTime() + 1);
    // The status of the mail a row follows: null when it follows none (or that one is gone).
    // Spelled out in full: inside the subquery a bare "after_mail_id" would be p's own column.
    const afterStatus = sql<string | null>`(select p.status from mail_outbox p where p.id = "mail_outbox"."after_mail_id")`;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ row: mailOutbox, afterStatus })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lt(mailOutbox.nextAttemptAt, dueBefore),
            or(isNull(mailOutbox.afterMailId), ne(afterStatus, 'pending')),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      // A mail whose predecessor failed for good would announce something the recipient
      // never got (a new date for a gift they never received): it is dropped, not sent.
      const orphans = due.filter((d) => d.afterStatus === 'failed').map((d) => d.row.id);
      if (orphans.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ status: 'failed', lastError: FOLLOWED_MAIL_FAILED, text: '', html: '' })
          .where(inArray(mailOutbox.id, orphans));
      }
      const claimed = due.filter((d) => d.afterStatus !== 'failed').map((d) => d.row);
      if (claimed.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(now().getTime() + CLAIM_LEASE_MS) })
          .where(inArray(mailOutbox.id, claimed.map((r) => r.id)));
      }
      return { claimed, found: due.length };
    });
  }

  type OutboxRow = typeof mailOutbox.$inferSelect;

  async function send(mail: OutboxRow): Promise<void> {
    if (transport === 'smtp') {
      await (await getTransporter()).sendMail({
        from: config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    }
    await db
      .update(mailOutbox)
      .set({ status: 'sent', transport, sentAt: now(), attempts: mail.attempts + 1, lastError: null, ...blanked })
      .where(eq(mailOutbox.id, mail.id));
  }

  async function recordFailure(mail: OutboxRow, error: unknown): Promise<void> {
    const attempts = mail.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = attempts >= MAX_MAIL_ATTEMPTS;
    await db
      .update(mailOutbox)
      .set({
        attempts,
        lastError: message.slice(0, 1000),
        status: giveUp ? 'failed' : 'pending',
        transport,
        ...(giveUp ? { text: '', html: '' } : {}),
        nextAttemptAt: new Date(now().getTime() + backoffMs(attempts)),
      })
      .where(eq(mailOutbox.id, mail.id));
    log?.error({ mailId: mail.id, attempts, err: message }, giveUp ? 'mail failed for good' : 'mail delivery failed; will retry');
  }

  /**
   * Sends one claimed batch over SMTP_POOL_SIZE lanes. A send that fails for the server's
   * sake (refused connection, timeout, dropped socket) retires its lane for this pass: one
   * hung connection among working ones costs one email a greeting timeout while the other
   * lanes go on, and a server that is down costs one attempt per lane, not one per queued
   * email. Mails no lane got to are handed back due now, without spending an attempt, and
   * when every lane retired the poll backs off.
   */
  async function sendBatch(batch: OutboxRow[]) {
    let sent = 0;
    let failed = 0;
    let retired = 0;
    let next = 0;
    const lanes = Math.min(SMTP_POOL_SIZE, batch.length);
    const lane = async () => {
      while (next < batch.length) {
        const mail = batch[next++]!;
        try {
          await send(mail);
          sent++;
        } catch (error) {
          failed++;
          await recordFailure(mail, error);
          if (isServerFailure(error)) {
            retired++;
            return;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    const untried = batch.slice(next).map((m) => m.id);
    if (untried.length > 0) {
      await db.update(mailOutbox).set({ nextAttemptAt: now() }).where(inArray(mailOutbox.id, untried));
    }
    return { sent, failed, unreachable: lanes > 0 && retired === lanes };
  }

  async function deliverDue() {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const { claimed, found } = await claimDue();
      if (found === 0) break;
      const result = await sendBatch(claimed);
      sent += result.sent;
      failed += result.failed;
      unreachablePasses = result.unreachable ? unreachablePasses + 1 : 0;
      // Some lanes retired (a hung connection): what they left goes at the next pass.
      if (result.unreachable || result.sent + result.failed < claimed.length) break;
    }
    return { sent, failed };
  }

  function flush() {
    // One delivery pass at a time per process; a flush during a pass waits for it, then runs.
    const previous = running ?? Promise.resolve({ sent: 0, failed: 0 });
    const next = previous.catch(() => undefined).then(deliverDue);
    running = next;
    void next.finally(() => {
      if (running === next) running = undefined;
    }).catch(() => undefined);
    return next;
  }

  function schedule() {
    if (stopped) return;
    // Back-off while the mail server is unreachable: 2 s, 4 s, 8 s… up to a minute.
    const delay = Math.min(POLL_MS * 2 ** unreachablePasses, MAX_IDLE_BACKOFF_MS);
    timer = setTimeout(() => {
      flush()
        .catch((error: unknown) => log?.error({ err: error }, 'mail worker pass failed'))
        .finally(schedule);
    }, delay);
    // The worker never keeps the process alive on its own.
    timer.unref();
  }

  return {
    transport,
    flush,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      (await transporter?.catch(() => undefined))?.close();
    },
  };
}
