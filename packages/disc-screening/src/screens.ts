import type { AssetType, Instrument, PriceMetrics } from '@disc/types';
import type { CriteriaByAssetType, CryptoCriteria, EtfCriteria, StockCriteria } from './criteria-schemas';

/** One hard screen applied to one instrument. `margin` is the relative headroom past the
 * limit (0.5 = 50 % better than needed, negative = failed); null for yes/no screens. */
export interface ScreenCheck {
  criterion: string;
  value: number | boolean | string | null;
  limit: number | boolean | string[];
  passed: boolean;
  margin: number | null;
}

export interface ScreenResult {
  symbol: string;
  passed: boolean;
  checks: ScreenCheck[];
  /** Criteria that failed, including those that could not be checked for missing data. */
  failures: string[];
}

/** Applies every hard screen of `criteria`; missing data fails the screen it is needed for. */
export function screen<T extends AssetType>(
  instrument: Instrument,
  criteria: CriteriaByAssetType[T],
  metrics?: PriceMetrics | null,
): ScreenResult {
  const checks: ScreenCheck[] = [];
  const min = (criterion: string, value: number | null | undefined, limit: number): void => {
    const v = known(value);
    const passed = v !== null && v >= limit;
    checks.push({ criterion, value: v, limit, passed, margin: v === null ? null : headroom(v - limit, limit) });
  };
  const max = (criterion: string, value: number | null | undefined, limit: number): void => {
    const v = known(value);
    const passed = v !== null && v <= limit;
    checks.push({ criterion, value: v, limit, passed, margin: v === null ? null : headroom(limit - v, limit) });
  };
  const flag = (criterion: string, value: boolean | undefined, required: boolean): void => {
    if (!required) return;
    checks.push({ criterion, value: value ?? null, limit: true, passed: value === true, margin: null });
  };
  const m = metrics ?? null;
  switch (instrument.asset_type) {
    case 'etf': {
      const c = criteria as EtfCriteria;
      const f = instrument.etf;
      max('max_expense_ratio', f?.expense_ratio, c.max_expense_ratio);
      min('min_aum_billions', f ? f.aum / 1e9 : null, c.min_aum_billions);
      max('max_tracking_error', f?.tracking_error, c.max_tracking_error);
      min('min_history_years', f?.history_years, c.min_history_years);
      flag('ucits_compliant', f?.ucits_compliant, c.ucits_compliant);
      max('max_volatility', m?.volatility, c.max_volatility);
      max('max_drawdown', m?.max_drawdown, c.max_drawdown);
      break;
    }
    case 'stock': {
      const c = criteria as StockCriteria;
      const f = instrument.stock;
      min('min_roe', f?.roe, c.min_roe);
      min('min_revenue_growth', f?.revenue_growth_5y, c.min_revenue_growth);
      max('max_debt_to_equity', f?.debt_to_equity, c.max_debt_to_equity);
      min(
        'min_market_cap_billions',
        instrument.market_cap === null ? null : instrument.market_cap / 1e9,
        c.min_market_cap_billions,
      );
      const cashFlow = known(f?.free_cash_flow);
      flag('required_free_cash_flow', cashFlow === null ? undefined : cashFlow > 0, c.required_free_cash_flow);
      min('min_profit_margin', f?.profit_margin, c.min_profit_margin);
      max('max_volatility', m?.volatility, c.max_volatility);
      max('max_drawdown', m?.max_drawdown, c.max_drawdown);
      break;
    }
    case 'crypto': {
      const c = criteria as CryptoCriteria;
      const f = instrument.crypto;
      min(
        'min_market_cap_billions',
        instrument.market_cap === null ? null : instrument.market_cap / 1e9,
        c.min_market_cap_billions,
      );
      min('min_daily_volume_millions', f ? f.daily_volume / 1e6 : null, c.min_daily_volume_millions);
      min('min_age_months', f?.age_months, c.min_age_months);
      flag('required_institutional_adoption', f?.institutional_adoption, c.required_institutional_adoption);
      max('max_volatility_90d', m?.volatility_90d, c.max_volatility_90d);
      max('max_drawdown', m?.max_drawdown, c.max_drawdown);
      break;
    }
  }
  const regions = criteria.required_regions;
  if (regions && regions.length > 0) {
    const region = regionOf(instrument);
    const wanted = regions.map((r) => r.toLowerCase());
    checks.push({
      criterion: 'required_regions',
      value: region ?? null,
      limit: regions,
      passed: region !== undefined && wanted.includes(region.toLowerCase()),
      margin: null,
    });
  }
  const failures = checks.filter((c) => !c.passed).map((c) => c.criterion);
  return { symbol: instrument.symbol, passed: failures.length === 0, checks, failures };
}

export function regionOf(instrument: Instrument): string | undefined {
  return instrument.region ?? instrument.etf?.region ?? instrument.stock?.region;
}

/**
 * A figure the screen can compare, or null for missing data: partial fundamentals (the SDK's
 * `APlusScoringTool` takes them) leave fields undefined, and a figure derived from one
 * (`aum / 1e9`) is then NaN, which would fail the screen as a number and make the preliminary
 * score NaN.
 */
function known(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function headroom(diff: number, limit: number): number {
  return limit === 0 ? (diff >= 0 ? 1 : -1) : diff / Math.abs(limit);
}
