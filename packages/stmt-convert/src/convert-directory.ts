import { mkdir, readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { syncFolder } from '@stmt/export';
import { convertOne, removeLeftovers, type ConvertFileJob } from './convert-file';
import { LEDGER_EXTENSIONS, type LedgerOutput } from './convert-ledger';
import { ConvertError } from './errors';
import { silentLogger } from './hooks';
import { canonicalPath } from './output';
import { inspectStatementFile, listFolderEntries } from './statement-files';

/** What the output folder held under an output's name before the conversion; `unknown` when it could not be listed. */
type OutputKind = 'absent' | 'link' | 'other' | 'unknown';

/**
 * The output folder's names (lower-cased, so a folder that ignores case finds its own spelling
 * too), listed once, before the conversion: an output not listed is created without a look-up,
 * and only a listed link needs the check that it does not lead into the input folder.
 */
async function namesIn(folder: string): Promise<Map<string, OutputKind> | undefined> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => undefined);
  if (entries === undefined) return undefined;
  const names = new Map<string, OutputKind>();
  for (const entry of entries) {
    const name = entry.name.toLowerCase();
    if (names.get(name) !== 'link') names.set(name, entry.isSymbolicLink() ? 'link' : 'other');
  }
  return names;
}

/** What a folder conversion did, file by file in folder order. A failure keeps its error as thrown. */
export interface DirectoryReport {
  converted: { input: string; output: string; entries: number }[];
  failed: { input: string; error: unknown }[];
  skipped: string[];
}

/** `a.xml` → `a.csv`; a second `a.*` in the same folder keeps its extension: `a.sta.csv`. */
function outputName(file: string, taken: Set<string>, extension = '.csv'): string {
  const stem = basename(file, extname(file));
  const name = taken.has(`${stem}${extension}`) ? `${file}${extension}` : `${stem}${extension}`;
  taken.add(name);
  return name;
}

/**
 * Small files convert sixteen at a time: most of a small file's cost is the fsync that makes its
 * output durable before the rename, and the disk completes concurrent fsyncs together (about
 * 10 ms a file one at a time, under 1 ms a file four at a time, on the development machine; sixteen
 * at a time cut a 500-file folder by a third more). The CLI sizes Node's thread pool to match
 * (UV_THREADPOOL_SIZE, src/launch/main.ts): with the default four threads, file calls would queue.
 * A larger file converts alone, so memory stays that of one conversion.
 */
const PARALLEL_SMALL_FILES = 16;
/** A smaller file is small: read whole when it is recognised, parsed from memory, and converted with fifteen others. */
const SMALL_FILE_BYTES = 2 ** 20;

/**
 * Converts every recognised statement in a folder (not recursive; hidden files skipped; symbolic
 * links to files followed, see `listFolder`) into `outputDir/<name>.csv`. A bad file (one that
 * does not parse, or cannot be read) is reported and the rest still converted. Each output is
 * fsynced before its rename and the output folder once after the last rename, so every converted
 * file is on disk under its name when this resolves.
 */
