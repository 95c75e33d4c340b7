import { connect } from 'node:http2';
import { signJwt } from './sign-jwt';

/** Apple accepts a provider token for up to an hour and refuses one renewed more than every 20 minutes. */
const TOKEN_LIFETIME_MS = 40 * 60_000;
const PUSH_TIMEOUT_MS = 10_000;

export interface ApnsSettings {
  keyPem: string;
  keyId: string;
  teamId: string;
  url: string;
}

export interface ApnsClient {
  /** Tells one device that a pass of `topic` (the pass type id) changed; resolves to APNs' status. */
  push(deviceToken: string, topic: string): Promise<number>;
  close(): void;
}

/**
 * APNs over HTTP/2 with token authentication (ADR 107): one connection for a run of pushes, a
 * JWT (ES256, `kid` the key id, `iss` the team id) reused while it is fresh. Wallet's pushes
 * carry an empty payload: the phone then asks the web service what changed.
 */
export function createApnsClient(settings: ApnsSettings, now: () => Date = () => new Date()): ApnsClient {
  let token: { value: string; at: number } | undefined;
  const providerToken = () => {
    const at = now().getTime();
    if (!token || at - token.at > TOKEN_LIFETIME_MS) {
      token = { value: signJwt('ES256', settings.keyPem, { iss: settings.teamId, iat: Math.floor(at / 1000) }, { kid: settings.keyId }), at };
    }
    return token.value;
  };
  let session: ReturnType<typeof connect> | undefined;
  const open = () => {
    if (!session || session.closed || session.destroyed) {
      session = connect(settings.url);
      // A connection that fails fails its requests; the error itself is theirs to report.
      session.on('error', () => {});
    }
    return session;
  };
  return {
    push: (deviceToken, topic) =>
      new Promise<number>((resolve, reject) => {
        const request = open().request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
          authorization: `bearer ${providerToken()}`,
          'apns-topic': topic,
          'content-type': 'application/json',
        });
        request.setTimeout(PUSH_TIMEOUT_MS, () => request.close());
        let status = 0;
        request.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        request.on('error', reject);
        request.on('close', () => (status ? resolve(status) : reject(new Error('APNs closed the request without an answer'))));
        request.resume();
        request.end('{}');
      }),
    close: () => session?.close(),
  };
}
