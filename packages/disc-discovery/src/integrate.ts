import { DiscoveryValidationError, type APlusAnalysis, type Instrument } from '@disc/types';
import {
  DuplicateSymbolError,
  duplicateSymbols,
  InconsistentPortfolioError,
  MAX_AMOUNT_USD,
  MAX_SHARES,
  planIntegration,
  portfolioInconsistencies,
  type IntegrationPlan,
  type IntegrationRequest,
  type TransactionCostModel,
} from '@disc/portfolio';
import type { MarketDataProvider } from '@disc/market-data';
import { scoreSymbols } from './holdings-scoring';

export interface IntegrateDeps {
  provider: MarketDataProvider;
  now: Date;
  planId: string;
  costModel?: TransactionCostModel;
}

/** The spec's `POST /integrate-discoveries`: looks up and scores every symbol involved, then
 * lets @disc/portfolio plan the trades (docs/portfolio.md). */
export async function integrateDiscoveries(request: IntegrationRequest, deps: IntegrateDeps): Promise<IntegrationPlan> {
  checkRequest(request);
  const context = await deps.provider.getMarketContext();
  const symbols = [
    ...request.current_portfolio.holdings.map((h) => h.symbol),
    ...request.discoveries.map((d) => d.symbol),
  ];
  const scored = await scoreSymbols(deps.provider, symbols, context, 'moderate', deps.now.toISOString());
  const instruments = new Map<string, Instrument>();
  const analyses = new Map<string, APlusAnalysis>();
  for (const [key, s] of scored) {
    instruments.set(key, s.instrument);
    if (s.analysis) analyses.set(key, s.analysis);
  }
  return planIntegration(request, {
    plan_id: deps.planId,
    generated_at: deps.now.toISOString(),
    instruments,
    analyses,
    ...(context.risk_free_rate !== undefined ? { riskFreeRate: context.risk_free_rate } : {}),
    ...(deps.costModel ? { costModel: deps.costModel } : {}),
  });
}

function checkRequest(r: IntegrationRequest): void {
  const errors: { path: string; message: string }[] = [];
  const pf = r?.current_portfolio;
  if (!pf || !Array.isArray(pf.holdings))
    errors.push({ path: '/current_portfolio/holdings', message: 'must be an array' });
  else {
    pf.holdings.forEach((h, i) => {
      const at = `/current_portfolio/holdings/${i}`;
      if (typeof h?.symbol !== 'string' || h.symbol === '')
        errors.push({ path: `${at}/symbol`, message: 'must be a non-empty string' });
      if (!withinLimit(h?.shares, MAX_SHARES)) errors.push({ path: `${at}/shares`, message: SHARES });
      if (!withinLimit(h?.current_value, MAX_AMOUNT_USD)) errors.push({ path: `${at}/current_value`, message: MONEY });
      if (h?.cost_basis !== undefined && !withinLimit(h.cost_basis, MAX_AMOUNT_USD))
        errors.push({ path: `${at}/cost_basis`, message: MONEY });
    });
    if (!withinLimit(pf.cash, MAX_AMOUNT_USD)) errors.push({ path: '/current_portfolio/cash', message: MONEY });
    if (!withinLimit(pf.total_value, MAX_AMOUNT_USD))
      errors.push({ path: '/current_portfolio/total_value', message: MONEY });
  }
  if (!Array.isArray(r?.discoveries)) errors.push({ path: '/discoveries', message: 'must be an array' });
  else {
    r.discoveries.forEach((d, i) => {
      if (typeof d?.symbol !== 'string' || d.symbol === '')
        errors.push({ path: `/discoveries/${i}/symbol`, message: 'must be a non-empty string' });
      if (!(
        typeof d?.recommended_allocation === 'number' &&
        d.recommended_allocation >= 0 &&
        d.recommended_allocation <= 1
      )) {
        errors.push({ path: `/discoveries/${i}/recommended_allocation`, message: 'must be a fraction from 0 to 1' });
      }
    });
  }
  const c = r?.constraints ?? {};
  for (const key of ['max_transaction_cost_fraction', 'rebalancing_threshold'] as const) {
    const v = c[key];
    if (v !== undefined && !(typeof v === 'number' && v >= 0 && v <= 1))
      errors.push({ path: `/constraints/${key}`, message: 'must be a fraction from 0 to 1' });
  }
  const money = c.max_transaction_cost;
  if (money !== undefined && !withinLimit(money, MAX_AMOUNT_USD))
    errors.push({ path: '/constraints/max_transaction_cost', message: MONEY });
  if (errors.length === 0) {
    // Shapes are right: a symbol listed twice, and a portfolio whose numbers contradict each
    // other, are the portfolio library's own refusals. Refused here before any scoring;
    // planIntegration checks again with the instruments (replacement_for by name).
    const repeated = duplicateSymbols(r);
    if (repeated.length > 0) throw new DuplicateSymbolError(repeated);
    const inconsistent = portfolioInconsistencies(r);
    if (inconsistent.length > 0) throw new InconsistentPortfolioError(inconsistent);
  }
  if (errors.length > 0) {
    throw new DiscoveryValidationError(
      `Invalid integration request: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      { details: { errors } },
    );
  }
}

const MONEY = `must be an amount of money from 0 to ${MAX_AMOUNT_USD.toExponential()} USD`;
const SHARES = `must be a number from 0 to ${MAX_SHARES.toExponential()}`;

/** A number from 0 to `max` (not NaN, not infinite). */
function withinLimit(value: unknown, max: number): boolean {
  return typeof value === 'number' && value >= 0 && value <= max;
}
