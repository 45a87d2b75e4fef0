import { parseFile } from '@stmt/parser';
import { readdirSync } from 'node:fs';

test('scratch', async () => {
  for (const f of readdirSync('/work/shared/samples/ofx')) {
    const issues: unknown[] = [];
    const out: unknown[] = [];
    for await (const r of parseFile(`/work/shared/samples/ofx/${f}`, { onIssue: (i) => issues.push(i) })) out.push(r);
    console.log(f, JSON.stringify(out, null, 1).slice(0, 2500), JSON.stringify(issues, null, 1));
  }
});
