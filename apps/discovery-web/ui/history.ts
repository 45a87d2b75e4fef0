// grade_history is read order-independently: the API's order has changed (oldest first to
// newest first), so the page sorts by date itself.
export interface HistoryPoint {
  date: string;
  grade: string;
  score: number;
}

export function sortedHistory(raw: unknown): HistoryPoint[] {
  if (!Array.isArray(raw)) return [];
  const points: HistoryPoint[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { date, grade, score } = item as Record<string, unknown>;
    if (typeof date !== 'string' || typeof score !== 'number' || Number.isNaN(Date.parse(date))) continue;
    points.push({ date, grade: typeof grade === 'string' ? grade : '?', score });
  }
  return points.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}
