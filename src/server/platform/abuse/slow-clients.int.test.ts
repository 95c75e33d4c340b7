import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health } from '@shared/contracts/health';
import { createScratchDatabase, startServerProcess, type ServerProcess } from '../../testing/server-process';
import { copyPgliteToFolder, getTestDatabase, testDatabaseKind } from '../../testing/test-database';

/**
 * ADR 036: slow and partial clients against the real server (main.ts, bundled,
 * listening on a loopback port), with short timeouts so the suite takes seconds. 520
 * connections that sent a sign-in's headers and one byte of its 1000-byte body made every
 * route answer 503 for as long as they stayed open, because each counted as a request in
 * flight and nothing ever timed them out.
 */
const PUBLIC_URL = 'http://127.0.0.1:8080';
const HEADERS_TIMEOUT_MS = 600;
const REQUEST_TIMEOUT_MS = 1500;
const KEEP_ALIVE_TIMEOUT_MS = 300;
/** Node closes an idle keep-alive socket this much after the keep-alive timeout. */
const NODE_KEEP_ALIVE_BUFFER_MS = 1000;
/** Node looks for timed-out requests at intervals (a quarter of the headers timeout here),
 *  and a busy shared machine is late: how far past a timeout a close may come (without the
 *  timeouts, these connections were never closed at all). */
const SLACK_MS = 3000;

/** A raw TCP client: what it received, and when the server closed it. */
interface RawClient {
  socket: net.Socket;
  received(): string;
  /** Milliseconds from connecting until the server closed the connection. */
  closed: Promise<number>;
  /** Writes `data` every `everyMs` until the connection closes. */
  trickle(data: string, everyMs: number): void;
}

function connect(origin: string, first?: string): Promise<RawClient> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(Number(port), hostname);
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    // A reset after the server gave up on us is a close too.
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now() - started)));
    const trickle = (data: string, everyMs: number) => {
      const timer = setInterval(() => {
        if (socket.destroyed || socket.writableEnded) clearInterval(timer);
        else socket.write(data);
      }, everyMs);
      void closed.then(() => clearInterval(timer));
    };
    socket.once('connect', () => {
      socket.off('error', reject);
      if (first !== undefined) socket.write(first);
      resolve({ socket, received: () => text, closed, trickle });
    });
    socket.once('error', reject);
  });
}

/** The sign-in of the finding: headers promising 1000 bytes, and one byte of them. */
const slowSignIn = [
  'POST /api/auth/sign-in/email HTTP/1.1',
  'Host: 127.0.0.1',
  `Origin: ${PUBLIC_URL}`,
  'Content-Type: application/json',
  'Content-Length: 1000',
  '',
  '{',
].join('\r\n');

describe('slow and partial clients against a listening server', () => {
  let server: ServerProcess;
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'regalo-slow-clients-'));
    let databaseEnv: Record<string, string> = {};
    if (testDatabaseKind() === 'postgresql') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'regalo_slow');
      cleanup.push(() => scratch.drop());
      databaseEnv = { DATABASE_URL: scratch.url };
    } else {
      // The worker's migrated database, copied: a fresh folder would cost a whole initdb.
      await copyPgliteToFolder(await getTestDatabase(), path.join(dataDir, 'pglite'));
    }
    server = await startServerProcess({
      ...databaseEnv,
      DATA_DIR: dataDir,
      PUBLIC_URL,
      AUTH_SECRET: `slow-clients-${randomUUID()}`,
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      // The production cap (512) of the finding; a late loop on a busy machine is not what
      // this suite is about.
      OVERLOAD_MAX_CONCURRENT_REQUESTS: '512',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    cleanup.push(() => server.stop());
  }, 120_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  const probe = () => fetch(`${server.origin}/api/operator`).then((res) => res.status);
  const health = () => fetch(`${server.origin}/api/health`).then((res) => res.json() as Promise<Health>);

  it('keeps answering everyone while 520 connections send a sign-in body one byte at a time, and cuts them off at the request timeout', async () => {
    const attackers = await Promise.all(Array.from({ length: 520 }, () => connect(server.origin, slowSignIn)));
    // One more byte now and then: an inactivity timeout alone would never fire.
    for (const attacker of attackers) attacker.trickle(' ', 200);
    const allClosed = Promise.all(attackers.map((a) => a.closed));
    let attackOver = false;
    void allClosed.then(() => (attackOver = true));

    // Other people's requests, for as long as the attack lasts: none is shed, and the
    // half-sent sign-ins hold no slot.
    let probesDuringAttack = 0;
    while (!attackOver) {
      expect(await probe()).toBe(200);
      if (!attackOver) probesDuringAttack++;
      expect((await health()).overload).toMatchObject({ shedding: false, inFlight: 0 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(probesDuringAttack).toBeGreaterThan(3);

    const durations = await allClosed;
    expect(Math.max(...durations)).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    expect(Math.min(...durations)).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    for (const attacker of attackers) expect(attacker.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);

  it('closes a connection that trickles its headers at the headers timeout', async () => {
    const client = await connect(server.origin, 'GET /api/operator HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    client.trickle('X-Slow: 1\r\n', 100);
    const after = await client.closed;
    expect(after).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(after).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('closes a connection that sends nothing at the headers timeout', async () => {
    const client = await connect(server.origin);
    const after = await client.closed;
    expect(after).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
  }, 30_000);

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const client = await connect(server.origin, 'GET /api/operator HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    const after = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(after).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + NODE_KEEP_ALIVE_BUFFER_MS + SLACK_MS);
  }, 30_000);

  it('serves others while hundreds of connections of every slow kind are open at once, then holds none of them', async () => {
    const silent = Array.from({ length: 150 }, () => connect(server.origin));
    const slowHeaders = Array.from({ length: 150 }, () => connect(server.origin, 'GET /api/operator HTTP/1.1\r\n'));
    const slowBodies = Array.from({ length: 150 }, () => connect(server.origin, slowSignIn));
    const idle = Array.from({ length: 150 }, () =>
      connect(server.origin, 'GET /api/operator HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n'),
    );
    const clients = await Promise.all([...silent, ...slowHeaders, ...slowBodies, ...idle]);
    for (const client of clients.slice(150, 300)) client.trickle('X-Slow: 1\r\n', 200);
    for (const client of clients.slice(300, 450)) client.trickle(' ', 200);

    expect(await probe()).toBe(200);
    const durations = await Promise.all(clients.map((c) => c.closed));
    expect(Math.max(...durations)).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    // Nothing is left holding a slot (the health check itself is never counted).
    expect((await health()).overload).toMatchObject({ shedding: false, inFlight: 0 });
  }, 60_000);
});
