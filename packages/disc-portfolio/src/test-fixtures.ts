import type { APlusAnalysis, AssetType, Instrument } from '@disc/types';
import { gradeFor } from '@disc/scoring';
import { instrument as build } from '@fin/test-utils';

/** Small hand-made instruments for the portfolio tests (not part of the public API). */
export function instrument(
  symbol: string,
  asset_type: AssetType,
  closes: number[],
  extra: Partial<Instrument> = {},
): Instrument {
  return build<Instrument>(
    symbol,
    asset_type,
    { start: '2024-01-01', closes },
    { current_price: closes.at(-1) ?? 1, ...extra },
  );
}

export function etf(symbol: string, expense_ratio: number, closes: number[], category = 'US Equity'): Instrument {
  return instrument(symbol, 'etf', closes, {
    etf: { expense_ratio, aum: 1e10, tracking_error: 0.001, history_years: 10, category },
  });
}

export function analysis(inst: Instrument, final_score: number): APlusAnalysis {
  return {
    candidate: {
      symbol: inst.symbol,
      name: inst.name,
      asset_type: inst.asset_type,
      current_price: inst.current_price,
      market_cap: inst.market_cap,
      preliminary_score: final_score,
      discovery_date: '2026-01-02T00:00:00.000Z',
    },
    fundamental_score: final_score,
    technical_score: final_score,
    quality_score: final_score,
    risk_score: final_score,
    final_grade: gradeFor(final_score),
    confidence_level: 0.9,
    rationale: [],
    final_score,
  };
}
