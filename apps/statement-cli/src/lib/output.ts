import { finished } from 'node:stream/promises';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { createAtomicFile, CsvWriter, outputError, type CsvPreset } from '@stmt/export';
import { CliError } from './cli-error';
import { stdoutStream } from './stdout-stream';

const STDOUT = 'standard output';

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
  const csv = { header: preset.header, delimiter, target: output === '-' ? STDOUT : output };
  if (output === '-' && options.buffered) return bufferedStdoutSink(csv);
  if (output === '-') {
    // The writer ends this stream once the last row is out; stdout itself stays open.
    return { writer: new CsvWriter(stdoutStream(), csv), commit: () => Promise.resolve(), abort: () => Promise.resolve() };
  }
  const file = await createAtomicFile(output);
  return { writer: new CsvWriter(file.stream, csv), commit: () => file.commit(), abort: () => file.abort() };
}

function bufferedStdoutSink(csv: { header: readonly string[]; delimiter: string; target: string }): CsvSink {
  const chunks: Buffer[] = [];
  const pass = new PassThrough();
  pass.on('data', (chunk: Buffer) => chunks.push(chunk));
  return {
    writer: new CsvWriter(pass, csv),
    async commit() {
      const stream = stdoutStream();
      stream.end(Buffer.concat(chunks));
      chunks.length = 0;
      await finished(stream).catch((error: unknown) => {
        throw outputError(STDOUT, 'a write failed', error);
      });
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
