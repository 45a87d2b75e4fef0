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
  url: string;
  port: number;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that records every request. */
export async function startReceiver(respond: Responder = () => 200): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      const index = received.push(request) - 1;
      const status = respond(request, index, res);
      if (status !== undefined && !res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${index}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
