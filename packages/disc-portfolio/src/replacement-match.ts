import type { Position } from './integration-groups';
import type { IntegrationContext, ReplacementMatch } from './integration-types';

/**
 * Finds the holding a discovery's `replacement_for` names: first a held symbol
 * (case-insensitive), then a holding whose instrument name equals the text (case and
 * spacing ignored), then the one holding whose name contains it ("FTSE Developed Markets
 * ETF" in "Vanguard FTSE Developed Markets ETF"). Two holdings containing it is ambiguous:
 * nothing matches, and the plan says so rather than sell the wrong one.
 */
export function resolveReplacement(
  symbol: string,
  text: string,
  positions: ReadonlyMap<string, Position>,
  ctx: IntegrationContext,
): ReplacementMatch {
  const base = { symbol, replacement_for: text };
  const bySymbol = positions.get(text.trim().toUpperCase());
  if (bySymbol) return { ...base, matched_holding: bySymbol.symbol, matched_by: 'symbol' };
  const wanted = normalise(text);
  const named = [...positions]
    .map(([key, p]) => ({ p, name: normalise(ctx.instruments.get(key)?.name ?? '') }))
    .filter((h) => h.name !== '');
  const exact = named.filter((h) => h.name === wanted || stripLabel(h.name) === wanted);
  const containing = named.filter((h) => h.name.includes(wanted));
  const hit =
    exact.length === 1
      ? exact[0]
      : exact.length === 0 && containing.length === 1 && wanted.length >= 3
        ? containing[0]
        : undefined;
  return hit
    ? { ...base, matched_holding: hit.p.symbol, matched_by: 'name' }
    : { ...base, matched_holding: null, matched_by: null };
}

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Sample-data names end in "(SAMPLE DATA…)"; the name without it matches too. */
function stripLabel(name: string): string {
  return name.replace(/\s*\(sample data[^)]*\)$/, '');
}
