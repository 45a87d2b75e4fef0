import type { Curve } from './curves';
import { formatValue } from './format';
import { COMPONENTS } from './subscore-spec';
import { SUB_SCORES } from './subscores';
import { BASE_WEIGHTS, REGIME_ADJUSTMENTS, RISK_TOLERANCE_MULTIPLIERS } from './weights';
import { ASSET_TYPES, REGIMES, RISK_TOLERANCES } from '@disc/types';

/**
 * The scoring method as Markdown tables, rendered from the same data the code scores with.
 * docs/scoring.md embeds this output and a test keeps the two identical, so the document
 * cannot drift from the code.
 */
export function renderScoringTable(): string {
  const out: string[] = [];
  out.push(
    '| asset type | component | component weight | sub-score | weight in component | curve | score 0 at | score 1 at | reference |',
  );
  out.push('|---|---|---|---|---|---|---|---|---|');
  for (const t of ASSET_TYPES) {
    for (const c of COMPONENTS) {
      for (const s of SUB_SCORES[t].filter((x) => x.component === c)) {
        const [zero, full] = anchors(s.curve, s.unit);
        const ref = s.reference ? formatValue(s.reference.value, s.unit) : '';
        out.push(
          `| ${t} | ${c} | ${BASE_WEIGHTS[t][c]} | ${s.label} (\`${s.key}\`)${s.cost ? ' †' : ''} | ${s.weight} | ${s.curve.kind} | ${zero} | ${full} | ${ref} |`,
        );
      }
    }
  }
  out.push('');
  out.push('| adjustment | fundamental × | quality × | technical × | risk × | cost sensitivity |');
  out.push('|---|---|---|---|---|---|');
  for (const r of REGIMES) {
    const m = REGIME_ADJUSTMENTS[r].multipliers;
    out.push(
      `| regime ${r} | ${m.fundamental} | ${m.quality} | ${m.technical} | ${m.risk} | ${REGIME_ADJUSTMENTS[r].cost_sensitivity_increased ? 'increased' : 'normal'} |`,
    );
  }
  for (const t of RISK_TOLERANCES) {
    const m = RISK_TOLERANCE_MULTIPLIERS[t];
    out.push(`| risk tolerance ${t} | ${m.fundamental} | ${m.quality} | ${m.technical} | ${m.risk} | |`);
  }
  return out.join('\n');
}

function anchors(curve: Curve, unit: Parameters<typeof formatValue>[1]): [string, string] {
  switch (curve.kind) {
    case 'flag':
      return ['no', 'yes'];
    case 'band':
      return [`≤ ${curve.zeroLo} or ≥ ${curve.zeroHi}`, `${curve.lo} to ${curve.hi}`];
    case 'linear':
    case 'log':
      return [formatValue(curve.zero, unit), formatValue(curve.full, unit)];
  }
}
