import { once } from 'node:events';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { createAtomicFile, CsvWriter, type CsvPreset } from '@stmt/export';
import { CliError } from './cli-error';

/** Where a CSV goes: standard output for `-`, else a file that appears only when complete. */
export interface CsvSink {
  writer: CsvWriter;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export async function openCsvSink(output: string, preset: CsvPreset, delimiter: string): Promise<CsvSink> {
  const csv = { header: preset.header, delimiter };
  if (output === '-') {
    // stdout cannot be ended; the writer ends a pass-through that feeds it instead.
    const pass = new PassThrough();
    pass.pipe(process.stdout, { end: false });
    return {
      writer: new CsvWriter(pass, csv),
      async commit() {
        if (process.stdout.writableNeedDrain) await once(process.stdout, 'drain');
      },
      abort: () => Promise.resolve(),
    };
  }
  const file = await createAtomicFile(output);
  return { writer: new CsvWriter(file.stream, csv), commit: () => file.commit(), abort: () => file.abort() };
}

/** A conversion must never write over its own input, whatever path spelling points there. */
export async function refuseOverwritingInput(input: string, output: string): Promise<void> {
  if (input === '-' || output === '-') return;
  const canonical = async (path: string): Promise<string> => realpath(path).catch(() => resolve(path));
  if ((await canonical(input)) === (await canonical(output))) {
    throw new CliError('USAGE', `Output ${output} is the input file; choose another output path so the statement is not overwritten.`);
  }
}
