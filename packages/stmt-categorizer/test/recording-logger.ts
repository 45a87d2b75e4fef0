import type { CategorizerLogger } from '@stmt/categorizer';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  meta?: object;
}

/** Keeps every log line, so tests can assert what was (and was not) logged. */
export class RecordingLogger implements CategorizerLogger {
  readonly lines: LogLine[] = [];
  debug(message: string, meta?: object): void {
    this.lines.push({ level: 'debug', message, ...(meta ? { meta } : {}) });
  }
  info(message: string, meta?: object): void {
    this.lines.push({ level: 'info', message, ...(meta ? { meta } : {}) });
  }
  warn(message: string, meta?: object): void {
    this.lines.push({ level: 'warn', message, ...(meta ? { meta } : {}) });
  }
  error(message: string, meta?: object): void {
    this.lines.push({ level: 'error', message, ...(meta ? { meta } : {}) });
  }
  at(level: LogLine['level']): string[] {
    return this.lines.filter((line) => line.level === level).map((line) => line.message);
  }
  /** Everything logged, messages and metadata, as one string. */
  dump(): string {
    return JSON.stringify(this.lines);
  }
}
