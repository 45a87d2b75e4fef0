import { DiscoveryValidationError, InvalidAssetTypeError, type MarketContext } from '@disc/types';
import { criteriaInForce, criteriaResult, defaultCriteria, resolveCriteria } from '@disc/screening';

const calm: MarketContext = {
  regime: 'bull',
  vix_level: 14,
  interest_rate_environment: 'stable',
  inflation_rate: 0.025,
};

describe('criteria schemas and defaults', () => {
  it('fills in the spec defaults for ETFs', () => {
    expect(defaultCriteria('etf')).toEqual({
      max_expense_ratio: 0.15,
      min_aum_billions: 1.0,
      max_tracking_error: 0.002,
      min_history_years: 3,
      ucits_compliant: true,
      max_volatility: 0.35,
      max_drawdown: 0.5,
    });
  });

  it('fills in the spec defaults for stocks and crypto', () => {
    expect(defaultCriteria('stock')).toMatchObject({
      min_roe: 0.2,
      min_revenue_growth: 0.15,
      max_debt_to_equity: 0.3,
      min_market_cap_billions: 1.0,
      required_free_cash_flow: true,
      min_profit_margin: 0.1,
    });
    expect(defaultCriteria('crypto')).toMatchObject({
      min_market_cap_billions: 10,
      min_daily_volume_millions: 500,
      min_age_months: 36,
      required_institutional_adoption: true,
      max_volatility_90d: 1.0,
    });
  });

  it('keeps given values and records them as explicit', () => {
    const r = resolveCriteria('etf', { max_expense_ratio: 0.1, required_regions: ['US'] });
    expect(r.criteria.max_expense_ratio).toBe(0.1);
    expect(r.criteria.required_regions).toEqual(['US']);
    expect([...r.explicit].sort()).toEqual(['max_expense_ratio', 'required_regions']);
  });

  it('accepts institutional_adoption_required as an alias (batch request spelling)', () => {
    const r = resolveCriteria('crypto', { institutional_adoption_required: false, min_market_cap_billions: 5 });
    expect(r.criteria.required_institutional_adoption).toBe(false);
    expect(r.criteria.min_market_cap_billions).toBe(5);
  });

  it('refuses a criterion given under both its names with different values, naming both paths', () => {
    const both = { institutional_adoption_required: true, required_institutional_adoption: false };
    expect(() => resolveCriteria('crypto', both, '/custom_criteria')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        details: {
          asset_type: 'crypto',
          errors: [
            {
              path: '/custom_criteria/institutional_adoption_required',
              message:
                'contradicts /custom_criteria/required_institutional_adoption: both name the criterion required_institutional_adoption; give it once',
            },
            {
              path: '/custom_criteria/required_institutional_adoption',
              message:
                'contradicts /custom_criteria/institutional_adoption_required: both name the criterion required_institutional_adoption; give it once',
            },
          ],
        },
      }),
    );
  });

  it('accepts a criterion given under both its names with the same value', () => {
    const both = { institutional_adoption_required: false, required_institutional_adoption: false };
    expect(resolveCriteria('crypto', both).criteria.required_institutional_adoption).toBe(false);
  });

  it('rejects a wrong type with the failing path', () => {
    try {
      resolveCriteria('etf', { max_expense_ratio: 'cheap', min_history_years: 2.5 });
      throw new Error('expected a validation error');
    } catch (e) {
      expect(e).toBeInstanceOf(DiscoveryValidationError);
      const err = e as DiscoveryValidationError;
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.details.errors).toEqual([
        { path: '/max_expense_ratio', message: 'must be number' },
        { path: '/min_history_years', message: 'must be integer' },
      ]);
    }
  });

  it('rejects unknown criteria by name', () => {
    expect(() => resolveCriteria('stock', { min_roi: 0.2 })).toThrow('/min_roi is not a screening criterion of stock');
  });

  it('rejects an unknown asset type', () => {
    expect(() => resolveCriteria('bond' as 'etf')).toThrow(InvalidAssetTypeError);
  });
});

describe('criteria in force', () => {
  it('leaves the defaults alone in a calm bull market', () => {
    const r = criteriaInForce('etf', calm);
    expect(r.criteria.max_expense_ratio).toBe(0.15);
    expect(r.market_adjustments).toMatchObject({
      regime: 'bull',
      quality_weight_multiplier: 1,
      cost_sensitivity_increased: false,
    });
  });

  it('tightens the expense limit and weighs quality more in a bear market', () => {
    const r = criteriaInForce('etf', { ...calm, regime: 'bear', vix_level: 31 });
    expect(r.criteria.max_expense_ratio).toBe(0.12);
    expect(r.market_adjustments.quality_weight_multiplier).toBe(1.3);
    expect(r.market_adjustments.cost_sensitivity_increased).toBe(true);
    expect(r.weights.quality).toBeGreaterThan(criteriaInForce('etf', calm).weights.quality);
  });

  it('never moves a value the caller set', () => {
    const r = criteriaInForce('etf', { ...calm, regime: 'bear' }, { criteria: { max_expense_ratio: 0.2 } });
    expect(r.criteria.max_expense_ratio).toBe(0.2);
  });

  it('tightens debt with rising rates and growth with high inflation', () => {
    const r = criteriaInForce('stock', { ...calm, interest_rate_environment: 'rising', inflation_rate: 0.05 });
    expect(r.criteria.max_debt_to_equity).toBe(0.24);
    expect(r.criteria.min_revenue_growth).toBe(0.17);
  });

  it('risk tolerance moves volatility and drawdown limits and the risk weight', () => {
    const c = criteriaInForce('stock', calm, { riskTolerance: 'conservative' });
    const a = criteriaInForce('stock', calm, { riskTolerance: 'aggressive' });
    expect(c.criteria.max_volatility).toBe(0.48);
    expect(a.criteria.max_volatility).toBe(0.75);
    expect(c.criteria.max_drawdown).toBeCloseTo(0.56, 10);
    expect(a.criteria.max_drawdown).toBeCloseTo(0.875, 10);
    expect(c.weights.risk).toBeGreaterThan(a.weights.risk);
    const crypto = criteriaInForce('crypto', { ...calm, regime: 'volatile' }, { riskTolerance: 'conservative' });
    expect(crypto.criteria.max_volatility_90d).toBeCloseTo(0.64, 10);
  });

  it('gives the spec Criteria result shape', () => {
    const r = criteriaResult('etf', calm, new Date('2026-10-30T00:00:00Z'));
    expect(r).toMatchObject({
      asset_type: 'etf',
      criteria: {
        max_expense_ratio: 0.15,
        min_aum_billions: 1,
        max_tracking_error: 0.002,
        min_history_years: 3,
        ucits_compliant: true,
      },
      market_adjustments: { regime: 'bull', quality_weight_multiplier: 1, cost_sensitivity_increased: false },
      last_updated: '2026-10-30T00:00:00.000Z',
    });
  });
});
