import { DiscoveryValidationError, type APlusAnalysis, type Instrument } from '@disc/types';
import {
  planIntegration,
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
      if (typeof h?.symbol !== 'string' || h.symbol === '')
        errors.push({ path: `/current_portfolio/holdings/${i}/symbol`, message: 'must be a non-empty string' });
      if (!(typeof h?.shares === 'number' && h.shares >= 0))
        errors.push({ path: `/current_portfolio/holdings/${i}/shares`, message: 'must be a number >= 0' });
      if (!(typeof h?.current_value === 'number' && h.current_value >= 0))
        errors.push({ path: `/current_portfolio/holdings/${i}/current_value`, message: 'must be a number >= 0' });
    });
    if (!(typeof pf.cash === 'number' && pf.cash >= 0))
      errors.push({ path: '/current_portfolio/cash', message: 'must be a number >= 0' });
    if (typeof pf.total_value !== 'number')
      errors.push({ path: '/current_portfolio/total_value', message: 'must be a number' });
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
  if (money !== undefined && !(typeof money === 'number' && Number.isFinite(money) && money >= 0))
    errors.push({ path: '/constraints/max_transaction_cost', message: 'must be an amount of money >= 0 (USD)' });
  if (errors.length > 0) {
    throw new DiscoveryValidationError(
      `Invalid integration request: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      { details: { errors } },
    );
  }
}
