import { StatementParseError } from './errors';
import type { ParseOptions, SourceLocation } from './types';

/** Largest value (element text, field, cell) read by default: far above any real remittance line or name. */
export const DEFAULT_MAX_FIELD_SIZE = 1024 * 1024;

/**
 * Transaction details (`<TxDtls>`) read for one entry. An entry is one CSV row (its details'
 * remittance lines joined), so it is held whole; this bounds it. Real batch bookings carry up to
 * a few thousand.
 */
export const DEFAULT_MAX_ENTRY_DETAILS = 10_000;

/** Transaction details handed out per record of an entry read with `streamEntryDetails`. */
export const ENTRY_DETAILS_PART = 1000;

/** Deepest element nesting read: real statements nest about 12 levels; this stops hostile files long before memory runs out. */
export const MAX_NESTING_DEPTH = 256;

/**
 * Attributes read on one element: camt elements carry one or two (`Ccy`, `xmlns`); each is held
 * until its start tag ends, so this bounds what a start tag of a million attributes would hold.
 */
export const MAX_ATTRIBUTES = 1000;

export function maxFieldSize(options: Pick<ParseOptions, 'maxFieldSize'>): number {
  return options.maxFieldSize ?? DEFAULT_MAX_FIELD_SIZE;
}

export function maxEntryDetails(options: Pick<ParseOptions, 'maxEntryDetails'>): number {
  return options.maxEntryDetails ?? DEFAULT_MAX_ENTRY_DETAILS;
}

/** `1 MiB`, `64 KiB`, `1500 bytes`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} characters`;
}

/** `value of <Ustrd> exceeds 1 MiB (--max-field-size)`, at the start of the value. */
export function fieldTooLarge(what: string, limit: number, location: SourceLocation): StatementParseError {
  return new StatementParseError(
    'LIMIT_EXCEEDED',
    `value of ${what} exceeds ${formatSize(limit)} (--max-field-size); raise the limit if the file is genuine`,
    { location },
  );
}

/** Elements nested deeper than any statement format allows. */
export function nestedTooDeep(what: string, location: SourceLocation): StatementParseError {
  return new StatementParseError(
    'NOT_WELL_FORMED',
    `elements nested more than ${MAX_NESTING_DEPTH} deep (at ${what}); no statement format nests that deep`,
    { location },
  );
}
