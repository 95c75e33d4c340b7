import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** One entry per recipient of every message accepted, lower-cased, in arrival order. */
  received: string[];
  /** Every message accepted: its recipients (as sent) and its raw source. */
  messages: { to: string[]; raw: string }[];
  /** SMTP_URL for a server process. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port that keeps what it is sent (and how often), or with
 * `refuse` turns every recipient away, as a relay that is down for them would.
 */
export async function startSmtpSink(options: { refuse?: boolean } = {}): Promise<SmtpSink> {
  const received: string[] = [];
  const messages: SmtpSink['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(_address, _session, callback) {
      callback(options.refuse ? new Error('mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        messages.push({ to, raw });
        received.push(...to.map((address) => address.toLowerCase()));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { received, messages, url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** How many times each item occurs (emails per address, templates per recipient). */
export const countBy = (list: string[]) => list.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
