import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** Resolves once `count` requests (on `path`, when given) have arrived. */
  waitFor(count: number, path?: string): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1: records every request and answers with the status
 * `respond` picks (200 by default), so a test can make it fail and then recover. */
export async function startReceiver(respond: (request: ReceivedWebhook, index: number) => number = () => 200): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; path: string | undefined; resolve: (list: ReceivedWebhook[]) => void }[] = [];
  const matching = (path: string | undefined) => received.filter((r) => path === undefined || r.path === path);
  const settle = (): void => {
    for (const waiter of [...waiters]) {
      const list = matching(waiter.path);
      if (list.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(list);
      }
    }
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      res.statusCode = respond(request, received.length - 1);
      res.end();
      settle();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    waitFor: (count, path) =>
      new Promise((resolve) => {
        waiters.push({ count, path, resolve });
        settle();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
