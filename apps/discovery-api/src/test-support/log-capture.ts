import { Writable } from 'node:stream';
import winston from 'winston';
import type { Logger } from '../logging';

/** A real logger whose JSON lines land in `lines`, for tests that check what is logged. */
export function capturingLogger(): { logger: Logger; lines: string[]; messages: () => string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = winston.createLogger({
    level: 'debug',
    format: winston.format.json(),
    transports: [new winston.transports.Stream({ stream })],
  });
  return {
    logger,
    lines,
    messages: () => lines.map((line) => String((JSON.parse(line) as { message: unknown }).message)),
  };
}
