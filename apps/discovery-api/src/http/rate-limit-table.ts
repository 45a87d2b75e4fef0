/** Path groups with their own budget per token (docs/decisions/0012-rate-limits.md adds
 * `integrate` and `webhooks`, the budget of registering and test-sending; reading, listing
 * and deleting webhooks have a budget of their own, `webhook_reads`, so a client that spent
 * the registration budget can still clean up). Windows are fixed, 3600 s. */
export type RateLimitGroup = 'discover' | 'monitor' | 'batch' | 'criteria' | 'integrate' | 'webhooks' | 'webhook_reads';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export type RateLimitTable = Record<RateLimitGroup, RateLimitRule>;

const HOUR = 3600;

export const DEFAULT_RATE_LIMITS: Readonly<RateLimitTable> = Object.freeze({
  discover: { limit: 10, windowSeconds: HOUR },
  monitor: { limit: 100, windowSeconds: HOUR },
  batch: { limit: 5, windowSeconds: HOUR },
  criteria: { limit: 50, windowSeconds: HOUR },
  integrate: { limit: 20, windowSeconds: HOUR },
  webhooks: { limit: 20, windowSeconds: HOUR },
  webhook_reads: { limit: 300, windowSeconds: HOUR },
});

/** `DISCOVERY_RATE_LIMITS` overrides some groups, e.g. `{"discover":{"limit":2}}` — for
 * tests and for operators who grant a larger budget. Unknown groups are an error. */
export function parseRateLimitOverrides(raw: string | undefined): RateLimitTable {
  if (raw === undefined || raw.trim() === '') return { ...DEFAULT_RATE_LIMITS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('DISCOVERY_RATE_LIMITS is not valid JSON');
  }
  return withOverrides(parsed as Partial<Record<string, Partial<RateLimitRule>>>);
}

export function withOverrides(overrides: Partial<Record<string, Partial<RateLimitRule>>>): RateLimitTable {
  const table: RateLimitTable = { ...DEFAULT_RATE_LIMITS };
  for (const [group, rule] of Object.entries(overrides)) {
    if (!(group in table))
      throw new Error(`unknown rate-limit group '${group}'; known: ${Object.keys(table).join(', ')}`);
    const base = table[group as RateLimitGroup];
    const merged = { ...base, ...rule };
    if (
      !Number.isInteger(merged.limit) ||
      merged.limit < 1 ||
      !Number.isInteger(merged.windowSeconds) ||
      merged.windowSeconds < 1
    ) {
      throw new Error(`rate limit for '${group}' needs positive integers limit and windowSeconds`);
    }
    table[group as RateLimitGroup] = merged;
  }
  return table;
}
