import {
  DiscoveryValidationError,
  RISK_TOLERANCES,
  type AssetType,
  type DiscoveryResult,
  type RiskTolerance,
} from '@disc/types';
import { DuplicateSymbolError, MAX_AMOUNT_USD, repeatedSymbols } from '@disc/portfolio';
import type {
  CriteriaInputByAssetType,
  CryptoCriteriaInput,
  EtfCriteriaInput,
  StockCriteriaInput,
} from '@disc/screening';

/**
 * The spec's `custom_criteria`. Besides the four discovery options, any field of the asset
 * type's screening criteria (e.g. `max_expense_ratio`, `min_roe`) may be given; it overrides
 * the criterion in force (the contract's `discover_etfs(custom_criteria)` passes them this way).
 */
export interface CustomCriteria extends Partial<EtfCriteriaInput & StockCriteriaInput & CryptoCriteriaInput> {
  /** Final-score floor 0..1; default 0.95, the A+ band. */
  min_score?: number;
  /** How many candidates to return at most, best first; default 10. */
  max_results?: number;
  /** Keep instruments whose region is one of these (case-insensitive); instruments without
   * a region (crypto) are not filtered. */
  regions?: string[];
  /** conservative / moderate / aggressive; moves hard-screen limits and component weights. */
  risk_tolerance?: RiskTolerance;
  [criterion: string]: unknown;
}

/** The spec's `portfolio_context`. */
export interface PortfolioContext {
  current_holdings?: { symbol: string; allocation: number }[];
  /** Target weights of the three classes; normalised by their sum. */
  target_allocation?: { stocks?: number; bonds?: number; alternatives?: number };
  /** Extension: the portfolio's value in USD, to price proposals (default 100 000). */
  total_value?: number;
}

export interface DiscoverRequest {
  custom_criteria?: CustomCriteria;
  portfolio_context?: PortfolioContext;
}

/** The spec's `POST /batch-discover` body. */
export interface BatchDiscoverRequest {
  asset_types: string[];
  global_criteria?: {
    min_score?: number;
    max_results_per_type?: number;
    regions?: string[];
    risk_tolerance?: RiskTolerance;
  };
  /** Per type: criteria fields (`max_expense_ratio`, `min_roe`, `institutional_adoption_required`…),
   * typed from @disc/screening's criteria schemas. */
  asset_specific_criteria?: Partial<CriteriaInputByAssetType>;
  portfolio_context?: PortfolioContext;
}

/** The `POST /batch-discover` response (docs/decisions/0009-responses-beyond-the-spec.md). */
export interface BatchDiscoveryResult {
  batch_id: string;
  discovery_date: string;
  execution_time_seconds: number;
  total_screened: number;
  results: Partial<Record<AssetType, DiscoveryResult>>;
  errors: Partial<Record<string, { code: string; message: string; details: Record<string, unknown> }>>;
}

export const DEFAULT_MAX_RESULTS = 10;
export const DEFAULT_MIN_SCORE = 0.95;
const OPTION_KEYS = new Set(['min_score', 'max_results', 'regions', 'risk_tolerance']);

export interface DiscoveryOptions {
  minScore: number;
  maxResults: number;
  regions: string[] | undefined;
  riskTolerance: RiskTolerance;
  /** Criteria overrides: every member of custom_criteria that is not one of the four options. */
  overrides: Record<string, unknown>;
}

/** What a discovery's custom_criteria did to its results (docs/monitoring.md, "What a
 * discovery records"). Only `risk_tolerance` changes scores: it re-weights the components, so
 * it moves final scores, grades and confidence (it also moves the volatility and drawdown
 * limits of the hard screens). `min_score`, `max_results`, `regions` and the screening criteria
 * only choose which instruments are returned: each candidate's grade and score are the same as
 * without them (a criterion changes `preliminary_score`, which the grade history does not
 * keep). */
export interface CustomCriteriaEffects {
  /** `risk_tolerance` is given and is not `moderate`: scores are not the service's own. */
  changesScores: boolean;
  /** Some member narrows or changes the candidate set: `min_score` or `max_results` other
   * than the default, a non-empty `regions`, a risk tolerance other than `moderate`, or any
   * screening criterion (an explicit criterion is never moved by the market adjustments). */
  changesCandidates: boolean;
}

/** Which effects `custom` has (undefined or `{}`: none). Members set to their default value
 * (`min_score` 0.95, `max_results` 10, `regions` [], `risk_tolerance` moderate) have none. */
export function customCriteriaEffects(custom: CustomCriteria | undefined): CustomCriteriaEffects {
  const c = custom ?? {};
  const changesScores = c.risk_tolerance !== undefined && c.risk_tolerance !== 'moderate';
  const overrides = Object.entries(c).some(([key, value]) => !OPTION_KEYS.has(key) && value !== undefined);
  const changesCandidates =
    changesScores ||
    overrides ||
    (c.min_score !== undefined && c.min_score !== DEFAULT_MIN_SCORE) ||
    (c.max_results !== undefined && c.max_results !== DEFAULT_MAX_RESULTS) ||
    (c.regions !== undefined && !(Array.isArray(c.regions) && c.regions.length === 0));
  return { changesScores, changesCandidates };
}

