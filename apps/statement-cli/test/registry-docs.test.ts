// The lists docs/ spells out by hand are the registries' lists: a format, output preset or
// journal format added to its registry fails here until the docs name it too
// (docs/adding-a-format.md lists every file to touch).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRESET_NAMES } from '@stmt/export';
import { LEDGER_FORMATS } from '@stmt/ledger';
import { STATEMENT_FORMATS } from '@stmt/parser';
import { OUTPUT_TARGETS } from '../src/lib/flags';

const docs = join(__dirname, '..', '..', '..', 'docs');
// Table cells are compared without the padding a formatter aligns columns with.
const read = (page: string): string =>
  readFileSync(join(docs, page), 'utf8').replace(/ +\|/g, ' |').replace(/\| +/g, '| ');

describe('docs name what the registries hold', () => {
  it('docs/cli.md lists every input format, output target and CSV preset', () => {
    const cli = read('cli.md');
    expect(cli).toContain(`--from ${STATEMENT_FORMATS.join('|')}`);
    expect(cli).toContain(`--to ${OUTPUT_TARGETS.join('|')}`);
    expect(cli).toContain(`| \`--preset\` | ${PRESET_NAMES.map((name) => `\`${name}\``).join(', ')} (`);
  });

  it('docs/configuration.md lists every CSV preset for csv.preset', () => {
    expect(read('configuration.md')).toContain(
      `| \`csv.preset\` | ${PRESET_NAMES.map((name) => `\`${name}\``).join(', ')} |`,
    );
  });

  it('docs/csv-columns.md describes every CSV preset', () => {
    const columns = read('csv-columns.md');
    for (const name of PRESET_NAMES)
      expect({ name, described: columns.includes(`| \`${name}\` |`) }).toEqual({ name, described: true });
  });

  it('docs/ledger-output.md describes every journal format', () => {
    const ledger = read('ledger-output.md');
    for (const name of LEDGER_FORMATS)
      expect({ name, described: ledger.includes(`--to ${name}`) }).toEqual({ name, described: true });
  });
});