export async function convertDirectory(
  inputDir: string,
  outputDir: string | undefined,
  job: Omit<ConvertFileJob, 'input' | 'output'>,
  dryRun = false,
): Promise<DirectoryReport> {
  const logger = job.logger ?? silentLogger;
  if (!dryRun) {
    if (outputDir === undefined || outputDir === '-') {
      throw new ConvertError('USAGE', `Input ${inputDir} is a folder: give --output a folder for the CSV files.`);
    }
    const existing = await stat(outputDir).catch(() => undefined);
    if (existing !== undefined && !existing.isDirectory()) {
      throw new ConvertError(
        'USAGE',
        `Input ${inputDir} is a folder, so --output must be a folder too, but ${outputDir} is a file.`,
      );
    }
    await mkdir(outputDir, { recursive: true }).catch((error: unknown) => {
      throw new ConvertError(
        'OUTPUT_FAILED',
        `Cannot create output folder ${outputDir}: ${(error as Error).message}.`,
        { cause: error },
      );
    });
  }
  // Once for the folder: sweeping it before each file would read the growing folder 500 times for 500 files.
  if (!dryRun && outputDir !== undefined && job.ledger === undefined) await removeLeftovers(outputDir, logger);
  // When the two folders are one, every output could be an input. Otherwise only a link can lead
  // from one folder into the other: an input that is a link (followed, see listFolder) or an output
  // that is one (followed, see createAtomicFile) is checked, and no other file needs the two path
  // resolutions of the check.
  const checkOverwrite =
    !dryRun && outputDir !== undefined && (await canonicalPath(inputDir)) === (await canonicalPath(outputDir));
  const report: DirectoryReport = { converted: [], failed: [], skipped: [] };
  const entries = await listFolderEntries(inputDir);
  const present = dryRun || outputDir === undefined ? undefined : await namesIn(outputDir);
  const taken = new Set<string>();
  // One outcome per file, filled as conversions finish, reported in folder order.
  const outcomes: ((report: DirectoryReport) => void)[] = [];
  const failure = (path: string, error: unknown) => (): void => void report.failed.push({ input: path, error });
  const running = new Set<Promise<void>>();
  for (const { name, link } of entries) {
    const path = join(inputDir, name);
    const slot = outcomes.length;
    outcomes.push(() => undefined);
    let size: number;
    let content: Buffer | undefined;
    let output: string | undefined;
    let outputKind: OutputKind = 'absent';
    try {
      const inspected = inspectStatementFile(path, job.format, job.csv, SMALL_FILE_BYTES);
      if (!inspected.recognised) {
        outcomes[slot] = () => {
          report.skipped.push(path);
          logger.warn('skipped: not a recognised statement format', { file: path });
        };
        continue;
      }
      size = inspected.size;
      content = inspected.content;
      if (!dryRun && outputDir !== undefined) {
        const outputFile = outputName(
          name,
          taken,
          job.ledger === undefined ? '.csv' : LEDGER_EXTENSIONS[job.ledger.format],
        );
        output = join(outputDir, outputFile);
        outputKind = present === undefined ? 'unknown' : (present.get(outputFile.toLowerCase()) ?? 'absent');
      }
    } catch (error) {
      outcomes[slot] = failure(path, error);
      continue;
    }
    const alone = size >= SMALL_FILE_BYTES;
    while (running.size >= (alone ? 1 : PARALLEL_SMALL_FILES)) await Promise.race(running);
    // A small file is read on this thread: sizing up a split across reading threads costs more than it saves.
    const threads = alone ? (job.threads ?? 1) : 0;
    const task = convertOne(
      {
        ...job,
        threads,
        input: { kind: 'file', name: path, path, size, ...(content === undefined ? {} : { content }) },
        output,
      },
      // A linked input, or a link in the output folder (followed, see createAtomicFile), could lead
      // from one folder into the other.
      {
        sweep: false,
        checkOverwrite: checkOverwrite || link || outputKind === 'link' || outputKind === 'unknown',
        syncFolder: false,
        absent: outputKind === 'absent',
      },
    ).then(
      (result) =>
        void (outcomes[slot] = () =>
          void report.converted.push({ input: path, output: output ?? '', entries: result.summary.entries })),
      (error: unknown) => void (outcomes[slot] = failure(path, error)),
    );
    const tracked: Promise<void> = task.finally(() => running.delete(tracked));
    running.add(tracked);
    if (alone) await tracked;
  }
  await Promise.all(running);
  // Each output was fsynced before its rename. One fsync of the folder, after the last rename,
  // makes the renames durable too before anything is reported: one per folder, not one per file.
  if (!dryRun && outputDir !== undefined) await syncFolder(outputDir);
  for (const outcome of outcomes) outcome(report);
  return report;
}

/**
 * The files a conversion of `inputDir` into `outputDir` would write, each with the input it comes
 * from, named as `convertDirectory` names them (a file that cannot be read gets no output there
 * either). For a check before the conversion; it reads the head of each file once more.
 */
export async function directoryOutputs(
  inputDir: string,
  outputDir: string,
  job: Pick<ConvertFileJob, 'format' | 'csv'> & { ledger?: Pick<LedgerOutput, 'format'> | undefined },
): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  const taken = new Set<string>();
  const extension = job.ledger === undefined ? '.csv' : LEDGER_EXTENSIONS[job.ledger.format];
  for (const { name } of await listFolderEntries(inputDir)) {
    const path = join(inputDir, name);
    let recognised: boolean;
    try {
      recognised = inspectStatementFile(path, job.format, job.csv).recognised;
    } catch {
      continue;
    }
    if (recognised) outputs.set(join(outputDir, outputName(name, taken, extension)), path);
  }
  return outputs;
}
