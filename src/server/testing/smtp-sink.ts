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
  /**
   * What the server does from now on: `accept` mail; `refuse` every recipient (a relay that
   * is down for them); `down` answer every new connection with 421 and hang up (a server
   * that is unavailable); `hang` accept connections and never greet (a hung server).
   */
  mode: SmtpSinkMode;
  /** Connections made so far (greeted or not). */
  connections: number;
  /**
   * From now on each message waits, fully received, for `release()` before the server
   * answers 250 (the moment the relay accepts it, and the moment it counts as received):
   * a test can act between "the relay has the message" and "the client knows it was sent".
   */
  holdReplies(): { waiting(): number; release(): void };
  close(): Promise<void>;
}

export type SmtpSinkMode = 'accept' | 'refuse' | 'down' | 'hang';

/**
 * A real SMTP server on a free port that keeps what it is sent (and how often), or with
 * `refuse` turns every recipient away, as a relay that is down for them would. `mode` can
 * change while it runs (an outage and its end); `hangFirst` leaves that many of the first
 * connections without a greeting while later ones work (one hung connection of a pool).
 */
export async function startSmtpSink(options: { refuse?: boolean; mode?: SmtpSinkMode; hangFirst?: number } = {}): Promise<SmtpSink> {
  const received: string[] = [];
  const messages: SmtpSink['messages'] = [];
  const sockets: { destroy(): void }[] = [];
  let hangLeft = options.hangFirst ?? 0;
  let held: { replies: (() => void)[]; released: boolean } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    // Hung connections are cut at close rather than waited for.
    closeTimeout: 100,
    onConnect(session, callback) {
      sink.connections++;
      if (sink.mode === 'hang' || hangLeft > 0) {
        hangLeft--;
        // Never calling back leaves the client waiting for the 220 greeting.
        return;
      }
      if (sink.mode === 'down') {
        const error = Object.assign(new Error('Service not available'), { responseCode: 421 });
        callback(error);
        return;
      }
      callback();
    },
    onRcptTo(_address, _session, callback) {
      callback(sink.mode === 'refuse' ? new Error('mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const accept = () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          messages.push({ to, raw });
          received.push(...to.map((address) => address.toLowerCase()));
          callback();
        };
        if (held && !held.released) held.replies.push(accept);
        else accept();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  server.server.on('connection', (socket) => sockets.push(socket));
  const { port } = server.server.address() as AddressInfo;
  const sink: SmtpSink = {
    received,
    messages,
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    mode: options.mode ?? (options.refuse ? 'refuse' : 'accept'),
    connections: 0,
    holdReplies() {
      const hold = { replies: [] as (() => void)[], released: false };
      held = hold;
      return {
        waiting: () => hold.replies.length,
        release: () => {
          hold.released = true;
          for (const accept of hold.replies.splice(0)) accept();
        },
      };
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const socket of sockets) socket.destroy();
      }),
  };
  return sink;
}

/** How many times each item occurs (emails per address, templates per recipient). */
export const countBy = (list: string[]) => list.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());

/** A received message's Subject, decoded from the quoted-printable encoded words nodemailer writes (RFC 2047). */
export function subjectOf(raw: string): string {
  const line = raw.split(/\r?\n(?![ \t])/).find((l) => l.startsWith('Subject:'))!.replace(/\r?\n[ \t]/g, ' ');
  return line
    .slice('Subject: '.length)
    // Adjacent encoded words join without the whitespace between them (RFC 2047).
    .replace(/\?=\s+=\?utf-8\?Q\?/gi, '')
    .replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_m, q: string) =>
      Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}
