import { Writable } from 'node:stream';
import winston from 'winston';
import type { Logger } from '../logging';

export interface CapturedLogs {
  logger: Logger;
  lines: string[];
  messages: () => string[];
  /** The `nth` line (1: the first) whose message is `message`, parsed, once it is logged. */
  logged: (message: string, nth?: number) => Promise<Record<string, unknown>>;
}

/** A real logger whose JSON lines land in `lines`, for tests that check what is logged. */
export function capturingLogger(): CapturedLogs {
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      for (const check of waiting) check();
      done();
    },
  });
  const logger = winston.createLogger({
    level: 'debug',
    format: winston.format.json(),
    transports: [new winston.transports.Stream({ stream })],
  });
  const parsed = (): Record<string, unknown>[] => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    logger,
    lines,
    messages: () => parsed().map((line) => String(line.message)),
    logged: (message, nth = 1) =>
      new Promise((resolve) => {
        const check = (): void => {
          const line = parsed().filter((l) => l.message === message)[nth - 1];
          if (line === undefined) return;
          waiting.delete(check);
          resolve(line);
        };
        waiting.add(check);
        check();
      }),
  };
}
