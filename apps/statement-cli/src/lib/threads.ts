import { availableParallelism } from 'node:os';

/**
 * A reading thread for each core but one, which the main thread needs: it builds every row, and
 * is the bound of a sorted conversion (a 1 GB dense camt.053 on two cores: 42.4 s with one reading
 * thread, 43.0 s with two, which cost 12 % more CPU time and 31 MiB more memory). With
 * `--streaming` at most one: a streaming run promises to stay inside a 128 MiB container, which
 * leaves room for one thread (about 25 MiB) beside the main one. None on a single core.
 * `--threads` trades memory for more speed; `validate` takes the default of a sorted conversion.
 */
export function readingThreads(streaming: boolean): number {
  const readers = Math.max(0, availableParallelism() - 1);
  return streaming ? Math.min(1, readers) : readers;
}
