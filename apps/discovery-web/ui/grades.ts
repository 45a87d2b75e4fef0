// The eleven grades and their score bands (docs/scoring.md: equal bands of 0.05).
export const GRADE_BANDS: readonly { grade: string; min: number; max: number }[] = [
  { grade: 'A+', min: 0.95, max: 1 },
  { grade: 'A', min: 0.9, max: 0.95 },
  { grade: 'A-', min: 0.85, max: 0.9 },
  { grade: 'B+', min: 0.8, max: 0.85 },
  { grade: 'B', min: 0.75, max: 0.8 },
  { grade: 'B-', min: 0.7, max: 0.75 },
  { grade: 'C+', min: 0.65, max: 0.7 },
  { grade: 'C', min: 0.6, max: 0.65 },
  { grade: 'C-', min: 0.55, max: 0.6 },
  { grade: 'D', min: 0.5, max: 0.55 },
  { grade: 'F', min: 0, max: 0.5 },
];

/** Grade family (a, b, c, d, f) for the badge colour; the grade text is always shown too. */
export function gradeFamily(grade: string): string {
  const letter = grade.charAt(0).toLowerCase();
  return 'abcdf'.includes(letter) && letter !== '' ? letter : 'f';
}

export function gradeRank(grade: string): number {
  const index = GRADE_BANDS.findIndex((band) => band.grade === grade);
  return index < 0 ? GRADE_BANDS.length : index;
}

/** Band colours for the history chart's background, A+ green to F red, translucent. */
export const BAND_COLOURS: Record<string, string> = {
  a: 'rgba(22, 163, 74, 0.16)',
  b: 'rgba(37, 99, 235, 0.12)',
  c: 'rgba(217, 119, 6, 0.14)',
  d: 'rgba(234, 88, 12, 0.16)',
  f: 'rgba(220, 38, 38, 0.14)',
};
