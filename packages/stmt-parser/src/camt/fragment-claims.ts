import type { EntryShapes } from './entry-transfer';
import type { FragmentJob, FragmentResult } from './fragment';

/**
 * Who reads a posted fragment is settled on shared memory: its slot holds the job's number while
 * it is open, and the first compare-and-swap that replaces the number with a reader's mark wins.
 * Slots are reused round the ring; a job left in a thread's queue after the reader claimed it
 * finds another number in its slot and is skipped. The ring is far larger than the handful of
 * fragments ever planned ahead.
 */
export const CLAIM_SLOTS = 1024;
/** Marks in a claimed slot; job numbers are positive. */
export const READER = -1;
export const THREAD = -2;

export interface FragmentMessage {
  seq: number;
  job: FragmentJob;
}

export interface FragmentReply {
  seq: number;
  result: FragmentResult;
  /** The thread's record shapes, when it named new ones since its last reply (`namedShapes`). */
  shapes?: EntryShapes;
}

export function openClaim(claims: Int32Array, seq: number): void {
  Atomics.store(claims, seq % CLAIM_SLOTS, seq);
}

/** Whether job `seq` is still unclaimed. */
export function isOpen(claims: Int32Array, seq: number): boolean {
  return Atomics.load(claims, seq % CLAIM_SLOTS) === seq;
}

/** True when `by` now owns job `seq`; false when someone else claimed it first. */
export function claimSlot(claims: Int32Array, seq: number, by: typeof READER | typeof THREAD): boolean {
  return Atomics.compareExchange(claims, seq % CLAIM_SLOTS, seq, by) === seq;
}
