import type { APlusAnalysis, DiscoveryResult } from '@disc/types';
import { aPlusDiscoveriesOf } from './detectors';
import {
  gradeHistoryOf,
  sameComponents,
  scoreOfRecord,
  scorePointOf,
  scorePointsOf,
  scorePointWrites,
  storedOrder,
  type LatestPoint,
  type ScorePoint,
} from './score-points';

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

describe('comparing a new point with the stored one', () => {
  const last = (over: Partial<LatestPoint> = {}): LatestPoint => ({
    day: '2026-03-02',
    grade: 'A',
    score: 0.91,
    seq: 2,
    components: { risk: 0.5, quality: 1, confidence: 0.75 },
    ...over,
  });
  const point = (over: Partial<ScorePoint> = {}): ScorePoint => ({
    symbol: 'VTI',
    asset_type: 'etf',
    day: '2026-03-02',
    grade: 'A',
    score: 0.91,
    components: { confidence: 0.75, quality: 1, risk: 0.5 },
    ...over,
  });
  const writes = (p: ScorePoint, l?: LatestPoint) =>
    scorePointWrites([p], new Map(l === undefined ? [] : [['VTI', l]]));

  it('compares components by value, whatever their key order', () => {
    expect(sameComponents({ a: 1, b: 0.5 }, { b: 0.5, a: 1.0 })).toBe(true);
    expect(sameComponents({ a: 1 }, { a: '1.0' })).toBe(true);
    expect(sameComponents({ a: 1, b: Number.NaN }, { a: 1, b: null })).toBe(true);
    expect(sameComponents({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameComponents({ a: 0 }, { a: -0 })).toBe(true);
    expect(sameComponents({ a: 1 }, { a: 1.0000001 })).toBe(false);
    expect(sameComponents({ a: 1 }, { a: 1, b: 0 })).toBe(false);
    expect(sameComponents(undefined, {})).toBe(true);
  });

  it('adds a new day or grade, updates a moved point, and writes nothing for the same one', () => {
    expect(writes(point())).toEqual({ added: [{ point: point(), seq: 0 }], updated: [] });
    expect(writes(point({ day: '2026-03-03' }), last())).toEqual({
      added: [{ point: point({ day: '2026-03-03' }), seq: 0 }],
      updated: [],
    });
    expect(writes(point({ grade: 'B' }), last()).added).toEqual([{ point: point({ grade: 'B' }), seq: 3 }]);
    expect(writes(point({ score: 0.92 }), last()).updated).toEqual([{ point: point({ score: 0.92 }), seq: 2 }]);
    expect(writes(point({ components: { risk: 0.6 } }), last()).updated).toHaveLength(1);
    expect(writes(point(), last())).toEqual({ added: [], updated: [] });
  });

  it('gives components in the order a jsonb column returns them', () => {
    expect(
      Object.keys(
        scorePointsOf([{ a_plus_candidates: [analysis('X', 'A', {})] } as unknown as DiscoveryResult], 'd')[0]!
          .components,
      ),
    ).toEqual(['risk', 'quality', 'technical', 'confidence', 'fundamental']);
    expect(Object.keys(storedOrder({ bb: 1, a: 2, ab: 3, é: 4, z: 5 }))).toEqual(['a', 'z', 'ab', 'bb', 'é']);
  });
});
