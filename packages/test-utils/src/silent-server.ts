import { createServer, type Socket } from 'node:net';

/** A service that accepts connections and never answers (an AI service that hangs). */
export interface SilentServer {
  /** `http://127.0.0.1:<port>/v1`. */
  url: string;
  /** Every connection accepted so far. */
  connections: Socket[];
  close(): Promise<void>;
}

export async function startSilentServer(): Promise<SilentServer> {
  const connections: Socket[] = [];
  const server = createServer((socket) => {
    connections.push(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    connections,
    close: async () => {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
