import type { Instrument } from '@disc/types';

/**
 * Peer-relative grading (beyond the service contract, docs/decisions/0003-discovery-service-contract.md): an instrument's absolute final score is turned
 * into its mid-rank percentile within its peer group — stocks by sector, ETFs by category,
 * crypto as one group — and that percentile is graded on the usual bands. So A+ means
 * "top 5 % of its peers" and F "bottom half". Groups smaller than `minGroupSize` fall back to
 * the whole asset type.
 */
export interface PeerIndex {
  groupOf(instrument: Instrument): string;
  /** Mid-rank percentile (0..1) of `score` among the group's scores. */
  percentile(group: string, score: number): number;
}

export function peerGroupOf(instrument: Instrument): string {
  switch (instrument.asset_type) {
    case 'stock':
      return `stock sector ${instrument.stock?.sector ?? 'unknown'}`;
    case 'etf':
      return `ETF category ${instrument.etf?.category ?? 'unknown'}`;
    case 'crypto':
      return 'crypto';
  }
}

export interface PeerEntry {
  instrument: Instrument;
  score: number;
}

/** Builds the index once per snapshot: one sort per group, then O(log n) per lookup. */
export function buildPeerIndex(entries: Iterable<PeerEntry>, minGroupSize = 5): PeerIndex {
  const groups = new Map<string, number[]>();
  const add = (key: string, score: number): void => {
    const list = groups.get(key);
    if (list) list.push(score);
    else groups.set(key, [score]);
  };
  for (const e of entries) {
    add(peerGroupOf(e.instrument), e.score);
    add(`all ${e.instrument.asset_type}`, e.score);
  }
  for (const list of groups.values()) list.sort((a, b) => a - b);
  return {
    groupOf(instrument) {
      const own = peerGroupOf(instrument);
      return (groups.get(own)?.length ?? 0) >= minGroupSize ? own : `all ${instrument.asset_type}`;
    },
    percentile(group, score) {
      const list = groups.get(group);
      if (!list || list.length === 0) return 0.5;
      const below = lowerBound(list, score);
      const equalOrBelow = upperBound(list, score);
      return (below + 0.5 * (equalOrBelow - below)) / list.length;
    },
  };
}

function lowerBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
