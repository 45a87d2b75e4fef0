import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderScoringTable } from '@disc/scoring';

describe('docs/scoring.md', () => {
  it('embeds the scoring table exactly as the code renders it', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'scoring.md'), 'utf8');
    const embedded = /<!-- scoring-table:start -->\n([\s\S]*?)\n<!-- scoring-table:end -->/.exec(doc)?.[1];
    // To update: paste the output of renderScoringTable() between the markers.
    expect(embedded).toBe(renderScoringTable());
  });

  it('lists every sub-score row with its anchors', () => {
    expect(renderScoringTable()).toContain(
      '| etf | fundamental | 0.3 | expense ratio (`expense_ratio`) † | 0.6 | linear | 0.6 % | 0.07 % | 0.15 % |',
    );
  });
});
