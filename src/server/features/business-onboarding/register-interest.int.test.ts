import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { businessInterests } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { AppError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { registerInterest } from './register-interest';

/** The database, except that writing to the mail outbox inside a transaction fails. */
function withBrokenOutbox(db: Database): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return (run: (tx: unknown) => Promise<unknown>) =>
        target.transaction((tx) =>
          run(
            new Proxy(tx, {
              get(inner, p, r) {
                if (p === 'insert') {
                  return (table: unknown) => {
                    if (table === mailOutbox) throw new Error('outbox unavailable');
                    return inner.insert(table as typeof users);
                  };
                }
                const value = Reflect.get(inner, p, r) as unknown;
                return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(inner) : value;
              },
            }),
          ),
        );
    },
  });
}

describe('registerInterest when the confirmation mail cannot be queued', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers mail_delivery_failed (503) and leaves no user or interest behind', async () => {
    const ctx = { db: withBrokenOutbox(t.database.db), config: t.config, now: () => new Date() };
    const error = await registerInterest(ctx, { businessName: 'Sin Correo', email: 'nomail@example.test', locale: 'es' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'mail_delivery_failed', status: 503 });
    expect((error as AppError).message).not.toContain('outbox unavailable');
    expect(await t.database.db.select().from(users)).toHaveLength(0);
    expect(await t.database.db.select().from(businessInterests)).toHaveLength(0);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
  });
});
