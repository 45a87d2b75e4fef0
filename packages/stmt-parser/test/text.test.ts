import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { collapseWhitespace, joinLines, replaceBounded } from '../src/text';

describe('replaceBounded', () => {
  const long = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length));

  it('replaces as String.prototype.replace does, also where a match would span two pieces', () => {
    for (const text of [
      long('Invoice 4711 \n ', 200_000),
      `${'x'.repeat(65_535)}   \n\t  ${'y'.repeat(70_000)}`,
      `${'a'.repeat(65_536)}${' '.repeat(20_000)}b`,
      long('"quoted" ', 150_000),
    ]) {
      expect(replaceBounded(text, /\s+/g, ' ', /\s/)).toBe(text.replace(/\s+/g, ' '));
      expect(replaceBounded(text, /"/g, '""')).toBe(text.replace(/"/g, '""'));
    }
    expect(collapseWhitespace('  a \n b  ')).toBe('a b');
  });

  it('joins lines as the pattern [ \\t]*[\\r\\n]+[ \\t]* replaced by a space does, in linear time', () => {
    const pattern = /[ \t]*[\r\n]+[ \t]*/g;
    for (const text of ['  a\n  b \r\n\t c\n\n', 'a \n \n b', 'no break', ' \t\n', 'a\tb \nc\t', '\n\nx\r'])
      expect(joinLines(text)).toBe(text.trim().replace(pattern, ' '));
    const blanks = `a${' '.repeat(1_000_000)}b\n${' \n'.repeat(100_000)}c`;
    // Each line break with the blank after it is one space: `b`, 100,001 spaces, `c`.
    expect(joinLines(blanks) === `a${' '.repeat(1_000_000)}b${' '.repeat(100_001)}c`).toBe(true);
  });

  it('replaces millions of matches within a small heap', () => {
    // 16 MiB of short words: String.prototype.replace built a tree of over 200 MiB here.
    const script = `
      const { collapseWhitespace, replaceBounded } = require(${JSON.stringify(join(__dirname, '..', 'dist', 'index.js'))});
      const text = Buffer.from('Invoice 4711  '.repeat(1_200_000)).toString('latin1');
      const collapsed = collapseWhitespace(text);
      const quoted = replaceBounded(text, / /g, '""');
      process.stdout.write(collapsed.length + ' ' + quoted.length);
    `;
    const run = spawnSync(process.execPath, ['--max-old-space-size=96', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).not.toMatch(/heap out of memory/);
    expect(run.stdout).toBe(`${13 * 1_200_000 - 1} ${17 * 1_200_000}`);
  });
});
