// The API has no per-criterion pass/breach member; the rationale of a discovery states each
// screened measure against its limit ("expense ratio 0.05 %, well under the 0.15 % limit").
// These clauses are shown as they are, tagged passes/breaches by their wording.
export interface CriterionLine {
  text: string;
  passes: boolean;
}

const LIMIT = /\b(limit|minimum|maximum|threshold|required)\b/i;
const BREACH = /\b(over|below|breach|exceeds|fails|short of|misses)\b/i;

export function criterionLines(rationale: readonly string[]): CriterionLine[] {
  const lines: CriterionLine[] = [];
  for (const sentence of rationale) {
    const body = sentence.includes(': ') ? sentence.slice(sentence.indexOf(': ') + 2) : sentence;
    for (const clause of body.split(/;\s*/)) {
      if (!LIMIT.test(clause)) continue;
      const text = clause.replace(/\s*→\s*[\d.]+\.?$/, '').trim();
      lines.push({ text, passes: !BREACH.test(text) || /well under|under the|above the|within/i.test(text) });
    }
  }
  return lines;
}
