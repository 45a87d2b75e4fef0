import { DiscoveryValidationError } from '@disc/types';
import { alertsFromHistory, gradePointOf, nextReviewDate } from './alerts';

const history = [
  { date: '2026-03-01', grade: 'A+' as const, score: 0.96 },
  { date: '2026-03-10', grade: 'A' as const, score: 0.91 },
];

describe('alertsFromHistory', () => {
  it('flags a downgrade out of A+ as critical and the lost A+', () => {
    const alerts = alertsFromHistory([history[0]!], { date: '2026-03-10', grade: 'A', score: 0.91 });
    expect(alerts.map((a) => [a.type, a.severity])).toEqual([
      ['grade_downgrade', 'warning'],
      ['lost_a_plus', 'critical'],
      ['score_decline', 'warning'], // 0.96 → 0.91 within 30 days
    ]);
  });

  it('makes a drop of three grade steps critical and compares with the latest earlier point', () => {
    const alerts = alertsFromHistory(history, { date: '2026-03-20', grade: 'B', score: 0.77 });
    expect(alerts.find((a) => a.type === 'grade_downgrade')).toEqual({
      type: 'grade_downgrade',
      severity: 'critical',
      message: 'Grade fell from A to B (3 steps) since 2026-03-10.',
    });
    expect(alerts.find((a) => a.type === 'score_decline')?.severity).toBe('critical'); // 0.96 − 0.77 = 0.19
    expect(alerts.some((a) => a.type === 'lost_a_plus')).toBe(false); // previous point is A
  });

  it('reports an upgrade as info and ignores peaks older than 30 days', () => {
    const alerts = alertsFromHistory(
      [
        { date: '2026-01-01', grade: 'A+', score: 0.99 },
        { date: '2026-03-01', grade: 'B', score: 0.76 },
      ],
      { date: '2026-03-05', grade: 'B+', score: 0.81 },
    );
    expect(alerts).toEqual([expect.objectContaining({ type: 'grade_upgrade', severity: 'info' })]);
  });

  it('raises criteria breaches, volatility spikes and stale data from the signals', () => {
    const alerts = alertsFromHistory(
      [],
      { date: '2026-03-01', grade: 'B', score: 0.75 },
      {
        criteria_breaches: ['expense ratio 0.30 % above 0.15 %'],
        volatility_90d: 0.3,
        volatility_1y: 0.2,
        now: '2026-03-09T12:00:00Z',
      },
    );
    expect(alerts.map((a) => a.type)).toEqual(['criteria_breach', 'volatility_spike', 'data_stale']);
  });

  it('is quiet for a steady history', () => {
    expect(alertsFromHistory(history, { date: '2026-03-11', grade: 'A', score: 0.915 })).toEqual([]);
  });
});

describe('nextReviewDate', () => {
  it('is a week after the update, a day with a critical alert', () => {
    expect(nextReviewDate('2026-03-10T08:00:00.000Z', [])).toBe('2026-03-17T08:00:00.000Z');
    expect(nextReviewDate('2026-03-10T08:00:00.000Z', [{ severity: 'warning' }])).toBe('2026-03-17T08:00:00.000Z');
    expect(nextReviewDate('2026-03-10T08:00:00.000Z', [{ severity: 'critical' }])).toBe('2026-03-11T08:00:00.000Z');
  });
});

describe('same-day grade changes', () => {
  it('alert against the previous point of the same day', () => {
    const alerts = alertsFromHistory([{ date: '2026-03-10', grade: 'A+', score: 0.96 }], {
      date: '2026-03-10',
      grade: 'B-',
      score: 0.71,
    });
    expect(alerts.map((a) => a.type).sort()).toEqual(['grade_downgrade', 'lost_a_plus', 'score_decline']);
    expect(nextReviewDate('2026-03-10T12:00:00Z', alerts)).toBe('2026-03-11T12:00:00.000Z');
  });
});

describe('timestamps that name no time', () => {
  it('are refused with the argument named, not a bare RangeError or a missing alert', () => {
    const refused = (call: () => unknown): DiscoveryValidationError => {
      try {
        call();
      } catch (error) {
        expect(error).toBeInstanceOf(DiscoveryValidationError);
        return error as DiscoveryValidationError;
      }
      throw new Error('accepted');
    };
    expect(refused(() => nextReviewDate('garbage', [])).message).toBe(
      'Invalid lastUpdated: /lastUpdated must be an ISO 8601 timestamp or a valid Date',
    );
    expect(refused(() => nextReviewDate(new Date(Number.NaN), [])).details).toEqual({
      errors: [{ path: '/lastUpdated', message: 'must be an ISO 8601 timestamp or a valid Date' }],
    });
    expect(refused(() => gradePointOf('yesterday', 'A', 0.9)).message).toContain('/when');
    const current = { date: '2026-03-01', grade: 'A' as const, score: 0.9 };
    expect(refused(() => alertsFromHistory([], current, { now: 'soon' })).message).toContain('/signals/now');
  });
});
