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
/** How often an idle worker looks for due mail (the background jobs' registry shows it). */
export const MAIL_POLL_MS = 2_000;
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
/**
 * An outcome the database did not take (it restarted, failed over, stopped answering) is
 * kept and written again after 0.2 s, 0.4 s … up to every 5 s until it answers: a mail the
 * relay accepted must not be sent again when its lease runs out.
 */
export const RECORD_RETRY_MS = { first: 200, max: 5_000 };
/** After stop() outcomes still wait this long for the database; then the lease decides. */
const RECORD_GRACE_AFTER_STOP_MS = 5_000;

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
  // been given up on, they are blanked and only the metadata stays (ADR 035).
  // The dev mailbox is the delivery itself, so there they stay while DEV_TOOLS can show them.
  const keepBodies = transport === 'dev' && config.devTools;
  const blanked = keepBodies ? {} : { text: '', html: '', attachments: null };

  let running: Promise<{ sent: number; failed: number }> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /** Passes in a row that found the mail server unreachable (the poll backs off with them). */
  let unreachablePasses = 0;
  /** When stop() was called: outcomes not yet written wait for the database until a grace ends. */
  let stoppedAt: number | undefined;

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
          .set({ status: 'failed', lastError: FOLLOWED_MAIL_FAILED, text: '', html: '', attachments: null })
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

  /** Hands the message to the relay (the dev mailbox is the row itself: nothing to hand). */
  async function deliver(mail: OutboxRow): Promise<void> {
    if (transport !== 'smtp') return;
    await (await getTransporter()).sendMail({
      from: config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.attachments ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
    });
  }

  async function recordSent(mail: OutboxRow): Promise<void> {
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
        ...(giveUp ? { text: '', html: '', attachments: null } : {}),
        nextAttemptAt: new Date(now().getTime() + backoffMs(attempts)),
      })
      .where(eq(mailOutbox.id, mail.id));
    log?.error({ mailId: mail.id, attempts, err: message }, giveUp ? 'mail failed for good' : 'mail delivery failed; will retry');
  }

  /**
   * Writes what happened to claimed mail, however long the database is away: the outcome is
   * held here and the write tried again with back-off, because a database error says nothing
   * about the delivery (ADR 057). Only a process stopping gives up, after a grace; that row's
   * lease then runs out and it is sent again, the at-least-once window of a crash.
   */
  async function record(what: string, ids: string[], write: () => Promise<void>): Promise<boolean> {
    let delay = RECORD_RETRY_MS.first;
    for (let failures = 0; ; failures++) {
      try {
        await write();
        if (failures > 0) log?.error({ mailIds: ids, failures }, `mail outbox: ${what} recorded once the database answered`);
        return true;
      } catch (error) {
        if (failures === 0) log?.error({ mailIds: ids, err: error }, `mail outbox: could not record ${what}; kept and retried until the database answers`);
        if (stoppedAt !== undefined && Date.now() - stoppedAt >= RECORD_GRACE_AFTER_STOP_MS) {
          log?.error({ mailIds: ids, err: error }, `mail outbox: stopped before ${what} could be recorded; the lease will send it again`);
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, RECORD_RETRY_MS.max);
      }
    }
  }

  /**
   * Sends one claimed batch over SMTP_POOL_SIZE lanes. A send that fails for the server's
   * sake (refused connection, timeout, dropped socket) retires its lane for this pass: one
   * hung connection among working ones costs one email a greeting timeout while the other
   * lanes go on, and a server that is down costs one attempt per lane, not one per queued
   * email. Mails no lane got to are handed back due now, without spending an attempt, and
   * when every lane retired the poll backs off. When the database does not take an outcome,
   * the lanes stop taking mail, and the outcomes and the hand-back wait for it (record).
   */
  async function sendBatch(batch: OutboxRow[]) {
    let sent = 0;
    let failed = 0;
    let retired = 0;
    let next = 0;
    /** A write failed: no lane takes another mail until the database answers again. */
    let databaseAway = false;
    const keep = async (what: string, mail: OutboxRow, write: () => Promise<void>) => {
      try {
        await write();
      } catch {
        databaseAway = true;
        await record(what, [mail.id], write);
      }
    };
    const lanes = Math.min(SMTP_POOL_SIZE, batch.length);
    const lane = async () => {
      while (next < batch.length && !databaseAway) {
        const mail = batch[next++]!;
        try {
          await deliver(mail);
        } catch (error) {
          failed++;
          await keep('a failed delivery', mail, () => recordFailure(mail, error));
          if (isServerFailure(error)) {
            retired++;
            return;
          }
          continue;
        }
        sent++;
        await keep('a sent mail', mail, () => recordSent(mail));
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    const untried = batch.slice(next).map((m) => m.id);
    if (untried.length > 0) {
      const handBack = () => db.update(mailOutbox).set({ nextAttemptAt: now() }).where(inArray(mailOutbox.id, untried)).then(() => undefined);
      await record('the hand-back of untried mail', untried, handBack);
    }
    return { sent, failed, unreachable: lanes > 0 && retired === lanes, interrupted: databaseAway };
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
      // Some lanes retired (a hung connection), or the database went away: what they left
      // goes at the next pass.
      if (result.unreachable || result.interrupted || result.sent + result.failed < claimed.length) break;
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
    const delay = Math.min(MAIL_POLL_MS * 2 ** unreachablePasses, MAX_IDLE_BACKOFF_MS);
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
      stoppedAt = undefined;
      schedule();
    },
    async stop() {
      stopped = true;
      stoppedAt = Date.now();
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      (await transporter?.catch(() => undefined))?.close();
    },
  };
}