/** The custom_criteria one asset type of a batch is discovered with: `global_criteria`
 * (`max_results_per_type` as `max_results`) overlaid by `asset_specific_criteria[type]`. */
export function batchCustomCriteria(request: BatchDiscoverRequest, assetType: string): CustomCriteria {
  const { max_results_per_type, ...global } = request.global_criteria ?? {};
  return {
    ...global,
    ...(max_results_per_type !== undefined ? { max_results: max_results_per_type } : {}),
    ...(request.asset_specific_criteria?.[assetType as AssetType] ?? {}),
  };
}

/** Checks portfolio_context: holdings with a symbol and a non-negative allocation, each
 * symbol once (DuplicateSymbolError otherwise), target weights that are non-negative numbers. */
export function checkPortfolioContext(context: PortfolioContext | undefined, path = '/portfolio_context'): void {
  if (context === undefined) return;
  const errors: { path: string; message: string }[] = [];
  if (context === null || typeof context !== 'object') errors.push({ path, message: 'must be an object' });
  else {
    const holdings = context.current_holdings;
    if (holdings !== undefined && !Array.isArray(holdings))
      errors.push({ path: `${path}/current_holdings`, message: 'must be an array' });
    (Array.isArray(holdings) ? holdings : []).forEach((h, i) => {
      if (typeof h?.symbol !== 'string' || h.symbol === '')
        errors.push({ path: `${path}/current_holdings/${i}/symbol`, message: 'must be a non-empty string' });
      // Finite: an Infinity weight normalises to NaN (Infinity / Infinity) and the proposals'
      // figures with it.
      if (!(typeof h?.allocation === 'number' && Number.isFinite(h.allocation) && h.allocation >= 0))
        errors.push({ path: `${path}/current_holdings/${i}/allocation`, message: 'must be a finite number >= 0' });
    });
    const target: unknown = context.target_allocation;
    if (target !== undefined && (target === null || typeof target !== 'object' || Array.isArray(target)))
      errors.push({ path: `${path}/target_allocation`, message: 'must be an object {stocks, bonds, alternatives}' });
    else
      for (const [key, value] of Object.entries(target ?? {})) {
        if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0))
          errors.push({ path: `${path}/target_allocation/${key}`, message: 'must be a finite number >= 0' });
      }
    const total = context.total_value;
    if (total !== undefined && !(typeof total === 'number' && total > 0 && total <= MAX_AMOUNT_USD)) {
      errors.push({
        path: `${path}/total_value`,
        message: `must be an amount of money above 0 and at most ${MAX_AMOUNT_USD.toExponential()} USD`,
      });
    }
  }
  if (errors.length > 0) {
    throw new DiscoveryValidationError(
      `Invalid portfolio_context: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      { details: { errors } },
    );
  }
  // Shapes are right: a symbol held twice (case ignored) is refused as integrate-discoveries
  // refuses it, since each of the two would get its own replacement of the same position.
  const holdings = context?.current_holdings;
  const repeated = Array.isArray(holdings) ? repeatedSymbols(holdings, `${path}/current_holdings`, 'holding') : [];
  if (repeated.length > 0) throw new DuplicateSymbolError(repeated, 'portfolio_context');
}

/** Splits custom_criteria into the discovery options and the criteria overrides, checking
 * each option; bad values raise DiscoveryValidationError naming the path. */
export function discoveryOptions(custom: CustomCriteria | undefined, path = '/custom_criteria'): DiscoveryOptions {
  if (custom !== undefined && custom !== null && (typeof custom !== 'object' || Array.isArray(custom))) {
    throw new DiscoveryValidationError(`Invalid custom_criteria: ${path} must be an object`, {
      details: { errors: [{ path, message: 'must be an object' }] },
    });
  }
  const c = custom ?? {};
  const errors: { path: string; message: string }[] = [];
  if (c.min_score !== undefined && !(typeof c.min_score === 'number' && c.min_score >= 0 && c.min_score <= 1)) {
    errors.push({ path: `${path}/min_score`, message: 'must be a number from 0 to 1' });
  }
  if (c.max_results !== undefined && !(Number.isInteger(c.max_results) && c.max_results >= 0)) {
    errors.push({ path: `${path}/max_results`, message: 'must be a non-negative integer' });
  }
  if (c.regions !== undefined && !(Array.isArray(c.regions) && c.regions.every((r) => typeof r === 'string'))) {
    errors.push({ path: `${path}/regions`, message: 'must be an array of strings' });
  }
  if (c.risk_tolerance !== undefined && !RISK_TOLERANCES.includes(c.risk_tolerance)) {
    errors.push({ path: `${path}/risk_tolerance`, message: `must be one of ${RISK_TOLERANCES.join(', ')}` });
  }
  if (errors.length > 0) {
    throw new DiscoveryValidationError(
      `Invalid custom_criteria: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      { details: { errors } },
    );
  }
  const overrides: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) if (!OPTION_KEYS.has(k) && v !== undefined) overrides[k] = v;
  return {
    minScore: c.min_score ?? DEFAULT_MIN_SCORE,
    maxResults: c.max_results ?? DEFAULT_MAX_RESULTS,
    regions: c.regions && c.regions.length > 0 ? c.regions : undefined,
    riskTolerance: c.risk_tolerance ?? 'moderate',
    overrides,
  };
}
