import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 connection written byte by byte, as a client that stalls, drips or leaves
 * would use it: what fetch cannot do (a body shorter than its Content-Length, a request that
 * never ends, `Expect: 100-continue`). */
export interface RawConnection {
  socket: Socket;
  write(text: string): void;
  /** Everything received so far, once it matches `pattern`; rejects if the connection closes first. */
  received(pattern: RegExp): Promise<string>;
  /** Everything received, once the server has closed the connection. */
  closed: Promise<string>;
}

export async function rawConnection(baseUrl: string): Promise<RawConnection> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  const waiting = new Set<() => void>();
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
    for (const check of waiting) check();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  return {
    socket,
    write: (data) => socket.write(data),
    received: (pattern) =>
      new Promise<string>((resolve, reject) => {
        const check = (): void => {
          if (!pattern.test(text)) return;
          waiting.delete(check);
          resolve(text);
        };
        waiting.add(check);
        check();
        void closed.then(() => {
          if (waiting.delete(check)) reject(new Error(`closed before ${String(pattern)}: ${JSON.stringify(text)}`));
        });
      }),
    closed,
  };
}

/**
 * Starts `POST path` with a JSON body of 100 bytes announced and `Expect: 100-continue`, and
 * resolves once the server answers 100 Continue: the route is reading a body that has not come.
 */
export async function startPostingBody(connection: RawConnection, path: string, token: string): Promise<void> {
  connection.write(
    [
      `POST ${path} HTTP/1.1`,
      'Host: api',
      `Authorization: Bearer ${token}`,
      'Content-Type: application/json',
      'Content-Length: 100',
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  await connection.received(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The responses in `text`, in order (100 Continue included), each with its body when it has a
 * Content-Length. */
export function responsesIn(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? '0');
    const bytes = Buffer.from(rest.slice(end + 4), 'utf8');
    responses.push({
      status: Number(statusLine?.split(' ')[1]),
      headers,
      body: bytes.subarray(0, length).toString('utf8'),
    });
    rest = bytes.subarray(length).toString('utf8');
  }
  return responses;
}
