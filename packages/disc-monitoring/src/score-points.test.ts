import type { APlusAnalysis, DiscoveryResult } from '@disc/types';
import { aPlusDiscoveriesOf } from './detectors';
import { gradeHistoryOf, scoreOfRecord, scorePointOf, scorePointsOf } from './score-points';

const analysis = (
  symbol: string,
  grade: APlusAnalysis['final_grade'],
  scores: Pick<APlusAnalysis, 'final_score' | 'absolute_score'>,
): APlusAnalysis => ({
  candidate: {
    symbol,
    name: `${symbol} Inc`,
    asset_type: 'stock',
    current_price: 10,
    market_cap: null,
    preliminary_score: 0.8,
    discovery_date: '2026-03-02T06:00:00Z',
  },
  fundamental_score: 0.9,
  technical_score: 0.8,
  quality_score: 0.7,
  risk_score: 0.6,
  confidence_level: 0.75,
  final_grade: grade,
  rationale: [],
  ...scores,
});

describe('score points', () => {
  it('takes the final score, else the absolute one, as the score of record', () => {
    expect(scoreOfRecord(analysis('A', 'A+', { final_score: 0.97, absolute_score: 0.91 }))).toBe(0.97);
    expect(scoreOfRecord(analysis('B', 'A', { absolute_score: 0.91 }))).toBe(0.91);
    expect(scoreOfRecord(analysis('C', 'F', {}))).toBe(0);
  });

  it('turns discovery candidates into upper-case points of the day with their components', () => {
    const result = {
      asset_type: 'stock',
      a_plus_candidates: [analysis('msft', 'A+', { final_score: 0.96 }), analysis('ibm', 'A', { final_score: 0.91 })],
    } as DiscoveryResult;
    expect(scorePointsOf([result], '2026-03-02')[0]).toEqual({
      symbol: 'MSFT',
      asset_type: 'stock',
      day: '2026-03-02',
      grade: 'A+',
      score: 0.96,
      components: { fundamental: 0.9, technical: 0.8, quality: 0.7, risk: 0.6, confidence: 0.75 },
    });
    expect(aPlusDiscoveriesOf(result)).toEqual([{ symbol: 'MSFT', name: 'msft Inc', score: 0.96, grade: 'A+' }]);
  });

  it('keeps an assessment on its own day unless told another, and reads stored points as grade history', () => {
    const assessment = {
      symbol: 'VTI',
      asset_type: 'etf',
      point: { date: '2026-03-02', grade: 'A' as const, score: 0.91 },
      components: { risk: 0.5 },
    };
    expect(scorePointOf(assessment)).toEqual({
      symbol: 'VTI',
      asset_type: 'etf',
      day: '2026-03-02',
      grade: 'A',
      score: 0.91,
      components: { risk: 0.5 },
    });
    expect(scorePointOf(assessment, '2026-03-03').day).toBe('2026-03-03');
    expect(gradeHistoryOf([scorePointOf(assessment)])).toEqual([{ date: '2026-03-02', grade: 'A', score: 0.91 }]);
  });
});
