import type { Progress } from '@stmt/convert';
import type * as CliProgress from 'cli-progress';

/** Below this a conversion finishes before a bar would be worth drawing. */
export const PROGRESS_THRESHOLD_BYTES = 5 * 1024 * 1024;

const silent: Progress = { advance: () => undefined, stop: () => undefined };

/** A byte-based bar on stderr, only when stderr is a terminal and the input is large. */
export function createProgress(totalBytes: number | undefined, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (totalBytes === undefined || totalBytes < PROGRESS_THRESHOLD_BYTES || !stream.isTTY) return silent;
  // Loaded only for a bar: most runs convert small files, or not on a terminal.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require is how CommonJS loads a module on first use
  const { SingleBar, Presets } = require('cli-progress') as typeof CliProgress;
  const bar = new SingleBar(
    { stream, format: 'converting [{bar}] {percentage}% | {value}/{total} MiB | eta {eta}s', hideCursor: true },
    Presets.shades_classic,
  );
  const mib = (bytes: number): number => Math.round(bytes / 1048576);
  let done = 0;
  bar.start(mib(totalBytes), 0);
  return {
    advance(bytes) {
      done += bytes;
      bar.update(mib(done));
    },
    stop() {
      bar.stop();
    },
  };
}
