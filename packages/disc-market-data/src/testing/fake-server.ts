import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer. An object body is sent as JSON, a string as is. */
export interface FakeResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Never answer (to trigger the client's timeout). */
  hang?: boolean;
  /** Answer after this many ms (to observe concurrency). */
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export type Route = (path: string, query: URLSearchParams, headers: IncomingHttpHeaders) => FakeResponse;

/**
 * A real HTTP server on 127.0.0.1:0 standing in for a provider. `route` answers in the
 * provider's documented shape; `script` queues one-off answers (throttling, errors, bad
 * bodies) for paths containing a string, consumed in order before the route answers again.
 */
export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  /** The most requests that were in progress at once. */
  maxInFlight = 0;
  private inFlight = 0;
  private readonly scripts: { match: string; queue: FakeResponse[] }[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private port = 0;

  private constructor(
    private readonly server: Server,
    private readonly route: Route,
  ) {}

  static async start(route: Route): Promise<FakeServer> {
    const server = createServer();
    const fake = new FakeServer(server, route);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => fake.handle(req.url ?? '/', req.headers, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.port = (server.address() as AddressInfo).port;
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  script(match: string, ...responses: FakeResponse[]): void {
    this.scripts.push({ match, queue: responses });
  }

  /** Requests whose path contains `match`. */
  count(match: string): number {
    return this.requests.filter((r) => r.path.includes(match)).length;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(url: string, headers: IncomingHttpHeaders, res: ServerResponse): void {
    const parsed = new URL(url, 'http://127.0.0.1');
    const path = decodeURIComponent(parsed.pathname);
    this.requests.push({ path, query: parsed.searchParams, headers });
    const scripted = this.scripts.find((s) => path.includes(s.match) && s.queue.length > 0);
    const answer = scripted ? (scripted.queue.shift() as FakeResponse) : this.route(path, parsed.searchParams, headers);
    if (answer.hang) {
      this.hanging.add(res);
      return;
    }
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const send = () => {
      this.inFlight--;
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
      const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
      res.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers });
      res.end(body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  }
}
