import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';

export const MAX_MAIL_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
/** A claimed row is not picked again for this long, so a crash mid-send only delays it. */
const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 20;
const POLL_MS = 2_000;

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
}

/**
 * Delivers mail_outbox rows. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease on
 * next_attempt_at, so several server processes can run the worker without sending twice
 * and without holding a transaction open while talking to the SMTP server.
 */
export function createMailService({ config, db, now, log }: Options): MailService {
  const smtpUrl = config.mail.smtpUrl;
  let transporter: Promise<Transporter> | undefined;
  // nodemailer is loaded with the first email to send over SMTP, not by every server (ADR 043).
  const getTransporter = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl!));
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

  async function claimDue() {
    // next_attempt_at defaults to the database's now(), in microseconds; a JS Date has only
    // milliseconds. A mail enqueued in the same millisecond as the pass would look 0.x ms
    // early and wait for the next poll, so everything up to the end of this millisecond is due.
    const dueBefore = new Date(now().getTime() + 1);
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.nextAttemptAt, dueBefore)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(now().getTime() + CLAIM_LEASE_MS) })
          .where(inArray(mailOutbox.id, due.map((r) => r.id)));
      }
      return due;
    });
  }

  async function deliverDue() {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const batch = await claimDue();
      if (batch.length === 0) break;
      for (const mail of batch) {
        try {
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
          sent++;
        } catch (error) {
          failed++;
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
      }
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
    timer = setTimeout(() => {
      flush()
        .catch((error: unknown) => log?.error({ err: error }, 'mail worker pass failed'))
        .finally(schedule);
    }, POLL_MS);
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
