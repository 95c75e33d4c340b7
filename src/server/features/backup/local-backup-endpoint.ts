import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** What `npm run backup` and `npm run restore` read to find and name the running server. */
export const endpointFile = (dataDir: string) => path.join(dataDir, 'backup-endpoint.json');

export interface LocalBackupEndpoint {
  /** Whether `authorization` carries this server's token. */
  accepts(authorization: string | undefined): boolean;
  /** Removes the file, if it is still this server's. */
  withdraw(): void;
}

/**
 * A server on PGlite holds the database folder: `npm run backup` cannot open it, so it asks
 * the server (ADR 094). The server writes, readable by its own user only, a file in DATA_DIR
 * naming its pid, address and a random token; only a caller who can read DATA_DIR — the
 * operator — can present the token. Written when the server listens, removed when it closes.
 */
export function publishLocalBackupEndpoint(dataDir: string, address: AddressInfo | string | null): LocalBackupEndpoint {
  const token = randomBytes(32).toString('hex');
  const file = endpointFile(dataDir);
  const port = typeof address === 'object' && address ? address.port : undefined;
  const host = typeof address === 'object' && address ? address.address : undefined;
  // A server listening on every interface is reached on the loopback one.
  const local = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${local.includes(':') ? `[${local}]` : local}:${port}/api/local/backup`;
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, host, port, url, token }, null, 2)}\n`, { mode: 0o600 });
  const expected = Buffer.from(`Bearer ${token}`);
  return {
    accepts: (authorization) => {
      const given = Buffer.from(authorization ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    withdraw: () => {
      try {
        if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { pid?: number }).pid === process.pid) rmSync(file, { force: true });
      } catch {
        // Unreadable: not ours to remove.
      }
    },
  };
}
