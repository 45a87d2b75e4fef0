import { formatValue } from './format';
import { COMPONENTS, type Component } from './subscore-spec';
import type { ScoreBreakdown, SubScoreResult } from './breakdown';
import type { ConfidenceFactors } from './confidence';
import type { Grade, MarketContext, RiskTolerance } from '@disc/types';
import { REGIME_ADJUSTMENTS } from './weights';

const LABEL: Record<Component, string> = {
  fundamental: 'Fundamental',
  quality: 'Quality',
  technical: 'Technical',
  risk: 'Risk',
};

export interface RationaleInput {
  breakdown: ScoreBreakdown;
  confidence: ConfidenceFactors;
  score: number;
  grade: Grade;
  context?: MarketContext | undefined;
  riskTolerance?: RiskTolerance | undefined;
  peer?: { group: string; percentile: number; absolute: number; absoluteGrade: Grade } | undefined;
}

/** Reasons for a grade, citing the actual metric values and the sub-scores they earn. */
export function buildRationale(input: RationaleInput): string[] {
  const { breakdown: b, confidence } = input;
  const lines: string[] = [];
  const parts = COMPONENTS.filter((c) => b.components[c].score !== null).map(
    (c) => `${c} ${fmt(b.components[c].score as number)} × ${fmt(b.weights[c])}`,
  );
  if (input.peer) {
    const p = input.peer;
    lines.push(
      `Peer-relative grade ${input.grade}: final score ${fmt(p.absolute, 4)} (absolute ${p.absoluteGrade}) ranks at the ${Math.floor(p.percentile * 100 + 1e-9)}th percentile of ${p.group}.`,
    );
  }
  lines.push(
    `Final score ${fmt(input.peer ? input.peer.absolute : input.score, 4)} from ${parts.join(', ')}${input.peer ? '' : ` → ${input.grade}`}.`,
  );
  for (const c of COMPONENTS) {
    const r = b.components[c];
    if (r.score === null) {
      lines.push(`${LABEL[c]}: no data (${r.missing.join(', ')}); left out of the score, confidence lowered.`);
      continue;
    }
    const subs = [...r.sub_scores]
      .sort((x, y) => y.score - x.score)
      .map(describe)
      .join('; ');
    const missing = r.missing.length > 0 ? ` Missing: ${r.missing.join(', ')}.` : '';
    lines.push(`${LABEL[c]} ${fmt(r.score)}: ${subs}.${missing}`);
  }
  if (input.context) {
    const ctx = input.context;
    const sample = ctx.sample ? ' (SAMPLE DATA)' : '';
    lines.push(
      `Market regime ${ctx.regime}${sample}, VIX ${fmt(ctx.vix_level, 1)}: ${REGIME_ADJUSTMENTS[ctx.regime].reason}.`,
    );
  }
  if (input.riskTolerance && input.riskTolerance !== 'moderate') {
    lines.push(`Risk tolerance ${input.riskTolerance}: risk weighted ${fmt(b.weights.risk)} of the final score.`);
  }
  lines.push(
    `Confidence ${fmt(confidence.confidence)}: data coverage ${fmt(confidence.coverage)}, price history ${fmt(confidence.history)}, component agreement ${fmt(confidence.agreement)}.`,
  );
  return lines;
}

function describe(s: SubScoreResult): string {
  const value = formatValue(s.value, s.unit);
  let relation = '';
  if (s.reference && typeof s.value === 'number') {
    const dir = s.direction;
    const ref = s.reference.value;
    const better = dir < 0 ? s.value <= ref : s.value >= ref;
    const word = dir < 0 ? (better ? 'under' : 'over') : better ? 'above' : 'below';
    const far = ref !== 0 && Math.abs(s.value - ref) / Math.abs(ref) >= 0.5;
    relation = `, ${better && far ? 'well ' : ''}${word} ${s.reference.text}`;
  }
  return `${s.label} ${value}${relation} → ${fmt(s.score)}`;
}

function fmt(x: number, digits = 2): string {
  return x.toFixed(digits);
}
