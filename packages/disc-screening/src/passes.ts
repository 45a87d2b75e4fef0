import type { Instrument, PriceMetrics } from '@disc/types';
import type { CriteriaByAssetType, CryptoCriteria, EtfCriteria, StockCriteria } from './criteria-schemas';
import { regionOf } from './screens';

/**
 * Whether an instrument passes every hard screen: the same rules as `screen()`, without
 * building the per-check report, for the first pass over a large universe. A test keeps the
 * two in agreement.
 */
export function passesScreens(
  instrument: Instrument,
  criteria: CriteriaByAssetType[keyof CriteriaByAssetType],
  metrics?: PriceMetrics | null,
): boolean {
  const m = metrics ?? null;
  switch (instrument.asset_type) {
    case 'etf': {
      const c = criteria as EtfCriteria;
      const f = instrument.etf;
      if (!f || !(f.expense_ratio <= c.max_expense_ratio) || !(f.aum / 1e9 >= c.min_aum_billions)) return false;
      if (!(f.tracking_error <= c.max_tracking_error) || !(f.history_years >= c.min_history_years)) return false;
      if (c.ucits_compliant && f.ucits_compliant !== true) return false;
      if (!m || m.volatility === null || !(m.volatility <= c.max_volatility)) return false;
      if (m.max_drawdown === null || !(m.max_drawdown <= c.max_drawdown)) return false;
      break;
    }
    case 'stock': {
      const c = criteria as StockCriteria;
      const f = instrument.stock;
      if (!f || !(f.roe >= c.min_roe) || !(f.revenue_growth_5y >= c.min_revenue_growth)) return false;
      if (!(f.debt_to_equity <= c.max_debt_to_equity) || !((f.profit_margin ?? Number.NaN) >= c.min_profit_margin))
        return false;
      if (instrument.market_cap === null || !(instrument.market_cap / 1e9 >= c.min_market_cap_billions)) return false;
      if (c.required_free_cash_flow && !(f.free_cash_flow > 0)) return false;
      if (!m || m.volatility === null || !(m.volatility <= c.max_volatility)) return false;
      if (m.max_drawdown === null || !(m.max_drawdown <= c.max_drawdown)) return false;
      break;
    }
    case 'crypto': {
      const c = criteria as CryptoCriteria;
      const f = instrument.crypto;
      if (!f || instrument.market_cap === null || !(instrument.market_cap / 1e9 >= c.min_market_cap_billions))
        return false;
      if (!(f.daily_volume / 1e6 >= c.min_daily_volume_millions) || !(f.age_months >= c.min_age_months)) return false;
      if (c.required_institutional_adoption && f.institutional_adoption !== true) return false;
      if (!m || m.volatility_90d === null || !(m.volatility_90d <= c.max_volatility_90d)) return false;
      if (m.max_drawdown === null || !(m.max_drawdown <= c.max_drawdown)) return false;
      break;
    }
  }
  const regions = criteria.required_regions;
  if (regions && regions.length > 0) {
    const region = regionOf(instrument)?.toLowerCase();
    if (region === undefined || !regions.some((r) => r.toLowerCase() === region)) return false;
  }
  return true;
}
