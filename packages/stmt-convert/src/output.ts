import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { createAtomicFile, CsvWriter, type CsvPreset } from '@stmt/export';
import { ConvertError } from './errors';
import { stdoutStream } from './stdout-stream';

/**
 * How a conversion places its output file. `syncFolder: false`: the caller fsyncs the output's
 * folder (see `AtomicFile.commit`). `absent: true`: the caller listed the output's folder and the
 * output was not in it (see `createAtomicFile`).
 */
export interface OutputPlacement {
  syncFolder?: boolean;
  absent?: boolean;
}

/**
 * Where a CSV goes: standard output for `-`, else a file that appears only when complete (a
 * device or FIFO is written straight through; see `createAtomicFile`).
 */
export interface CsvSink {
  writer: CsvWriter;
  /** See `AtomicFile.commit`; the folder is fsynced unless the placement left that to the caller. */
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Standard output for `-`, else a file that appears only when complete. Without --streaming the
 * writer gets its first row only after the whole input parsed (rows are sorted first), so a parse
 * error writes nothing to standard output; a streaming run cannot promise that.
 */
export async function openCsvSink(
  output: string,
  preset: CsvPreset,
  delimiter: string,
  standardOutput?: Writable,
  placement: OutputPlacement = {},
): Promise<CsvSink> {
  const csv = { header: preset.header, delimiter, target: output === '-' ? 'standard output' : output };
  if (output === '-') {
    // The writer ends this stream once the last row is out; stdout itself stays open.
    return {
      writer: new CsvWriter(stdoutStream(standardOutput), csv),
      commit: () => Promise.resolve(),
      abort: () => Promise.resolve(),
    };
  }
  const file = await createAtomicFile(output, placement);
  return {
    writer: new CsvWriter(file.stream, csv),
    commit: () => file.commit(placement),
    abort: () => file.abort(),
  };
}

/**
 * The path with links resolved; a path that does not exist yet, in its folder with that folder's
 * links resolved, or as given (made absolute). An output that is a link to the input resolves to
 * the input, and is refused.
 */
export async function canonicalPath(path: string): Promise<string> {
  return realpath(path).catch(() =>
    realpath(dirname(path)).then(
      (folder) => join(folder, basename(path)),
      () => resolve(path),
    ),
  );
}

/** Whether two paths name one file, whatever their spelling or the links on the way. */
export async function samePath(a: string, b: string): Promise<boolean> {
  return (await canonicalPath(a)) === (await canonicalPath(b));
}

/**
 * A conversion must never write over its own input, whatever path spelling points there.
 * `written` names the path in the message (`Output FILE` by default) and `instead` says what to
 * choose instead.
 */
export async function refuseOverwritingInput(
  input: string,
  output: string,
  written = `Output ${output}`,
  instead = 'another output path',
): Promise<void> {
  if (input === '-' || output === '-') return;
  if (await samePath(input, output)) {
    throw new ConvertError(
      'USAGE',
      `${written} is the input file; choose ${instead} so the statement is not overwritten.`,
    );
  }
}
