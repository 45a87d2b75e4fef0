import winston from 'winston';

export type Logger = winston.Logger;

/** Structured logs on stdout: JSON by default (one object per line, for log shippers), or
 * a readable line with `LOG_FORMAT=text`. Tokens are never logged, only their names. */
export function createLogger(options: { level?: string; format?: 'json' | 'text'; silent?: boolean } = {}): Logger {
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
  return winston.createLogger({
    level: options.level ?? 'info',
    format,
    silent: options.silent ?? false,
    transports: [new winston.transports.Console()],
  });
}

/** For tests and library use: drops everything. */
export function silentLogger(): Logger {
  return createLogger({ silent: true });
}
