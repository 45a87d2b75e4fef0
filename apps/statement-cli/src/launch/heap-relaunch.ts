import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { anonymousKib } from './memory-report';
import { signalExitCode, STOP_SIGNALS } from './signals';
import { relayStandardError, restartedStdio } from './stderr-relay';

/**
 * `--streaming` promises constant memory within the 128 MiB container request of docs/decisions/0004-statement-converter-contract.md. Node's
 * default heap sizing lets a long stream of short-lived objects grow RSS to ~200 MiB before the
 * collector pushes back, so a streaming run restarts itself once with a small young generation
 * and a capped old space: with them, the main thread and one reading thread convert a 1 GB
 * camt.053 within 128 MiB (`pnpm bench:stmt -- --size 1GB`). Since the main thread also reads
 * fragments while it waits for the reading thread, its old space fills faster: capped at 48 MiB,
 * the converting process peaked at 122.3 MiB on the 1 GB dense file; at 44 MiB, 119.8 MiB in
 * the same time (88.6 s against 87.6 s; docs/cli.md).
 */
const STREAMING_OLD_SPACE_MB = 44;

/**
 * V8 allocates straight in the old space at the allocation sites where it saw most objects
 * survive a scavenge. Entries and rows live just long enough to trip that, and then die in the
 * old space, which only a full collection frees: with the sites left in the young generation the
 * 50 MB dense camt.053 converted in 2.14–2.31 s against 2.16–2.53 s (`--streaming`, six
 * alternations, 6.7 % less CPU) and 2.32–2.53 s against 2.41–2.82 s sorted (five, 6.8 % less
 * CPU), at a lower peak RSS in both.
 */
const NO_PRETENURING = '--no-allocation-site-pretenuring';

/**
 * Scavenges on the thread that allocates, without V8's helper threads: both cores are already
 * busy (the main thread and the reading thread), and helpers only took turns with them. Without
 * pretenuring, on the 50 MB dense file, eight alternations of `--streaming`: 2.38–2.62 s against
 * 2.46–2.77 s. `--single-threaded-gc` (every collection so, sweeping too) was faster still,
 * 2.27–2.51 s, but the 1 GB dense file then peaked at 126.0–127.6 MiB, launcher included, too
 * near the 128 MiB `--streaming` promises; with this flag alone, at 124.2 MiB. The sorted mode,
 * bound by 256 MiB, takes the faster one: 2.00–2.10 s against 2.03–2.18 s (six alternations).
 */
const NO_PARALLEL_SCAVENGE = '--no-parallel-scavenge';
const SINGLE_THREADED_GC = '--single-threaded-gc';

export const HEAP_FLAGS: readonly string[] = [
  '--max-semi-space-size=2',
  `--max-old-space-size=${STREAMING_OLD_SPACE_MB}`,
  NO_PRETENURING,
  NO_PARALLEL_SCAVENGE,
];

/**
 * The default (sorted) mode holds up to 32 MiB of output text (outside the heap) before it spills
 * a sorted run to disk, and reads on a thread per core but one; with these flags a 1 GB file
 * converts in under 256 MiB. Its main thread, which builds every row while the reading threads
 * wait for it, is the bound: with a young generation of 4 MiB semi-spaces, not 2, fewer rows live
 * through two scavenges into the old generation, and a 1 GB dense camt.053 converted in 43.0 and
 * 44.7 s, not 57.8 and 53.7 s, peaking at 197 and 194 MiB, not 185 (docs/cli.md). Larger
 * semi-spaces cost more than they saved.
 */
const SORTING_OLD_SPACE_MB = 160;
export const SORTING_HEAP_FLAGS: readonly string[] = [
  '--max-semi-space-size=4',
  `--max-old-space-size=${SORTING_OLD_SPACE_MB}`,
  NO_PRETENURING,
  SINGLE_THREADED_GC,
];

const OLD_SPACE_FLAG = '--max-old-space-size=';
/** @stmt/parser's DEFAULT_MAX_FIELD_SIZE, 1 MiB (the launcher does not load the parser; a test checks they agree). */
export const DEFAULT_FIELD_BYTES = 2 ** 20;

/**
 * The old space a tuned run needs for values of up to `maxFieldSize` bytes: a value is held
 * several times over while its row is built (as read, flattened, with its line breaks made
 * blanks, quoted in the CSV line), so the old space grows by three times the size above the
 * default 1 MiB. A 20 MiB `<Ustrd>` with --streaming ran out of 44 MiB; with 104 it converted,
 * as did a 64 MiB one with 236 and, without --streaming, with 352 (`--max-field-size 128MiB`).
 */
