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
 * tests and for operators who grant a larger budget. Anything but a JSON object whose members
 * are known groups, each an object of `limit` and/or `windowSeconds` (positive integers), is
 * an error: a malformed entry (`{"discover":5}`, a misspelt `limitt`, `null`, `[]`) would
 * otherwise leave the default in force without a word. The messages do not name the variable;
 * loadConfig (config.ts) puts its name in front. */
export function parseRateLimitOverrides(raw: string | undefined): RateLimitTable {
  if (raw === undefined || raw.trim() === '') return { ...DEFAULT_RATE_LIMITS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new Error(`is not valid JSON (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
  if (!isPlainObject(parsed)) throw new Error(`${EXPECTED}; got ${shapeOf(parsed)}`);
  for (const [group, rule] of Object.entries(parsed)) {
    if (!Object.hasOwn(DEFAULT_RATE_LIMITS, group)) continue; // withOverrides names it
    if (!isPlainObject(rule))
      throw new Error(`the rule of '${group}' must be an object such as {"limit":100}; got ${shapeOf(rule)}`);
    const unknown = Object.keys(rule).filter((key) => !RULE_KEYS.includes(key));
    if (unknown.length > 0)
      throw new Error(
        `the rule of '${group}' has unknown member${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}; known: ${RULE_KEYS.join(', ')}`,
      );
  }
  return withOverrides(parsed as Partial<Record<string, Partial<RateLimitRule>>>);
}

const RULE_KEYS: readonly string[] = ['limit', 'windowSeconds'];
const EXPECTED = 'expected a JSON object of rate-limit groups such as {"discover":{"limit":100,"windowSeconds":3600}}';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `${typeof value} ${JSON.stringify(value)}`;
}

export function withOverrides(overrides: Partial<Record<string, Partial<RateLimitRule>>>): RateLimitTable {
  const table: RateLimitTable = { ...DEFAULT_RATE_LIMITS };
  for (const [group, rule] of Object.entries(overrides)) {
    // Own groups only: `constructor` or `__proto__` are not groups.
    if (!Object.hasOwn(DEFAULT_RATE_LIMITS, group))
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
    table[group as RateLimitGroup] = { limit: merged.limit, windowSeconds: merged.windowSeconds };
  }
  return table;
}
