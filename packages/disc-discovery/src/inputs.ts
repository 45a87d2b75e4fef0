import { isGrade } from '@disc/scoring';
import { DiscoveryValidationError, RISK_TOLERANCES, type GradePoint, type RiskTolerance } from '@disc/types';
import type { DiscoverAllOptions } from './crew';

/** One failing argument or member: its JSON-Pointer-like path and what is wrong. */
interface Failure {
  path: string;
  message: string;
}

function fail(what: string, errors: readonly Failure[]): never {
  throw new DiscoveryValidationError(`${what}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, {
    details: { errors: [...errors] },
  });
}

/**
 * A symbol argument: a string with at least one visible character, returned without the
 * surrounding whitespace (a symbol read from a CSV cell or a form often carries some; ` VTI `
 * must find VTI, not score an unknown instrument). Anything else raises
 * DiscoveryValidationError naming `path`.
 */
export function checkSymbol(value: unknown, path = '/symbol'): string {
  if (typeof value !== 'string') fail('Invalid symbol', [{ path, message: 'must be a string' }]);
  const symbol = value.trim();
  if (symbol === '') fail('Invalid symbol', [{ path, message: 'must not be empty' }]);
  return symbol;
}

/** A `maxResults` argument: a non-negative integer (the rule of `custom_criteria.max_results`). */
export function checkMaxResults(value: unknown, path = '/max_results'): number {
  if (!(typeof value === 'number' && Number.isInteger(value) && value >= 0)) {
    fail('Invalid max_results', [{ path, message: 'must be a non-negative integer' }]);
  }
  return value;
}

/** A request object argument: undefined and null mean "no members"; anything but a plain
 * object (an array, a string) is refused instead of being read member by member. */
export function checkRequestObject<T extends object>(value: T | null | undefined, path: string, what: string): T {
  if (value === undefined || value === null) return {} as T;
  if (typeof value !== 'object' || Array.isArray(value)) fail(what, [{ path, message: 'must be an object' }]);
  return value;
}

/** The options of `discoverAllAssets`, also under the contract's own names
 * (`discover_all_assets(asset_types, max_results_per_type)`), which a caller writing the
 * contract's keyword arguments as an object uses. Any other member is refused: ignored, a
 * misspelt `asset_types` would discover every type with no limit. */
const DISCOVER_ALL_OPTIONS: Record<string, keyof DiscoverAllOptions> = {
  assetTypes: 'assetTypes',
  asset_types: 'assetTypes',
  maxResultsPerType: 'maxResultsPerType',
  max_results_per_type: 'maxResultsPerType',
  customCriteria: 'customCriteria',
  custom_criteria: 'customCriteria',
};

export function checkDiscoverAllOptions(value: unknown): DiscoverAllOptions {
  const o = checkRequestObject(value as Record<string, unknown> | null | undefined, '/options', 'Invalid options');
  const out: Record<string, unknown> = {};
  const errors: Failure[] = [];
  for (const [key, v] of Object.entries(o)) {
    const name = Object.hasOwn(DISCOVER_ALL_OPTIONS, key) ? DISCOVER_ALL_OPTIONS[key] : undefined;
    if (name === undefined) {
      errors.push({
        path: `/options/${key}`,
        message: `is not an option of discoverAllAssets (it takes ${[...new Set(Object.values(DISCOVER_ALL_OPTIONS))].join(', ')})`,
      });
    } else if (v !== undefined && out[name] !== undefined) {
      errors.push({ path: `/options/${key}`, message: `repeats ${name} under another name; give it once` });
    } else if (v !== undefined) {
      out[name] = v;
    }
  }
  if (errors.length > 0) fail('Invalid discoverAllAssets options', errors);
  if (out.assetTypes !== undefined && !Array.isArray(out.assetTypes)) {
    fail('Invalid asset_types', [{ path: '/asset_types', message: 'must be an array of asset types' }]);
  }
  return out;
}

export interface CheckedScoreOptions {
  riskTolerance?: RiskTolerance;
  name?: string;
  current_price?: number;
  market_cap?: number;
}

/** The members of the scoring tool's options. */
export const SCORE_OPTION_NAMES: readonly string[] = ['riskTolerance', 'name', 'current_price', 'market_cap'];

/** The options of `APlusScoringTool.score*`, no other member (ignored, `risk_tolerance` would
 * score at the default tolerance unnoticed): a known risk tolerance, a string name, and a
 * finite, non-negative price and market cap (they end up in the result as numbers). */
export function checkScoreOptions(options: unknown, path = '/options'): CheckedScoreOptions {
  const o = checkRequestObject(options as Record<string, unknown> | null | undefined, path, 'Invalid score options');
  const errors: Failure[] = [];
  for (const key of Object.keys(o)) {
    if (!SCORE_OPTION_NAMES.includes(key)) {
      errors.push({
        path: `${path}/${key}`,
        message: `is not a score option (it takes ${SCORE_OPTION_NAMES.join(', ')})`,
      });
    }
  }
  if (o.riskTolerance !== undefined && !(RISK_TOLERANCES as readonly unknown[]).includes(o.riskTolerance)) {
    errors.push({ path: `${path}/riskTolerance`, message: `must be one of ${RISK_TOLERANCES.join(', ')}` });
  }
  if (o.name !== undefined && typeof o.name !== 'string') {
    errors.push({ path: `${path}/name`, message: 'must be a string' });
  }
  for (const key of ['current_price', 'market_cap'] as const) {
    const v = o[key];
    if (v !== undefined && !(typeof v === 'number' && Number.isFinite(v) && v >= 0)) {
      errors.push({ path: `${path}/${key}`, message: 'must be a finite number >= 0 (USD)' });
    }
  }
  if (errors.length > 0) fail('Invalid score options', errors);
  return o;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A grade history passed to `monitor`: an array of `{date: 'YYYY-MM-DD', grade, score}` with a
 * grade of the scale and a score from 0 to 1. A malformed point would otherwise come back in
 * `grade_history` as it is (a string or NaN where the result promises a number) and raise
 * nonsense alerts ("Grade fell from Q to A-").
 */
export function checkGradeHistory(value: unknown, path = '/history'): readonly GradePoint[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail('Invalid grade history', [{ path, message: 'must be an array of grade points' }]);
  const errors: Failure[] = [];
  value.forEach((p: unknown, i) => {
    const at = `${path}/${i}`;
    if (p === null || typeof p !== 'object' || Array.isArray(p)) {
      errors.push({ path: at, message: 'must be an object {date, grade, score}' });
      return;
    }
    const { date, grade, score } = p as Record<string, unknown>;
    if (!(typeof date === 'string' && ISO_DAY.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)))) {
      errors.push({ path: `${at}/date`, message: 'must be a date YYYY-MM-DD' });
    }
    if (!isGrade(grade)) errors.push({ path: `${at}/grade`, message: 'must be a grade from A+ to F' });
    if (!(typeof score === 'number' && Number.isFinite(score) && score >= 0 && score <= 1)) {
      errors.push({ path: `${at}/score`, message: 'must be a number from 0 to 1' });
    }
  });
  if (errors.length > 0) fail('Invalid grade history', errors);
  return value as GradePoint[];
}