export function oldSpaceFor(streaming: boolean, maxFieldSize: number): number {
  const beyond = Math.max(0, Math.ceil((maxFieldSize - DEFAULT_FIELD_BYTES) / 2 ** 20));
  return (streaming ? STREAMING_OLD_SPACE_MB : SORTING_OLD_SPACE_MB) + 3 * beyond;
}

/**
 * Called by the converting process before it reads anything: when the launcher restarted it with
 * a tuned heap (`relaunchWithTunedHeap`) too small for `maxFieldSize`, it asks the launcher for
 * a restart with the old space `oldSpaceFor` names, and answers true: the caller then stops,
 * writing nothing (the launcher starts the run again). The restarted run has that old space, so it does not ask again.
 */
export function restartForFieldSize(streaming: boolean, maxFieldSize: number | undefined): Promise<boolean> {
  const send = process.send?.bind(process);
  const given = process.execArgv.find((flag) => flag.startsWith(OLD_SPACE_FLAG));
  if (maxFieldSize === undefined || process.env[TUNED_MARK] === undefined || send === undefined || given === undefined)
    return Promise.resolve(false);
  const needed = oldSpaceFor(streaming, maxFieldSize);
  if (Number(given.slice(OLD_SPACE_FLAG.length)) >= needed) return Promise.resolve(false);
  return new Promise((resolve) => send({ oldSpaceMb: needed }, undefined, {}, () => resolve(true)));
}

/** A conversion from a smaller file is done before Node's heap sizing matters: no restart. */
const LARGE_INPUT_BYTES = 32 * 2 ** 20;

/**
 * A `--streaming` run of one smaller file stays well inside 128 MiB in Node's default heap, so it
 * saves the second process start (about 0.14 s). Peak RSS of dense camt.053 files converted with
 * `--streaming` in the default heap: 95 MiB for 1 MiB, 117 MiB for 2 MiB, 136 MiB for 4 MiB.
 */
const SMALL_STREAMING_BYTES = 2 ** 20;

/** Marks the restarted process, so it does not restart again. */
const TUNED_MARK = 'STMT_HEAP_TUNED';

/**
 * The heap flags to restart with, or undefined to run here: a streaming run (but that of one
 * small file), and a sorted conversion of a large file, standard input or a folder holding a
 * large file, restart once, unless they already did or the user tuned the heap.
 */
export function tunedHeapFlags(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[],
): readonly string[] | undefined {
  if (
    env[TUNED_MARK] !== undefined ||
    /--max-(old|semi)-space-size/.test(`${env['NODE_OPTIONS'] ?? ''} ${execArgv.join(' ')}`)
  )
    return undefined;
  const flags = launchFlags(args);
  if (flags.streaming) return isSmallFile(flags.input) ? undefined : HEAP_FLAGS;
  const converts = (args[0] === 'convert' || args[0] === 'camt') && !flags.dryRun && !flags.help;
  return converts && flags.input !== undefined && mayBeLarge(flags.input) ? SORTING_HEAP_FLAGS : undefined;
}

/** One file (not standard input, not a folder) under `SMALL_STREAMING_BYTES`. */
function isSmallFile(input: string | undefined): boolean {
  if (input === undefined || input === '-') return false;
  const info = statSync(input, { throwIfNoEntry: false });
  return info !== undefined && info.isFile() && info.size < SMALL_STREAMING_BYTES;
}

/** Standard input, a large file, or a folder holding one (a folder of small files converts in the default heap: no second start). */
function mayBeLarge(input: string): boolean {
  if (input === '-') return true;
  const info = statSync(input, { throwIfNoEntry: false });
  if (info === undefined || !info.isDirectory()) return info !== undefined && info.size >= LARGE_INPUT_BYTES;
  try {
    return readdirSync(input, { withFileTypes: true }).some(
      (entry) =>
        entry.isFile() &&
        (statSync(join(input, entry.name), { throwIfNoEntry: false })?.size ?? 0) >= LARGE_INPUT_BYTES,
    );
  } catch {
    return true;
  }
}

/**
 * glibc gives each thread that allocates its own malloc arena (the main thread, the reading
 * worker, libuv's and V8's helper threads), each growing and fragmenting apart. V8 keeps
 * JavaScript objects out of malloc, so one shared arena costs no measurable time here, and a
 * 1 GB dense camt.053 converted with --streaming peaks about 10 MiB lower than with the default
 * (up to eight arenas per core). Other C libraries ignore these variables; a user's own values win.
 */
const MALLOC_ARENAS = '1';

/**
 * glibc serves a block of 128 KiB or more with its own mapping, returned to the system when
 * freed, but raises that threshold each time such a block is freed (up to 32 MiB), after which
 * the reading buffers and packed entries of a conversion come from the arena and stay there.
 * Fixed at 128 KiB, a 1 GB dense camt.053 converted with --streaming peaked at 117.7 MiB
 * against 119.8 MiB (docs/cli.md).
 */
