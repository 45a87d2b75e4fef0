import winston from 'winston';
import type { LoadedConfig } from './config/load';
import type { LogFormat, LogLevel } from './config/schema';

export type Logger = winston.Logger;

const LEVELS: LogLevel[] = ['error', 'warn', 'info', 'debug'];

/** `key=value` pairs after the message; values with spaces are quoted so the line stays parseable. */
function renderFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return ` ${key}=${/[\s"=]/.test(text) ? JSON.stringify(text) : text}`;
    })
    .join('');
}

const textFormat = winston.format.printf((info) => {
  const { level, message, timestamp, ...fields } = info;
  return `${String(timestamp)} ${level} ${String(message)}${renderFields(fields)}`;
});

/**
 * Logs go to stderr only, so stdout carries nothing but the command's output (a CSV for `-o -`).
 * `json` gives one JSON object per line for log shippers.
 */
export function createLogger(options: { level: LogLevel; format: LogFormat; stream?: NodeJS.WritableStream }): Logger {
  const format =
    options.format === 'json'
      ? winston.format.combine(winston.format.timestamp(), winston.format.json())
      : winston.format.combine(winston.format.timestamp(), textFormat);
  const transport =
    options.stream === undefined
      ? new winston.transports.Console({ stderrLevels: LEVELS })
      : new winston.transports.Stream({ stream: options.stream });
  return winston.createLogger({ level: options.level, levels: { error: 0, warn: 1, info: 2, debug: 3 }, format, transports: [transport] });
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
