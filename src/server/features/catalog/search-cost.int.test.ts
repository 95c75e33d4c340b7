import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { UNCACHED_SEARCH_LIMITS } from '../../platform/route-limits';
import { createBusiness, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { boundedCatalogQuery } from './bounded-catalog-query';

/**
 * One visitor's search must not stop the site for everyone else. On the embedded database a
 * search runs inside this process, so while it runs no other request is served, and past the
 * load shedder's bound (1 s of event-loop delay, the production default) every visitor gets
 * 503. A made-up word of 100 letters used to cost seconds (a trigram comparison with six texts
 * folded row by row, for every gift, twice per page). Here a real listening server takes such
 * searches back to back while a visitor loads pages, then the costliest searches the form allows.
 */

const letters = 'abcdefghijklmnopqrstuvwxyz';
const randomWord = (length: number) => Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join('');

/** Descriptions of a real length, in Spanish with an English translation (ADR 073). */
const texts = [
  ['Taller de cerámica y torno para principiantes, con el barro y la cocción incluidos, en un obrador del Carmen', 'Pottery and wheel workshop for beginners, clay and firing included'],
  ['Paella valenciana para dos junto al mar, con bebida y postre de la casa, en la Malvarrosa', 'Valencian paella for two by the sea, with a drink and dessert'],
  ['Horchata y fartons en la horchatería de siempre, en el centro histórico, para cuatro personas', 'Horchata and fartons in the old town, for four'],
  ['Masaje relajante de una hora con aceites naturales en un centro de Russafa', 'One-hour relaxing massage with natural oils in Russafa'],
];

/** What the visitor loads, one after another: pages any visitor may be shown. */
const VISITOR_PAGES = ['/gifts?lang=es', '/gifts?lang=es&page=2', '/gifts?lang=en&category=restaurant'];

describe('a search costs a bounded time, whatever its text', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1000', OVERLOAD_MAX_CONCURRENT_REQUESTS: '512' } });
    const db = t.database.db;
    // 50 listed businesses with 40 gifts each (2,000, the benchmarks' catalogue), inserted in bulk.
    for (let b = 0; b < 50; b++) {
      const owner = await createUser(db, { userType: 'business' });
      const business = await createBusiness(db, { ownerId: owner.id, name: `Search cost ${b} ${randomWord(6)}`, address: `Carrer de Sueca ${b}, Russafa` });
      const values = Array.from({ length: 40 }, (_, g) => {
        const [es, en] = texts[g % texts.length]!;
        return sql`(${business.id}::uuid, ${`Regalo ${b}-${g}`}, ${es}, jsonb_build_object('en', ${`Gift ${b}-${g}`}::text), jsonb_build_object('en', ${en}::text), ${1000 + g * 100})`;
      });
      await db.execute(sql`insert into gifts (business_id, name, description, name_translations, description_translations, price) values ${sql.join(values, sql`, `)}`);
    }
    await db.execute(sql`analyze`);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** Sends searches back to back until the visitor is done; the visitor's statuses, and the searches'. */
  async function visitDuringSearches(search: () => string): Promise<{ visitor: number[]; searches: number[] }> {
    // The visitor's pages once (the cache then holds them, as on a live site), and a loop not
    // still late from setting up.
    for (const path of VISITOR_PAGES) await fetch(`${base}${path}`);
    while (t.app.loadState().shedding) await new Promise((resolve) => setTimeout(resolve, 50));
    let done = false;
    const searches: number[] = [];
    const attacker = (async () => {
      while (!done) searches.push((await fetch(`${base}/gifts?lang=es&q=${encodeURIComponent(search())}`)).status);
    })();
    const visitor: number[] = [];
    // The visitor starts once a search is under way, and loads pages one after another.
    while (searches.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    for (let i = 0; i < 12; i++) {
      for (const path of VISITOR_PAGES) visitor.push((await fetch(`${base}${path}`)).status);
    }
    done = true;
    await attacker;
    return { visitor, searches };
  }

  it('answers a visitor without 503 while words of 100 letters are searched back to back', async () => {
    const { visitor, searches } = await visitDuringSearches(() => randomWord(100));
    expect(searches.length).toBeGreaterThan(1);
    expect({ visitor503: visitor.filter((status) => status === 503).length, of: visitor.length }).toEqual({ visitor503: 0, of: 36 });
    expect(visitor).toEqual(visitor.map(() => 200));
  }, 300_000);

  it('answers a visitor without 503 while the costliest searches the form allows are made', async () => {
    const costly = [() => randomWord(60), () => [randomWord(19), randomWord(19), randomWord(19)].join(' '), () => 'ceramca paelx horchta russafx carer suecca'];
    let n = 0;
    const { visitor, searches } = await visitDuringSearches(() => costly[n++ % costly.length]!());
    expect(new Set(searches)).toEqual(new Set([200]));
    expect(visitor).toEqual(visitor.map(() => 200));
  }, 300_000);

  it('leaves a search longer than 60 characters out of the shop, saying so in the page language', async () => {
    const res = await fetch(`${base}/gifts?lang=va&q=${randomWord(61)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Les busques tenen un màxim de 60 caràcters');
    expect(html).toContain('maxlength="60"');
    // The app's field has the same limit; the API refuses a longer search as invalid.
    const api = await t.app.inject({ method: 'GET', url: `/api/catalog/gifts?q=${randomWord(61)}` });
    expect(api.statusCode).toBe(400);
  });
});

describe('uncached searches per address', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the address 429 past the limit, while answers the cache holds are still served', async () => {
    const { limit } = UNCACHED_SEARCH_LIMITS.perIp;
    const first = `${randomWord(8)} 0`;
    for (let i = 0; i < limit; i++) {
      const res = await fetch(`${base}/gifts?lang=es&q=${encodeURIComponent(i === 0 ? first : `${randomWord(8)} ${i}`)}`);
      expect(res.status).toBe(200);
    }
    const refused = await fetch(`${base}/gifts?lang=es&q=${randomWord(8)}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Already computed: no work, never refused; nor is the listing without a search.
    expect((await fetch(`${base}/gifts?lang=es&q=${encodeURIComponent(first)}`)).status).toBe(200);
    expect((await fetch(`${base}/gifts?lang=es`)).status).toBe(200);
    // Another address has its own count.
    const other = await t.app.inject({ method: 'GET', url: `/gifts?lang=es&q=${randomWord(8)}`, remoteAddress: '203.0.113.9' });
    expect(other.statusCode).toBe(200);
  });
});

describe('catalogue statement timeout', () => {
  it.runIf(testDatabaseKind() === 'postgresql')('cancels a catalogue statement past its bound on PostgreSQL, an error answered 503', async () => {
    const t = await createTestApp();
    try {
      const error = await boundedCatalogQuery(t.database.db, { statementTimeoutMs: 100 }, (tx) => tx.execute(sql`select pg_sleep(2)`)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