const MALLOC_MMAP_THRESHOLD = String(128 * 1024);

/** The restarted process's environment: marked as restarted, with one malloc arena and a fixed mapping threshold. */
export function tunedEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    MALLOC_ARENA_MAX: MALLOC_ARENAS,
    MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD,
    ...env,
    [TUNED_MARK]: '1',
  };
}

/**
 * Runs `script args` in a child Node process with `HEAP_FLAGS` and exits with its status. The
 * child must never outlive this process: stop signals are forwarded to it, and it holds an IPC
 * channel to this process whose closing (this process killed, even with SIGKILL) stops it.
 */
export function relaunchWithTunedHeap(
  script: string,
  args: readonly string[],
  flags: readonly string[],
  resized = false,
): void {
  const { stdio, env } = restartedStdio();
  const child = spawn(process.execPath, [...flags, script, ...args], {
    stdio,
    env: { ...tunedEnvironment(process.env), ...env },
  });
  const standardError = relayStandardError(child);
  // Asked once, by a child that found its heap too small for the --max-field-size it was given
  // (`restartForFieldSize`): it stops before reading anything, and starts again with the old space it names.
  let larger: number | undefined;
  child.on('message', (message: unknown) => {
    if (resized) return;
    const asked = (message as { oldSpaceMb?: unknown } | null)?.oldSpaceMb;
    if (typeof asked === 'number' && Number.isInteger(asked) && asked > 0) larger = asked;
  });
  for (const signal of STOP_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`stmt: cannot start the conversion (${error.message}).\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    // Everything it wrote is passed on before this process says more, or exits.
    void standardError.done.then(() => {
      if (larger !== undefined && signal === null) {
        const kept = flags.filter((flag) => !flag.startsWith(OLD_SPACE_FLAG));
        return void relaunchWithTunedHeap(script, args, [...kept, `${OLD_SPACE_FLAG}${larger}`], true);
      }
      if (signal === 'SIGABRT' || standardError.reported()) return void outOfMemory(child.pid, args, flags);
      // This waiting process counts towards a container's memory too: its own (anonymous) pages;
      // the Node binary's pages it shares with the child are counted there.
      if (process.env['STMT_REPORT_MAX_RSS'] !== undefined)
        process.stderr.write(`launcher-anon-kib=${anonymousKib()}\n`);
      process.exit(code ?? (signal === null ? 1 : signalExitCode(signal)));
    });
  });
}

/** The flags the launcher decides on; the command's own parsing (oclif) checks them all later. */
const LAUNCH_FLAGS = {
  input: { type: 'string', short: 'i' },
  output: { type: 'string', short: 'o' },
  streaming: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/**
 * The launcher's flags in every spelling (`-o x`, `-ox`, `--output x`, `--output=x`), read with
 * Node's own argument parser before oclif is loaded: the waiting launcher must stay small. Other
 * flags are ignored here.
 */
export function launchFlags(args: readonly string[]): LaunchFlags {
  const { values } = parseArgs({ args: [...args], options: LAUNCH_FLAGS, strict: false, allowPositionals: true });
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  return {
    input: text(values.input),
    output: text(values.output),
    streaming: values.streaming === true,
    dryRun: values['dry-run'] === true,
    help: values.help === true,
  };
}

export interface LaunchFlags {
  input: string | undefined;
  output: string | undefined;
  streaming: boolean;
  dryRun: boolean;
  help: boolean;
}

/**
 * The restarted process ran out of its capped heap (V8 aborts): an entry too large for a
 * streaming run, say. Says what to do instead, removes the temporary CSV it left (named with its
 * process id) and exits with 1, an internal failure.
 */
async function outOfMemory(pid: number | undefined, args: readonly string[], flags: readonly string[]): Promise<never> {
  const output = launchFlags(args).output;
  if (output !== undefined && output !== '-' && pid !== undefined) {
    // Loaded only here: the waiting launcher stays small (its memory counts in a container).
    const { removeTempFilesOfSync } = await import('@stmt/export');
    const dir = statSync(output, { throwIfNoEntry: false })?.isDirectory() === true ? output : dirname(output);
    removeTempFilesOfSync(dir, pid);
  }
  process.stderr.write(
    `stmt: the conversion ran out of memory within the heap it allows itself (${flags.join(' ')}), and stopped ` +
      `without writing its output file. ${flags === HEAP_FLAGS ? 'Convert without --streaming, or raise' : 'Raise'} the limit, e.g. NODE_OPTIONS=--max-old-space-size=512.\n`,
  );
  process.exit(1);
}
