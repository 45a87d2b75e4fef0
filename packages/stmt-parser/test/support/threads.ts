import { statSync } from 'node:fs';
import { parseFile, type ParseOptions } from '@stmt/parser';
import { parseFragment } from '../../src/camt/fragment';
import { parseCamtFile, type ParallelCamtOptions } from '../../src/camt/parallel';
import { collectFrom, type Outcome } from './outcome';

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

/**
 * The camt file at `path` read on threads, cut at every entry, and by the document reader alone,
 * as `f.xml` with `options`; `taken` says whether each fragment's entries were taken over.
 */
export async function readOnThreadsAndAlone(
  path: string,
  options: Omit<ParseOptions, 'onIssue' | 'fileName'> = {},
): Promise<{ parallel: Outcome; sequential: Outcome; taken: boolean[] }> {
  const taken: boolean[] = [];
  const parallel = await collectFrom((onIssue) =>
    parseCamtFile(
      path,
      statSync(path).size,
      { fileName: 'f.xml', encoding: 'utf-8', onIssue, ...options },
      cutAtEveryEntry(taken),
    ),
  );
  const sequential = await collectFrom((onIssue) => parseFile(path, { fileName: 'f.xml', onIssue, ...options }));
  return { parallel, sequential, taken };
}
