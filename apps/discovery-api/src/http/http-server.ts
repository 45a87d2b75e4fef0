import {
  createServer,
  maxHeaderSize,
  STATUS_CODES,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logging';
import { ApiError, envelope } from './errors';
import type { HttpMetrics } from './metrics';
import { requestIdFrom } from './request-id';

export interface HttpServerOptions {
  logger: Logger;
  metrics?: HttpMetrics;
  clock?: () => Date;
  /** How long a client may take to send the request line and headers (default 10 s). */
  headersTimeoutMs?: number;
  /** How long the app waits for a body once it reads it (request-input.ts; default 10 s). The
   * server's own limit on the whole request lies beyond it, so the app answers first. */
  bodyTimeoutMs?: number;
}

/** Defaults of DISCOVERY_HEADERS_TIMEOUT_MS and DISCOVERY_BODY_TIMEOUT_MS (config.ts). */
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

/** The API's HTTP server, with a graceful stop. */
export interface HttpServer extends Server {
  /**
   * Stops accepting connections and lets the requests in flight finish; resolves once every
   * connection is closed. After `graceMs` (default: no limit) the connections still open are
   * closed, requests in flight or not, so a client that never finishes its request cannot hold
   * the process up. Every response sent from now on says `Connection: close` (a
   * response whose headers are already out cannot), and each connection is closed as soon
   * as it has no request in flight, idle keep-alive connections at once: a keep-alive
   * client is told to open its next connection elsewhere (to another instance) instead of
   * sending its next request on a connection that is about to go, which it would see
   * reset (docs/operations.md "Shutdown").
   */
  drain(options?: { graceMs?: number }): Promise<void>;
}

/**
 * The HTTP server of the API. What Node's HTTP parser refuses never reaches the app, and Node
 * would answer it with a bare status line; here it gets the error envelope (docs/errors.md)
 * with an `X-Request-Id` and `Connection: close`, and the connection is closed:
 *
 * - 431 HEADERS_TOO_LARGE: the request line and headers exceed the parser's limit (16 kB by
 *   default, `--max-http-header-size`), e.g. an oversized `Authorization` header or URL;
 * - 400 MALFORMED_REQUEST: anything else the parser refuses (an unknown method, a bad header
 *   name, both `Transfer-Encoding` and `Content-Length`), and an HTTP/1.1 request without `Host`;
 * - 408 REQUEST_TIMEOUT: Node's `headersTimeout` or `requestTimeout` ran out (a client that
 *   never finishes its headers, or its body when the app is not reading it).
 *
 * A connection that is reset, no longer writable or already answering keeps Node's handling.
 */
export function createHttpServer(listener: RequestListener, options: HttpServerOptions): HttpServer {
  const clock = options.clock ?? (() => new Date());
  let draining = false;
  // Responses not yet finished, to mark those whose headers are not out when draining starts.
  const inFlight = new Set<ServerResponse>();
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const bodyTimeout = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  // RFC 9112 3.2: an HTTP/1.1 request without Host is a 400. Node would answer it itself,
  // bare, before the listener runs; checked here instead, to answer with the envelope.
  const server = createServer(
    {
      requireHostHeader: false,
      // Node's limits on a request that does not arrive (slowloris; a Content-Length larger than
      // what is sent). Headers: this limit. The whole request: a backstop past the app's own
      // body timeout, which answers first with the request's id and log line. Node checks
      // them every connectionsCheckingInterval (30 s by default, which would add up to 30 s).
      headersTimeout,
      requestTimeout: headersTimeout + bodyTimeout + 5_000,
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    },
    (req, res) => {
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        // Its connection has nothing in flight now: close it rather than keep it alive.
        if (draining) setImmediate(() => server.closeIdleConnections());
      });
      if (draining) res.setHeader('Connection', 'close');
      if (req.httpVersion === '1.1' && req.headers.host === undefined) {
        const id = requestIdFrom(req.headers['x-request-id']);
        const error = malformed('missing_host', 'an HTTP/1.1 request must carry a Host header');
        const body = JSON.stringify(envelope(error, id, clock()));
        res.writeHead(error.status, {
          ...RESPONSE_HEADERS,
          'Content-Length': String(Buffer.byteLength(body)),
          'X-Request-Id': id,
        });
        res.end(body);
        refused(options, id, error, req.method ?? 'unknown');
        return;
      }
      listener(req, res);
    },
  );
  // `Expect: 100-continue`: Node would send 100 Continue at once. The app sends it when a route
  // starts reading the body (request-input.ts), so a body it refuses anyway (no token, too
  // large, not JSON) is answered with its error before the client sends it.
  server.on('checkContinue', (req, res) => server.emit('request', req, res));
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    const refusal = error.code === 'ECONNRESET' || !socket.writable ? undefined : refusalOf(error);
    if (refusal === undefined || answering?.headersSent === true) {
      nodeDefault(error, socket);
      return;
    }
    const id = requestIdFrom(undefined);
    const body = JSON.stringify(envelope(refusal, id, clock()));
    const head = [
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}`,
      ...Object.entries(RESPONSE_HEADERS).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${id}`,
      `Date: ${clock().toUTCString()}`,
    ].join('\r\n');
    socket.end(`${head}\r\n\r\n${body}`, () => socket.destroy());
    refused(options, id, refusal, 'unknown');
  });
  let drained: Promise<void> | undefined;
  return Object.assign(server, {
    drain: ({ graceMs }: { graceMs?: number } = {}): Promise<void> => {
      drained ??= new Promise<void>((resolve) => {
        draining = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        let grace: NodeJS.Timeout | undefined;
        server.close(() => {
          clearTimeout(grace);
          resolve();
        });
        server.closeIdleConnections();
        if (graceMs !== undefined)
          grace = setTimeout(() => {
            options.logger.warn('closing the connections of requests still in flight after the grace period', {
              requests: inFlight.size,
              grace_ms: graceMs,
            });
            server.closeAllConnections();
          }, graceMs);
      });
      return drained;
    },
  });
}

