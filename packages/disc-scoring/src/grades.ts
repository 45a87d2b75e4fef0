import type { Grade } from '@disc/types';

/** docs/decisions/0006-grades.md: eleven grades, equal bands of 0.05 on the final score. Highest first. */
export const GRADE_BANDS: readonly { grade: Grade; min: number }[] = Object.freeze([
  { grade: 'A+', min: 0.95 },
  { grade: 'A', min: 0.9 },
  { grade: 'A-', min: 0.85 },
  { grade: 'B+', min: 0.8 },
  { grade: 'B', min: 0.75 },
  { grade: 'B-', min: 0.7 },
  { grade: 'C+', min: 0.65 },
  { grade: 'C', min: 0.6 },
  { grade: 'C-', min: 0.55 },
  { grade: 'D', min: 0.5 },
  { grade: 'F', min: 0 },
]);

export const GRADES: readonly Grade[] = Object.freeze(GRADE_BANDS.map((b) => b.grade));

/** Tolerance for float noise at band edges: 0.95 computed as 0.9499999999 still earns A+. */
const EDGE_EPSILON = 1e-9;

export function gradeFor(score: number): Grade {
  for (const band of GRADE_BANDS) {
    if (score + EDGE_EPSILON >= band.min) return band.grade;
  }
  return 'F';
}

/** Lowest final score that earns `grade`. */
export function minScoreFor(grade: Grade): number {
  const band = GRADE_BANDS.find((b) => b.grade === grade);
  if (!band) throw new RangeError(`Unknown grade '${String(grade)}'`);
  return band.min;
}

/** Position on the scale, 0 for F … 10 for A+; differences give "grade steps". */
export function gradeRank(grade: Grade): number {
  return GRADES.length - 1 - GRADES.indexOf(grade);
}

export function isGrade(value: unknown): value is Grade {
  return typeof value === 'string' && (GRADES as readonly string[]).includes(value);
}
