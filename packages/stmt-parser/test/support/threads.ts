import { parseFragment } from '../../src/camt/fragment';
import type { ParallelCamtOptions } from '../../src/camt/parallel';

/**
 * Parallel reading options whose fragments are read in this thread, one entry each, so that every
 * entry boundary becomes a cut; `taken` hears, per fragment, whether its entries were taken over.
 */
export function cutAtEveryEntry(taken: boolean[]): ParallelCamtOptions {
  return {
    threads: 1,
    fragmentBytes: 1,
    readBytes: 16,
    runFragment: (job) => ({ result: Promise.resolve().then(() => parseFragment(job)), claim: () => false }),
    onFragment: (_result, wasTaken) => taken.push(wasTaken),
  };
}
