import fc from 'fast-check';
import { GRADE_BANDS, GRADES, gradeFor, gradeRank, isGrade, minScoreFor } from '@disc/scoring';

describe('grade bands (docs/decisions/0006-grades.md: equal bands of 0.05)', () => {
  it.each([
    [1, 'A+'],
    [0.95, 'A+'],
    [0.9499, 'A'],
    [0.9, 'A'],
    [0.85, 'A-'],
    [0.8499, 'B+'],
    [0.8, 'B+'],
    [0.75, 'B'],
    [0.7, 'B-'],
    [0.65, 'C+'],
    [0.6, 'C'],
    [0.55, 'C-'],
    [0.5, 'D'],
    [0.4999, 'F'],
    [0, 'F'],
  ])('score %p is %s', (score, grade) => {
    expect(gradeFor(score)).toBe(grade);
  });

  it('treats float noise at a band edge as the band (0.1 + 0.85 is A+)', () => {
    expect(gradeFor(0.1 + 0.85)).toBe('A+');
    expect(gradeFor(0.7 - 1e-12)).toBe('B-');
  });

  it('lists eleven grades and their minimum scores', () => {
    expect(GRADES).toEqual(['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D', 'F']);
    expect(minScoreFor('A+')).toBe(0.95);
    expect(minScoreFor('F')).toBe(0);
    expect(gradeRank('A+') - gradeRank('A-')).toBe(2);
    expect(isGrade('B+')).toBe(true);
    expect(isGrade('E')).toBe(false);
  });

  it('property: the grade of a score is the highest band whose minimum it reaches', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (s) => {
        const g = gradeFor(s);
        expect(s + 1e-9).toBeGreaterThanOrEqual(minScoreFor(g));
        const better = GRADE_BANDS[GRADES.indexOf(g) - 1];
        if (better) expect(s + 1e-9).toBeLessThan(better.min);
      }),
    );
  });

  it('property: grades are monotonic in the score', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(gradeRank(gradeFor(lo))).toBeLessThanOrEqual(gradeRank(gradeFor(hi)));
      }),
    );
  });
});
