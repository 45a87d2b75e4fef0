import { buildPeerIndex, MIN_COMPONENTS, scoreBreakdown, type PeerIndex } from '@disc/scoring';
import { DiscoveryValidationError, type MarketContext, type RiskTolerance } from '@disc/types';
import type { UniverseEntry } from '@disc/market-data';

/**
 * How candidates are graded: `absolute` (the contract's method, fixed reference levels) or
 * `peer` (mid-rank percentile of the absolute score within the peer group — sector, ETF
 * category, crypto — so A+ means "top 5 % of its peers"; see docs/scoring.md).
 */
export type Grading = 'absolute' | 'peer';
export const GRADINGS: readonly Grading[] = ['absolute', 'peer'];

/** Narrows a user-supplied option; a typo must not silently fall back to absolute grading. */
export function parseGrading(value: unknown): Grading {
  if (value === undefined) return 'absolute';
  if (typeof value === 'string' && (GRADINGS as readonly string[]).includes(value)) return value as Grading;
  throw new DiscoveryValidationError(
    `grading must be one of ${GRADINGS.map((g) => `'${g}'`).join(', ')}; got ${JSON.stringify(value)}`,
    {
      details: {
        errors: [{ path: '/grading', message: `must be one of ${GRADINGS.join(', ')}` }],
        allowed: [...GRADINGS],
        provided: value,
      },
    },
  );
}

export interface PeerKey {
  regime: MarketContext['regime'];
  riskTolerance: RiskTolerance;
}

// Keyed on the universe array: providers cache it per snapshot, so a new snapshot is a new
// array and the old indexes are collected with it. Within a snapshot the absolute scores
// depend only on the regime and risk tolerance (they set the weights).
const cache = new WeakMap<readonly UniverseEntry[], Map<string, PeerIndex>>();

/**
 * The peer index of a whole universe (every scorable instrument of the type, not only those
 * passing the screens), built once per snapshot + regime + risk tolerance: one O(n) scoring
 * pass and one sort per group; every later discovery reuses it.
 */
export function peerIndexOf(universe: readonly UniverseEntry[], key: PeerKey): PeerIndex {
  let byKey = cache.get(universe);
  if (!byKey) {
    byKey = new Map();
    cache.set(universe, byKey);
  }
  const k = `${key.regime}|${key.riskTolerance}`;
  let index = byKey.get(k);
  if (!index) {
    index = buildPeerIndex(absoluteScores(universe, key));
    byKey.set(k, index);
  }
  return index;
}

function* absoluteScores(
  universe: readonly UniverseEntry[],
  key: PeerKey,
): Generator<{ instrument: UniverseEntry['instrument']; score: number }> {
  const weightOptions = { regime: key.regime, riskTolerance: key.riskTolerance };
  for (const entry of universe) {
    const breakdown = scoreBreakdown(entry.instrument, entry.metrics, weightOptions);
    let present = 0;
    for (const c of Object.values(breakdown.components)) if (c.score !== null) present++;
    // Same rule and rounding as analyse: unscorable instruments are nobody's peers.
    if (present < MIN_COMPONENTS) continue;
    yield { instrument: entry.instrument, score: Math.round(breakdown.final_score * 10_000) / 10_000 };
  }
}
