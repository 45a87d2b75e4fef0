import { Writable } from 'node:stream';
import winston from 'winston';

export type Logger = winston.Logger;

/** Where the lines of `createLogger` go; stdout unless a test passes its own. */
export type LogOutput = (text: string) => void;

// A write to a pipe is a system call (and synchronous on Linux): the lines of one turn of the
// event loop are written together, at most this much at a time.
const BATCH_CHARS = 64 * 1024;

/** Lines gathered and written at the end of the current turn of the event loop (and at exit,
 * so nothing logged before process.exit or a crash is lost). */
class LineBatch {
  private pending = '';
  private scheduled = false;

  constructor(private readonly output: LogOutput) {}

  write(line: string): void {
    this.pending += line;
    if (this.pending.length >= BATCH_CHARS) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  readonly flush = (): void => {
    this.scheduled = false;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.output(text);
  };
}

let stdoutBatch: LineBatch | undefined;

function batchFor(output: LogOutput | undefined): LineBatch {
  if (output !== undefined) return new LineBatch(output);
  if (stdoutBatch === undefined) {
    const batch = new LineBatch((text) => process.stdout.write(text));
    process.once('exit', batch.flush);
    stdoutBatch = batch;
  }
  return stdoutBatch;
}

/** The transport of createLogger's loggers: winston's stream transport into the batch. */
function batchTransport(batch: LineBatch): winston.transports.StreamTransportInstance {
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      batch.write(String(chunk));
      done();
    },
  });
  return new winston.transports.Stream({ stream, eol: '\n' });
}

/** JSON loggers made here, with their one transport: the access log writes to it directly. */
const jsonTransports = new WeakMap<
  Logger,
  { transport: winston.transports.StreamTransportInstance; batch: LineBatch }
>();

/** Structured logs on stdout: JSON by default (one object per line, for log shippers), or
 * a readable line with `LOG_FORMAT=text`. Tokens are never logged, only their names. */
export function createLogger(
  options: { level?: string; format?: 'json' | 'text'; silent?: boolean; output?: LogOutput } = {},
): Logger {
  const format =
    options.format === 'text'
      ? winston.format.combine(
          winston.format.timestamp(),
          winston.format.printf(({ timestamp, level, message, ...fields }) => {
            const extra = Object.entries(fields)
              .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
              .join(' ');
            return `${String(timestamp)} ${level} ${String(message)}${extra === '' ? '' : ` ${extra}`}`;
          }),
        )
      : winston.format.combine(winston.format.timestamp(), winston.format.json());
  const batch = batchFor(options.output);
  const transport = batchTransport(batch);
  const logger = winston.createLogger({
    level: options.level ?? 'info',
    format,
    silent: options.silent ?? false,
    transports: [transport],
  });
  if (options.format !== 'text') jsonTransports.set(logger, { transport, batch });
  return logger;
}

/** For tests and library use: drops everything. */
export function silentLogger(): Logger {
  return createLogger({ silent: true });
}

/** The fields of one access-log line (http/access-log.ts). */
export interface RequestLogFields {
  request_id: string;
  method: string;
  route: string;
  status: number;
  latency_ms: number;
  token_name: string | null;
}

/** Logs the `request` line of a finished response. On a JSON logger made by createLogger
 * (and still as made: one transport, not silent, the level enabled) the line is built
 * directly, the same text winston's json format gives (keys sorted, as safe-stable-stringify
 * sorts them), without winston's stream pipeline on every request; on any other logger it
 * goes through `logger.log`. */
export function requestLogger(logger: Logger): (level: 'info' | 'error', fields: RequestLogFields) => void {
  const made = jsonTransports.get(logger);
  return (level, fields) => {
    const transport = logger.transports.length === 1 ? logger.transports[0] : undefined;
    const asMade =
      made !== undefined && transport === made.transport && transport.level === undefined && transport.silent !== true;
    if (!asMade || logger.silent || !logger.isLevelEnabled(level)) {
      logger.log(level, 'request', fields);
      return;
    }
    const line = JSON.stringify({
      latency_ms: fields.latency_ms,
      level,
      message: 'request',
      method: fields.method,
      request_id: fields.request_id,
      route: fields.route,
      status: fields.status,
      timestamp: new Date().toISOString(),
      token_name: fields.token_name,
    });
    made.batch.write(`${line}\n`);
  };
}
