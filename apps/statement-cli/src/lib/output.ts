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

/**
 * With `buffered`, standard output receives the CSV only once it is complete (the rows are held
 * for sorting anyway), so a parse error writes nothing there; a streaming run cannot promise that.
 */
export async function openCsvSink(output: string, preset: CsvPreset, delimiter: string, options: { buffered: boolean }): Promise<CsvSink> {
  const csv = { header: preset.header, delimiter };
  if (output === '-' && options.buffered) return bufferedStdoutSink(csv);
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

function bufferedStdoutSink(csv: { header: readonly string[]; delimiter: string }): CsvSink {
  const chunks: Buffer[] = [];
  const pass = new PassThrough();
  pass.on('data', (chunk: Buffer) => chunks.push(chunk));
  return {
    writer: new CsvWriter(pass, csv),
    async commit() {
      if (!process.stdout.write(Buffer.concat(chunks))) await once(process.stdout, 'drain');
    },
    abort: () => {
      chunks.length = 0;
      return Promise.resolve();
    },
  };
}

/** A conversion must never write over its own input, whatever path spelling points there. */
export async function refuseOverwritingInput(input: string, output: string): Promise<void> {
  if (input === '-' || output === '-') return;
  const canonical = async (path: string): Promise<string> => realpath(path).catch(() => resolve(path));
  if ((await canonical(input)) === (await canonical(output))) {
    throw new CliError('USAGE', `Output ${output} is the input file; choose another output path so the statement is not overwritten.`);
  }
}
