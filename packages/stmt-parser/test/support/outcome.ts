import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  parseStream,
  StatementParseError,
  type ParseIssue,
  type ParseOptions,
  type StatementRecord,
} from '@stmt/parser';

export const FIXTURE_DIR = join(__dirname, '..', 'fixtures', 'camt');

/** Everything a parse produced: the records, the issues, and the fatal error if one ended it. */
export interface Outcome {
  records: StatementRecord[];
  issues: ParseIssue[];
  error: { code: string; message: string; location: unknown } | null;
}

/** Parses to the end, collecting issues instead of throwing on the first one. */
export async function collect(source: AsyncIterable<Buffer | string>, options: ParseOptions = {}): Promise<Outcome> {
  return collectFrom((onIssue) => parseStream(source, { ...options, onIssue }));
}

/** Runs a parse that reports issues to `onIssue` to its end, collecting records, issues and the fatal error. */
export async function collectFrom(
  parse: (onIssue: (issue: ParseIssue) => void) => AsyncIterable<StatementRecord>,
): Promise<Outcome> {
  const outcome: Outcome = { records: [], issues: [], error: null };
  try {
    for await (const record of parse((issue) => outcome.issues.push(issue))) outcome.records.push(record);
  } catch (error) {
    if (!(error instanceof StatementParseError)) throw error;
    outcome.error = { code: error.code, message: error.message, location: error.location ?? null };
  }
  return outcome;
}

/** The outcome as plain JSON (Decimals become their exact strings). */
export function toJson(outcome: Outcome): unknown {
  return JSON.parse(JSON.stringify(outcome));
}

/** `bytes` cut into chunks of `size` bytes, as a stream would deliver them. */
export async function* chunked(bytes: Buffer, size: number): AsyncIterable<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Every fixture file, as paths relative to the fixture folder (`camt053-v08-statement.xml`, `invalid/truncated.xml`). */
export function fixtureNames(): string[] {
  const names: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.xml')) names.push(relative(FIXTURE_DIR, path));
    }
  };
  walk(FIXTURE_DIR);
  return names.sort();
}

/** Parses `bytes` without an issue collector and returns the StatementParseError it throws. */
export async function firstError(bytes: Buffer): Promise<StatementParseError> {
  try {
    for await (const _ of parseStream(chunked(bytes, bytes.length || 1))) {
      // drain
    }
  } catch (error) {
    if (error instanceof StatementParseError) return error;
    throw error;
  }
  throw new Error('expected a StatementParseError');
}
