import type { Piece } from './assemble';

/** How old the data in use is, for the app to show (e.g. next to `market_context`). */
export interface DataAge {
  /** YYYY-MM-DD of the latest benchmark close. */
  as_of: string;
  /** ISO time at which the oldest answer in use was fetched. */
  fetched_at: string;
  /** Milliseconds since then. */
  age_ms: number;
  /** True when at least one answer is an older copy served because its refresh failed. */
  stale: boolean;
  stale_sources: { what: string; fetched_at: string; age_ms: number; error: string }[];
  /** Symbols left out, fundamentals missing, estimates made. */
  notes: string[];
}

export function dataAgeOf(asOf: string, pieces: readonly Piece[], notes: readonly string[], nowMs: number): DataAge {
  const oldest = pieces.reduce((min, p) => Math.min(min, p.fetchedAt), nowMs);
  const stale = pieces
    .filter((p) => p.stale)
    .map((p) => ({
      what: p.what,
      fetched_at: new Date(p.fetchedAt).toISOString(),
      age_ms: nowMs - p.fetchedAt,
      error: p.error ?? 'refresh failed',
    }));
  return {
    as_of: asOf,
    fetched_at: new Date(oldest).toISOString(),
    age_ms: nowMs - oldest,
    stale: stale.length > 0,
    stale_sources: stale,
    notes: [...notes],
  };
}

/** The `market_context.data_source` text: where the data is from and, when stale, how old. */
export function describeSource(age: DataAge): string {
  const base = `live market data (Yahoo Finance, CoinGecko, FRED) fetched ${age.fetched_at}`;
  if (!age.stale) return base;
  const n = age.stale_sources.length;
  return `${base}; STALE: ${n} source${n === 1 ? '' : 's'} unavailable, serving cached data up to ${formatAge(age.age_ms)} old`;
}

/** 7_500_000 → "2h 5m"; 42_000 → "42s". */
export function formatAge(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  return h < 48 ? `${h}h ${m % 60}m` : `${Math.floor(h / 24)}d ${h % 24}h`;
}
