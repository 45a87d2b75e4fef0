import type { Readable } from 'node:stream';
import axios from 'axios';
import type { LookupAddressEntry } from 'axios';
import type { ResolvedAddress } from './url-policy';

export interface SendRequest {
  url: string;
  body: string;
  headers: Readonly<Record<string, string>>;
  /** Addresses checked by the URL policy; when given, the connection goes only to them. */
  addresses?: readonly ResolvedAddress[];
}

/** One attempt as recorded: `status` is absent when no HTTP answer came back. */
export interface AttemptResult {
  ok: boolean;
  status?: number;
  latencyMs: number;
  error?: string;
  /** The start of the receiver's answer, at most `maxResponseBytes` bytes. */
  responseBody?: string;
}

export type WebhookSender = (request: SendRequest) => Promise<AttemptResult>;

export interface SenderOptions {
  /** A 2xx must arrive within this time (docs/decisions/0010-webhook-delivery.md: 10 s). */
  timeoutMs?: number;
  maxResponseBytes?: number;
  userAgent?: string;
}

export const DEFAULT_SEND_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 4096;

/** A sender that POSTs with axios: no redirects followed, no proxy from the environment
 * (it would bypass the address pinning), a hard deadline and a capped response read. */
export function createHttpSender(options: SenderOptions = {}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return async (request) => {
    const started = performance.now();
    const deadline = AbortSignal.timeout(timeoutMs);
    const elapsed = (): number => Math.round(performance.now() - started);
    try {
      const response = await axios.post<Readable>(request.url, request.body, {
        headers: {
          'content-type': 'application/json',
          'user-agent': options.userAgent ?? 'disc-webhooks/0.1',
          ...request.headers,
        },
        maxRedirects: 0,
        proxy: false,
        responseType: 'stream',
        validateStatus: () => true,
        signal: deadline,
        transformRequest: [(data: unknown) => data],
        ...(request.addresses === undefined ? {} : { lookup: pinnedLookup(request.addresses) }),
      });
      const latencyMs = elapsed();
      const responseBody = await readCapped(response.data, maxBytes);
      const ok = response.status >= 200 && response.status < 300;
      const error = ok ? undefined : failureText(response.status);
      return { ok, status: response.status, latencyMs, responseBody, ...(error === undefined ? {} : { error }) };
    } catch (cause) {
      const error = deadline.aborted ? `no answer within ${timeoutMs} ms` : describeNetworkError(cause);
      return { ok: false, latencyMs: elapsed(), error };
    }
  };
}

function failureText(status: number): string {
  if (status >= 300 && status < 400) return `HTTP ${status}: redirects are not followed; register the final URL`;
  return `HTTP ${status}: only a 2xx answer counts as delivered`;
}

function describeNetworkError(cause: unknown): string {
  const { code, message } = cause as { code?: string; message?: string };
  return [code, message].filter(Boolean).join(': ') || String(cause);
}

type LookupCallback = (error: Error | null, address: LookupAddressEntry[]) => void;

/** A `lookup` that answers with the already-checked addresses instead of asking DNS again. */
function pinnedLookup(addresses: readonly ResolvedAddress[]) {
  const entries: LookupAddressEntry[] = addresses.map(({ address, family }) => ({ address, family }));
  return (_hostname: string, _options: object, callback: LookupCallback): void => callback(null, entries);
}

async function readCapped(stream: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      chunks.push(buffer.subarray(0, maxBytes - size));
      size += Math.min(buffer.length, maxBytes - size);
      if (size >= maxBytes) break;
    }
  } catch {
    // The status already decided the outcome; a body cut short by the deadline is fine.
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}
