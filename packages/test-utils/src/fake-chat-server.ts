import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake service saw it; `at` is the server's own clock on arrival. */
export interface RecordedRequest {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: Array<{ role: string; content: string }>; [key: string]: unknown };
}

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent verbatim instead of `body`. */
  raw?: string;
  /** Wait this long before answering (a slow service). */
  delayMs?: number;
}

export type Script = (request: RecordedRequest, index: number) => ScriptedReply;

export interface FakeChatServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The envelope of an OpenAI chat-completions answer. */
export function chatCompletion(content: string): object {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export interface SentTransaction {
  id: number;
  party: string;
  direction: string;
  text?: string;
}

/** The transactions the client put in its user message. */
export function sentTransactions(request: RecordedRequest): SentTransaction[] {
  const user = request.body.messages?.find((message) => message.role === 'user');
  return (JSON.parse(user?.content ?? '{}') as { transactions?: SentTransaction[] }).transactions ?? [];
}

/** An answer naming, for each transaction sent, the category `pick` chooses. */
export function answerWith(pick: (transaction: SentTransaction) => string): Script {
  return (request) => {
    const results = sentTransactions(request).map((t) => ({ id: t.id, category: pick(t) }));
    return { body: chatCompletion(JSON.stringify({ results })) };
  };
}

/** A real HTTP server on 127.0.0.1 with an ephemeral port, answering by script. */
export async function startFakeChatServer(script: Script): Promise<FakeChatServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        at: Date.now(),
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : {},
      };
      requests.push(request);
      const reply = script(request, requests.length - 1);
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.raw ?? JSON.stringify(reply.body ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
