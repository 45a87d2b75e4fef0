import { parseInformation } from '../src/mt940/information';
import type { WorkCounter } from '../src/mt940/sepa-keywords';

/** A `:86:` field of `count` subfields `?2nSVWZ+ab`, wrapped at 65 characters as banks write it. */
function repeatedKeywords(count: number): string[] {
  const body = Array.from({ length: count }, (_, i) => `?2${i % 10}SVWZ+ab`).join('');
  const text = `166${body}`;
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += 65) lines.push(text.slice(at, at + 65));
  return lines;
}

function read(count: number): { remittance: string; steps: number } {
  const work: WorkCounter = { steps: 0 };
  const info = parseInformation(repeatedKeywords(count), work);
  return { remittance: info.remittanceInfo ?? '', steps: work.steps };
}

describe(':86: with repeated SEPA keywords', () => {
  it('reads every keyword value, in work linear in the number of keywords', () => {
    const small = read(4_000);
    const large = read(16_000);
    // Every `ab` is kept, glued where a line break cut its subfield and spaced otherwise.
    expect(large.remittance.replace(/ /g, '')).toBe('ab'.repeat(16_000));
    expect(large.remittance.startsWith('ab ab ab')).toBe(true);
    // A few steps per keyword, and four times the keywords cost four times the work (a copy of
    // everything read so far per keyword would cost sixteen times).
    expect(small.steps).toBeGreaterThanOrEqual(4_000);
    expect(large.steps).toBeLessThanOrEqual(10 * 16_000);
    expect(large.steps / small.steps).toBeLessThan(4.5);
  });
});
