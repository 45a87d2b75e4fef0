import { PassThrough, type Writable } from 'node:stream';
import { createAtomicFile } from '@stmt/export';
import { LEDGER_FILE_EXTENSIONS, LedgerWriter, type AccountMap, type LedgerFormatName } from '@stmt/ledger';
import type { StatementRecord } from '@stmt/parser';
import { convertRecords, type ConversionResult, type ConversionSettings } from './conversion';
import type { ConvertLogger } from './hooks';
import type { OutputPlacement } from './output';

/** `--to hledger|beancount|qif` and the account mapping (`--accounts`). */
export interface LedgerOutput {
  format: LedgerFormatName;
  accounts: AccountMap;
  /** False for a `--since-last` run after the first: the opening balances were written then. */
  openings?: boolean;
  /** With `--since-last`: accounts opened by earlier runs; this run's new ones are added. */
  opened?: Map<string, string>;
}

/** File name extension for each output format, for a folder conversion. */
export const LEDGER_EXTENSIONS: Readonly<Record<LedgerFormatName, string>> = LEDGER_FILE_EXTENSIONS;

/**
 * Records → rows → journal. Like the CSV, the journal appears under its name only when complete
 * (written beside it under a temporary name), so a failed run leaves no half journal behind; a
 * device, FIFO or link is written as `createAtomicFile` writes it.
 */
export async function convertToLedger(
  records: AsyncIterable<StatementRecord>,
  output: string,
  ledger: LedgerOutput,
  settings: ConversionSettings,
  logger: ConvertLogger,
  placement: OutputPlacement = {},
): Promise<ConversionResult> {
  const target = await openTarget(output, settings.standardOutput ?? process.stdout, placement);
  const writer = new LedgerWriter(target.stream, {
    format: ledger.format,
    accounts: ledger.accounts,
    ...(ledger.openings === undefined ? {} : { openings: ledger.openings }),
    ...(ledger.opened === undefined ? {} : { opened: ledger.opened }),
    onWarning: (message) => logger.warn(message, { output }),
  });
  try {
    const result = await convertRecords(records, undefined, { ...settings, ledger: writer });
    await writer.end();
    await target.commit();
    return result;
  } catch (error) {
    await target.abort();
    throw error;
  }
}

async function openTarget(
  output: string,
  standardOutput: Writable,
  placement: OutputPlacement,
): Promise<{ stream: Writable; commit(): Promise<void>; abort(): Promise<void> }> {
  if (output === '-') {
    // stdout cannot be ended; the writer ends a pass-through that feeds it instead.
    const pass = new PassThrough();
    pass.pipe(standardOutput, { end: false });
    return { stream: pass, commit: () => Promise.resolve(), abort: () => Promise.resolve() };
  }
  const file = await createAtomicFile(output, placement);
  return { stream: file.stream, commit: () => file.commit(placement), abort: () => file.abort() };
}
