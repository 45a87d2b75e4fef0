import { parentPort } from 'node:worker_threads';
import { parseFragment, type FragmentJob } from './fragment';

// A thread of a FragmentPool: reads one fragment per message and answers its result.
parentPort?.on('message', (job: FragmentJob) => {
  parentPort?.postMessage(parseFragment(job));
});
