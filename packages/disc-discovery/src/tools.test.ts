import {
  APlusScoringTool,
  DiscoveryValidationError,
  InsufficientDataError,
  InvalidAssetTypeError,
  MarketScreeningTool,
} from '@disc/discovery';
import { MemoryProvider, testUniverse } from './test-provider';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const provider = new MemoryProvider(testUniverse());
const scorer = new APlusScoringTool({ provider, clock: () => NOW });
const VTI = { expense_ratio: 0.03, aum: 1.8e12, tracking_error: 0.0004, history_years: 20 };

describe('APlusScoringTool', () => {
  it('scores from the fundamentals passed in when the provider does not know the symbol', async () => {
    const a = await scorer.scoreEtf('VTI', VTI);
    // Fundamental and quality sub-scores are all at their full marks; no price history.
    expect(a).toMatchObject({
      fundamental_score: 1,
      quality_score: 1,
      technical_score: 0,
      risk_score: 0,
      final_grade: 'A+',
      candidate: { symbol: 'VTI', asset_type: 'etf', discovery_date: NOW.toISOString() },
    });
    expect(a.rationale.join(' ')).toMatch(/expense ratio 0.03 %/);
  });

  it('adds the price history the provider has, which raises the confidence', async () => {
    const withHistory = await scorer.scoreEtf('GOOD', VTI);
    const without = await scorer.scoreEtf('VTI', VTI);
    expect(withHistory.technical_score).toBeGreaterThan(0.5);
    expect(withHistory.confidence_level).toBeGreaterThan(without.confidence_level);
    expect(withHistory.candidate.name).toBe('GOOD fund (test data)');
  });

  it('lowers the confidence for missing fields instead of failing', async () => {
    const full = await scorer.scoreStock('WIN', {
      roe: 0.42,
      revenue_growth_5y: 0.32,
      debt_to_equity: 0.08,
      free_cash_flow: 12e9,
      profit_margin: 0.33,
    });
    const partial = await scorer.score_stock('WIN', { roe: 0.42, free_cash_flow: 12e9 });
    expect(partial.confidence_level).toBeLessThan(full.confidence_level);
  });

  it("gives the candidate's screening headroom as its preliminary score, as the screening tool does", async () => {
    const screened = await new MarketScreeningTool({ provider, clock: () => NOW }).screenEtfs({}, 'US', 20);
    const good = screened.find((c) => c.symbol === 'GOOD');
    // The tool scores the fundamentals it is given: GOOD's own, as the provider holds them.
    const scored = await scorer.scoreEtf('GOOD', (await provider.getInstrument('GOOD'))?.etf ?? {});
    expect(scored.candidate.preliminary_score).toBe(good?.preliminary_score);
    // Not the final score in its place.
    expect(scored.candidate.preliminary_score).not.toBe(scored.final_score);
  });

  it('raises the spec exceptions for bad input', async () => {
    await expect(scorer.score('bond', 'AGG', {})).rejects.toBeInstanceOf(InvalidAssetTypeError);
    await expect(scorer.scoreEtf('NOPE', { expense_ratio: 0.1 })).rejects.toBeInstanceOf(InsufficientDataError);
    await expect(scorer.scoreEtf('VTI', { ...VTI, aum: -1 })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ path: '/fundamental_data/aum', message: 'must not be negative' }] },
    });
    await expect(scorer.scoreEtf('VTI', { ...VTI, expense_ratio: '0.03' as never })).rejects.toBeInstanceOf(
      DiscoveryValidationError,
    );
  });
});

describe('MarketScreeningTool', () => {
  const tool = new MarketScreeningTool({ provider, clock: () => NOW });

  it('lists the instruments that pass the hard screens, by preliminary score, in a region', async () => {
    const list = await tool.screenEtfs({}, 'US', 20);
    expect(list.map((c) => c.symbol).sort()).toEqual(['BOND', 'GOOD', 'GOOD2', 'MEH', 'SWING']);
    expect(list.map((c) => c.preliminary_score)).toEqual(
      [...list.map((c) => c.preliminary_score)].sort((a, b) => b - a),
    );
    expect(Object.keys(list[0]!).sort()).toEqual([
      'asset_type',
      'current_price',
      'discovery_date',
      'market_cap',
      'name',
      'preliminary_score',
      'symbol',
    ]);
  });

  it('honours criteria, the region and the cap', async () => {
    expect((await tool.screen_etfs({ max_expense_ratio: 0.04 }, 'ALL', 20)).map((c) => c.symbol).sort()).toEqual([
      'BOND',
      'EURO',
      'GOOD',
      'SWING',
    ]);
    expect(await tool.screenEtfs({}, 'Europe', 20)).toEqual([expect.objectContaining({ symbol: 'EURO' })]);
    expect(await tool.screenEtfs({}, undefined, 2)).toHaveLength(2);
    // DEBT fails the debt-to-equity screen; SLOW clears every limit, by less than WIN.
    expect((await tool.screenStocks()).map((c) => c.symbol)).toEqual(['WIN', 'SLOW']);
  });
});
