import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { EntryUnpacker, type UnpackBatch } from './entry-transfer';
import type { FragmentJob, FragmentResult } from './fragment';
import { CLAIM_SLOTS, claimSlot, openClaim, READER, type FragmentMessage, type FragmentReply } from './fragment-claims';

/**
 * A fragment handed to a runner. The document's reader, arriving at the fragment, calls
 * `claim()`: true means no thread has started it and none will, so the reader reads the
 * stretch itself; false means a thread has it, and `result` answers what it read.
 */
export interface FragmentTicket {
  result: Promise<FragmentResult>;
  claim(): boolean;
  /** Unpacks the result's entry batches; `unpackEntries` (packed on this thread) when not given. */
  unpack?: UnpackBatch;
}

/** Starts a fragment job somewhere. */
export type FragmentRunner = (job: FragmentJob) => FragmentTicket;

interface Thread {
  worker: Worker;
  /** Jobs posted to it and neither answered nor claimed back. */
  load: number;
  /** Knows the record shapes the thread announced with its replies, which arrive in the order it sent them. */
  unpacker: EntryUnpacker;
}

interface Pending {
  thread: Thread;
  resolve: (result: FragmentResult) => void;
  reject: (error: Error) => void;
}

/**
 * Worker threads that read fragments. Every job is posted as soon as it is planned, so a thread
 * never waits for this one to hand it the next; a job no thread has started yet can be claimed
 * back by the reader (a compare-and-swap on shared memory decides who reads it). A thread that
 * fails (an exception, running out of its heap) fails its jobs and retires the pool: the
 * reader then reads those stretches itself, so a failure here costs speed, never records.
 */
export class FragmentPool {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly claims = new Int32Array(new SharedArrayBuffer(CLAIM_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  private seq = 0;
  private broken: Error | undefined;

  constructor(threads: number) {
    const script = workerScript();
    for (let i = 0; i < threads; i++) {
      // A fragment is a MiB of text, its entries leave in packed batches: a small heap suffices
      // and keeps each thread near 25 MiB. Should a fragment not fit, the thread fails and the
      // reader reads it.
      const worker = new Worker(script, {
        workerData: { claims: this.claims },
        resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
      });
      worker.unref();
      const thread: Thread = { worker, load: 0, unpacker: new EntryUnpacker() };
      worker.on('message', (reply: FragmentReply) => this.settle(thread, reply));
      worker.on('error', (error) => this.retire(error));
      worker.on('exit', (code) => this.retire(new Error(`a parsing thread exited (code ${code})`)));
      this.threads.push(thread);
    }
  }

  readonly run: FragmentRunner = (job) => {
    // Retired: the reader, finding the result failed, reads the stretch itself.
    if (this.broken) return { result: Promise.reject(this.broken), claim: () => false };
    const seq = (this.seq = (this.seq % 0x7ffffffe) + 1);
    const thread = this.threads.reduce((best, candidate) => (candidate.load < best.load ? candidate : best));
    const result = new Promise<FragmentResult>((resolve, reject) => {
      this.pending.set(seq, { thread, resolve, reject });
      thread.load++;
      openClaim(this.claims, seq);
      thread.worker.postMessage({ seq, job } satisfies FragmentMessage);
    });
    const claim = (): boolean => {
      const pending = this.pending.get(seq);
      if (!pending || !claimSlot(this.claims, seq, READER)) return false;
      this.forget(seq, pending);
      return true;
    };
    return { result, claim, unpack: (batch) => thread.unpacker.unpack(batch) };
  };

  async close(): Promise<void> {
    this.retire(new Error('the parse ended'));
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
    this.threads.length = 0;
  }

  private settle(thread: Thread, reply: FragmentReply): void {
    // Learned before the result is handed on: its batches, and later ones, may use them.
    if (reply.shapes) thread.unpacker.learn(reply.shapes);
    const pending = this.pending.get(reply.seq);
    if (!pending) return;
    this.forget(reply.seq, pending);
    pending.resolve(reply.result);
  }

  private forget(seq: number, pending: Pending): void {
    this.pending.delete(seq);
    pending.thread.load--;
  }

  private retire(error: Error): void {
    if (this.broken) return;
    this.broken = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

/** The compiled worker; when this module runs from TypeScript sources (tests), the build's copy. */
function workerScript(): string {
  const beside = join(__dirname, 'fragment-worker.js');
  return existsSync(beside) ? beside : join(__dirname, '..', '..', 'dist', 'camt', 'fragment-worker.js');
}