/** What Node's parser reports (llhttp): `code` HPE_*, `reason` in words. */
interface ParserError extends Error {
  code?: string;
  reason?: string;
}

const RESPONSE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  Connection: 'close',
};

function refusalOf(error: ParserError): ApiError | undefined {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The server takes Node's limit (16 kB unless --max-http-header-size says otherwise).
    const limit = maxHeaderSize;
    return new ApiError(
      'HEADERS_TOO_LARGE',
      `The request line and headers are larger than the limit of ${limit} bytes; send a shorter URL or smaller headers.`,
      { details: { limit_bytes: limit } },
    );
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError(
      'REQUEST_TIMEOUT',
      'The request did not arrive in time: its headers, or its body, took too long; send the whole request at once.',
    );
  }
  if (error.code === undefined || !error.code.startsWith('HPE_')) return undefined;
  return malformed(error.code.slice('HPE_'.length).toLowerCase(), (error.reason ?? error.message).toLowerCase());
}

function malformed(reason: string, what: string): ApiError {
  return new ApiError('MALFORMED_REQUEST', `The request is not valid HTTP/1.1: ${what}.`, { details: { reason } });
}

/** Node's own answer to a client error, as node:_http_server's socketOnError gives it. */
function nodeDefault(error: ParserError, socket: Duplex): void {
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && answering?.headersSent !== true) {
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? 413
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400;
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
  }
  socket.destroy(error);
}

/** The access-log line and metric of a refused request: no route, no token. */
function refused(options: HttpServerOptions, requestId: string, error: ApiError, method: string): void {
  options.metrics?.observe(method, 'unmatched', error.status, 0);
  options.logger.info('request refused', {
    request_id: requestId,
    status: error.status,
    code: error.code,
    reason: error.details.reason ?? null,
  });
}
