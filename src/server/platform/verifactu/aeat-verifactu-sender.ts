import { Agent, request } from 'node:https';
import { buildRegFactuRequest, type VerifactuSystemInfo } from './build-verifactu-request';
import { readVerifactuResponse, resultsForRecords } from './read-verifactu-response';
import { MAX_RECORDS_PER_REQUEST, VerifactuUnavailableError, type VerifactuSender } from './verifactu-sender';

/**
 * The service's addresses, from the AEAT's published SistemaFacturacion.wsdl (service
 * sfVerifactu, ports SistemaVerifactu and SistemaVerifactuPruebas; ADR 062). The ports for
 * seal certificates (www10 / prewww10) are reached with VERIFACTU_URL.
 */
export const AEAT_VERIFACTU_URLS = {
  aeat: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  'aeat-test': 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
} as const;

/** A request of 1,000 records is about 2 MB and the service answers within seconds. */
export const AEAT_REQUEST_TIMEOUT_MS = 120_000;
/** An answer is about 600 bytes a record; anything far larger is not the service. */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export interface AeatSenderOptions {
  driver: 'aeat-test' | 'aeat';
  /** The client certificate with its private key (PKCS#12, VERIFACTU_CERT_FILE). */
  pfx: Buffer;
  passphrase: string;
  system: VerifactuSystemInfo;
  /** Another address than the driver's (VERIFACTU_URL): a seal-certificate port or a stand-in. */
  url?: string;
  /** Extra certificate authorities to trust for the service (VERIFACTU_CA_FILE), PEM. */
  ca?: string | Buffer;
  timeoutMs?: number;
}

export interface AeatVerifactuSender extends VerifactuSender {
  readonly driver: 'aeat-test' | 'aeat';
  readonly url: string;
  /** Closes kept-alive connections (shutdown, tests). */
  close(): void;
}

function post(agent: Agent, url: URL, body: string, signal: AbortSignal): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        signal,
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          // SOAP 1.1 wants the header; the WSDL's operation declares an empty action.
          soapaction: '""',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            res.destroy(new Error(`answer larger than ${MAX_RESPONSE_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        // A connection cut mid-answer must not pass for a short answer.
        res.on('close', () => {
          if (!res.complete) reject(new Error('the connection closed before the answer was complete'));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The `aeat-test` and `aeat` drivers: an HTTPS POST of the SOAP request, authenticated by
 * the operator's client certificate (mutual TLS), the answer read per record.
 */
export function createAeatVerifactuSender(options: AeatSenderOptions): AeatVerifactuSender {
  const url = new URL(options.url ?? AEAT_VERIFACTU_URLS[options.driver]);
  if (url.protocol !== 'https:') throw new Error(`The VERI*FACTU service must be reached over HTTPS: ${url.href}`);
  const timeoutMs = options.timeoutMs ?? AEAT_REQUEST_TIMEOUT_MS;
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 1,
    pfx: options.pfx,
    passphrase: options.passphrase,
    ca: options.ca,
    minVersion: 'TLSv1.2',
  });
  return {
    driver: options.driver,
    url: url.href,
    close: () => agent.destroy(),
    async send(batch) {
      if (batch.length > MAX_RECORDS_PER_REQUEST) throw new RangeError(`At most ${MAX_RECORDS_PER_REQUEST} records per request`);
      const body = buildRegFactuRequest(batch, options.system);
      let answer: { status: number; body: string };
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        answer = await post(agent, url, body, signal);
      } catch (error) {
        const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
        throw new VerifactuUnavailableError(`The AEAT's service could not be reached: ${reason}`, { cause: error });
      }
      const looksLikeSoap = /<([\w-]+:)?Envelope[\s>]/.test(answer.body);
      if (!looksLikeSoap) {
        throw new VerifactuUnavailableError(`The AEAT's service answered HTTP ${answer.status} without a SOAP message`);
      }
      return resultsForRecords(batch, readVerifactuResponse(answer.body));
    },
  };
}
