import type { PGlite } from '@electric-sql/pglite';
import { vi } from 'vitest';

/**
 * Calls into PGlite while `run` does, whatever sends them: every statement reaches it through
 * execProtocolStream (its own query and exec, and the server's prepared statements, ADR 049).
 */
export async function pgliteCallsDuring(client: PGlite, run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(client, 'execProtocolStream');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
