import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FragmentJob, FragmentResult } from './fragment';

/** Runs a fragment job somewhere and answers its result. */
export type FragmentRunner = (job: FragmentJob) => Promise<FragmentResult>;

interface Pending {
  job: FragmentJob;
  resolve: (result: FragmentResult) => void;
  reject: (error: Error) => void;
}

/**
 * Worker threads that read fragments, one job per thread at a time, in the order asked.
 * A thread that fails (an exception, running out of its heap) fails its job and retires the
 * pool: the document's own reader then reads those stretches itself, so a failure here
 * costs speed, never records.
 */
export class FragmentPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private broken: Error | undefined;

  constructor(threads: number) {
    const script = workerScript();
    for (let i = 0; i < threads; i++) {
      // Fragments are a few MiB of text; a small heap keeps each thread's memory bounded.
      const worker = new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 } });
      worker.unref();
      worker.on('message', (result: FragmentResult) => this.settle(worker, (pending) => pending.resolve(result)));
      worker.on('error', (error) => this.retire(error));
      worker.on('exit', (code) => this.retire(new Error(`a parsing thread exited (code ${code})`)));
      this.idle.push(worker);
    }
  }

  readonly run: FragmentRunner = (job) =>
    new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken);
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });

  async close(): Promise<void> {
    this.retire(new Error('the parse ended'));
    await Promise.all([...this.idle, ...this.busy.keys()].map((worker) => worker.terminate()));
    this.idle.length = 0;
    this.busy.clear();
  }

  private dispatch(): void {
    for (;;) {
      const worker = this.idle.pop();
      const pending = worker && this.queue.shift();
      if (!worker || !pending) {
        if (worker) this.idle.push(worker);
        return;
      }
      this.busy.set(worker, pending);
      worker.postMessage(pending.job);
    }
  }

  private settle(worker: Worker, outcome: (pending: Pending) => void): void {
    const pending = this.busy.get(worker);
    this.busy.delete(worker);
    this.idle.push(worker);
    if (pending) outcome(pending);
    this.dispatch();
  }

  private retire(error: Error): void {
    if (this.broken) return;
    this.broken = error;
    for (const pending of [...this.busy.values(), ...this.queue]) pending.reject(error);
    this.queue.length = 0;
  }
}

/** The compiled worker; when this module runs from TypeScript sources (tests), the build's copy. */
function workerScript(): string {
  const beside = join(__dirname, 'fragment-worker.js');
  return existsSync(beside) ? beside : join(__dirname, '..', '..', 'dist', 'camt', 'fragment-worker.js');
}
