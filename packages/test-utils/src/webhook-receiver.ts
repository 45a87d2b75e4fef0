import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Decides the answer to the n-th request (0-based); returning undefined leaves the
 * request hanging, as a receiver that never answers. */
export type Responder = (request: ReceivedRequest, index: number, response: ServerResponse) => number | undefined;

export interface TestReceiver {
  /** The receiver's URL on `/hooks`. */
  url: string;
  /** The receiver's URL on another path, so one receiver can stand for several webhooks. */
  urlFor(path: string): string;
  port: number;
  received: ReceivedRequest[];
  /** Resolves once `count` requests (on `path`, when given) have arrived. */
  waitFor(count: number, path?: string): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that records every request and answers with the status
 * `respond` picks (200 by default), so a test can make it fail and then recover. */
export async function startReceiver(respond: Responder = () => 200): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  const waiters: { count: number; path: string | undefined; resolve: (list: ReceivedRequest[]) => void }[] = [];
  const settle = (): void => {
    for (const waiter of [...waiters]) {
      const list = received.filter((r) => waiter.path === undefined || r.path === waiter.path);
      if (list.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(list);
      }
    }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = received.push(request) - 1;
      const status = respond(request, index, res);
      if (status !== undefined && !res.headersSent)
        res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${index}`);
      settle();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    urlFor: (path) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    waitFor: (count, path) =>
      new Promise((resolve) => {
        waiters.push({ count, path, resolve });
        settle();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
