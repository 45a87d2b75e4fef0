import { regionOf, type CriteriaByAssetType, type CryptoCriteria, type EtfCriteria, type StockCriteria } from '@disc/screening';
import type { Instrument, PriceMetrics } from '@disc/scoring';

/**
 * Pass/fail of every hard screen without building the per-check report that
 * `@disc/screening`'s `screen()` returns. Discovery asks this of every instrument in the
 * universe and calls `screen()` only for the few it keeps (for their preliminary score);
 * on a 100k universe that removes most of the allocation and GC work of a run.
 * The rules are screen()'s, limit for limit, missing data failing; a property test
 * (fast-screen.test.ts) holds the two to the same answer.
 */
export function passesScreens(instrument: Instrument, criteria: CriteriaByAssetType[keyof CriteriaByAssetType], metrics: PriceMetrics | null | undefined): boolean {
  const m = metrics ?? null;
  switch (instrument.asset_type) {
    case 'etf': {
      const c = criteria as EtfCriteria;
      const f = instrument.etf;
      if (!f || !atMost(f.expense_ratio, c.max_expense_ratio) || !atLeast(f.aum / 1e9, c.min_aum_billions)) return false;
      if (!atMost(f.tracking_error, c.max_tracking_error) || !atLeast(f.history_years, c.min_history_years)) return false;
      if (c.ucits_compliant && f.ucits_compliant !== true) return false;
      if (!atMost(m?.volatility, c.max_volatility) || !atMost(m?.max_drawdown, c.max_drawdown)) return false;
      break;
    }
    case 'stock': {
      const c = criteria as StockCriteria;
      const f = instrument.stock;
      if (!f || !atLeast(f.roe, c.min_roe) || !atLeast(f.revenue_growth_5y, c.min_revenue_growth)) return false;
      if (!atMost(f.debt_to_equity, c.max_debt_to_equity) || !atLeast(capBillions(instrument), c.min_market_cap_billions)) return false;
      if (c.required_free_cash_flow && !(f.free_cash_flow > 0)) return false;
      if (!atLeast(f.profit_margin, c.min_profit_margin)) return false;
      if (!atMost(m?.volatility, c.max_volatility) || !atMost(m?.max_drawdown, c.max_drawdown)) return false;
      break;
    }
    case 'crypto': {
      const c = criteria as CryptoCriteria;
      const f = instrument.crypto;
      if (!atLeast(capBillions(instrument), c.min_market_cap_billions)) return false;
      if (!f || !atLeast(f.daily_volume / 1e6, c.min_daily_volume_millions) || !atLeast(f.age_months, c.min_age_months)) return false;
      if (c.required_institutional_adoption && f.institutional_adoption !== true) return false;
      if (!atMost(m?.volatility_90d, c.max_volatility_90d) || !atMost(m?.max_drawdown, c.max_drawdown)) return false;
      break;
    }
    default:
      return false;
  }
  const regions = criteria.required_regions;
  if (regions && regions.length > 0) {
    const region = regionOf(instrument)?.toLowerCase();
    if (region === undefined || !regions.some((r) => r.toLowerCase() === region)) return false;
  }
  return true;
}

function atLeast(value: number | null | undefined, limit: number): boolean {
  return value !== null && value !== undefined && value >= limit;
}

function atMost(value: number | null | undefined, limit: number): boolean {
  return value !== null && value !== undefined && value <= limit;
}

function capBillions(instrument: Instrument): number | null {
  return instrument.market_cap === null ? null : instrument.market_cap / 1e9;
}
