import type * as Winston from 'winston';
import type { LoadedConfig } from './config/load';
import type { LogFormat, LogLevel } from './config/schema';

type LogMethod = (message: string, fields?: Record<string, unknown>) => void;

/** What commands log through: one method per level, each taking a message and structured fields. */
export interface Logger {
  error: LogMethod;
  warn: LogMethod;
  info: LogMethod;
  debug: LogMethod;
}

const LEVELS: LogLevel[] = ['error', 'warn', 'info', 'debug'];

/**
 * Control characters shown as `\u001b`: messages quote the input (a bank's name, an end tag), and
 * an escape sequence in a file must not retitle or clear the terminal it is reported on.
 */
export function visible(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what is matched
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `key=value` pairs after the message; values with spaces are quoted so the line stays parseable. */
function renderFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? visible(value) : JSON.stringify(value);
      return ` ${key}=${/[\s"=]/.test(text) ? JSON.stringify(text) : text}`;
    })
    .join('');
}

type LoggerOptions = { level: LogLevel; format: LogFormat; stream?: NodeJS.WritableStream };

function createWinstonLogger(options: LoggerOptions): Winston.Logger {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require is how CommonJS loads a module on first use
  const winston = require('winston') as typeof Winston;
  const textFormat = winston.format.printf((info) => {
    const { level, message, timestamp, ...fields } = info;
    return `${String(timestamp)} ${level} ${visible(String(message))}${renderFields(fields)}`;
  });
  const format =
    options.format === 'json'
      ? winston.format.combine(winston.format.timestamp(), winston.format.json())
      : winston.format.combine(winston.format.timestamp(), textFormat);
  const transport =
    options.stream === undefined
      ? new winston.transports.Console({ stderrLevels: LEVELS })
      : new winston.transports.Stream({ stream: options.stream });
  return winston.createLogger({
    level: options.level,
    levels: { error: 0, warn: 1, info: 2, debug: 3 },
    format,
    transports: [transport],
  });
}

/**
 * Logs go to stderr only, so stdout carries nothing but the command's output (a CSV for `-o -`).
 * `json` gives one JSON object per line for log shippers. winston is loaded at the first entry the
 * level lets through: a quiet, successful run never loads it.
 */
export function createLogger(options: LoggerOptions): Logger {
  const threshold = LEVELS.indexOf(options.level);
  let logger: Winston.Logger | undefined;
  const at =
    (level: LogLevel): LogMethod =>
    (message, fields) => {
      if (LEVELS.indexOf(level) > threshold) return;
      logger ??= createWinstonLogger(options);
      if (fields === undefined) logger.log(level, message);
      else logger.log(level, message, fields);
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

/**
 * The level the stderr logger runs at. A successful text-format run is quiet there: info lines
 * (progress, audit entries) appear only with --verbose, a log level set on purpose (flag,
 * environment, config file), or the JSON format, whose consumers expect every entry.
 */
export function terminalLogLevel(loaded: Pick<LoadedConfig, 'config' | 'sources'>, verbose: boolean): LogLevel {
  const { level, format } = loaded.config.log;
  if (verbose) return level === 'debug' ? 'debug' : 'info';
  const chosen = (loaded.sources.get('log.level') ?? 'defaults') !== 'defaults';
  return chosen || format === 'json' ? level : 'warn';
}
