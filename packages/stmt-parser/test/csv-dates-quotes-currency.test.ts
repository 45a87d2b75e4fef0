import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectFormat, parseString, StatementParseError, type Entry, type ParseIssue } from '@stmt/parser';
import { chunked, collect, toJson } from './support/outcome';
import { brief, conversionError } from './support/issues';

const DIR = join(__dirname, 'fixtures', 'csv');
const fixture = (name: string): string => readFileSync(join(DIR, name), 'utf8');

async function read(text: string, options = {}): Promise<{ entries: Entry[]; issues: ParseIssue[]; error?: unknown }> {
  const entries: Entry[] = [];
  const issues: ParseIssue[] = [];
  try {
    for await (const record of parseString(text, { fileName: 'x.csv', onIssue: (i) => issues.push(i), ...options }))
      if (record.kind === 'entry') entries.push(record.entry);
  } catch (error) {
    return { entries, issues, error };
  }
  return { entries, issues };
}

/** What conversion does: the first error refuses the file. */
const convert = (text: string): Promise<unknown> => conversionError(text, 'x.csv');

/** `text` with line `line` (1-based) passed through `change`. */
function editLine(text: string, line: number, change: (line: string) => string): string {
  const lines = text.split('\n');
  const before = lines[line - 1] as string;
  lines[line - 1] = change(before);
  expect(lines[line - 1]).not.toBe(before);
  return lines.join('\n');
}

describe('bank CSV rows without dates', () => {
  it('refuses a row with neither booking nor value date, at its line and column', async () => {
    const text = editLine(fixture('chase-card.csv'), 2, (l) => l.replace(/^03\/01\/2024,03\/03\/2024,/, ',,'));
    const { entries, issues } = await read(text);
    expect(entries.map((e) => e.location.line)).not.toContain(2);
    expect(issues.map(brief)).toEqual([['error', 'MISSING_ELEMENT', 2, 2, 'Post Date']]);
    expect(issues[0]?.message).toBe(
      'the row has no date: expected a date MM/DD/YYYY in Post Date or Transaction Date; a row without a date cannot be converted',
    );
    expect(await convert(text)).toBeInstanceOf(StatementParseError);
  });

  it('refuses a dateless revolut-crypto row, also when the file was cut right after its last comma', async () => {
    const lines = fixture('revolut-crypto.csv').split('\n');
    const empty = editLine(lines.join('\n'), 2, (l) => l.replace(/"Jan 5, 2024, 10:00:00 AM"$/, ''));
    // Column 41: the quoted Price "€40,000.00" before it counts with its quotes.
    expect((await read(empty)).issues.map(brief)).toEqual([['error', 'MISSING_ELEMENT', 2, 41, 'Date']]);

    // Cut inside the ETH sell row (line 5), right after the comma before its date.
    const cut = lines
      .slice(0, 5)
      .join('\n')
      .replace(/"Feb 1, 2024, 2:30:00 PM"$/, '');
    expect(cut.endsWith(',')).toBe(true);
    const { issues } = await read(cut);
    expect(issues.map(brief)).toEqual([
      ['warning', 'TRUNCATED', 5, 1, undefined],
      ['error', 'MISSING_ELEMENT', 5, 41, 'Date'],
    ]);
    expect(await convert(cut)).toBeInstanceOf(StatementParseError);
  });

  it('dates a booked row without booking date by its value date, with a warning; a pending row needs none', async () => {
    const text = editLine(fixture('revolut.csv'), 2, (l) => l.replace(',2024-03-01 09:00:05,', ',,'));
    const { entries, issues } = await read(text);
    expect(entries[0]).toMatchObject({ status: 'BOOK', bookingDate: '2024-03-01', valueDate: '2024-03-01' });
    const pending = entries.find((e) => e.status === 'PDNG');
    expect(pending).toMatchObject({ valueDate: '2024-03-06' });
    expect(pending?.bookingDate).toBeUndefined();
    expect(issues.map(brief)).toEqual([['warning', 'MISSING_ELEMENT', 2, 35, 'Completed Date']]);
    expect(issues[0]?.message).toBe(
      'the booked row has no Completed Date; its booking date is taken from Started Date (2024-03-01)',
    );
  });
});

describe('bank CSV with CR line endings', () => {
  it('recognises every CSV fixture with CR line endings and reads it as with LF', async () => {
    const names = readdirSync(DIR).filter((name) => name.endsWith('.csv') && !name.includes('.expected.'));
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const bytes = readFileSync(join(DIR, name));
      const cr = Buffer.from(bytes.toString('latin1').replace(/\r?\n/g, '\r'), 'latin1');
      expect([name, detectFormat(cr.toString('latin1'))]).toEqual([name, detectFormat(bytes.toString('latin1'))]);
      expect(toJson(await collect(chunked(cr, 7), { fileName: name }))).toEqual(
        toJson(await collect(chunked(bytes, 7), { fileName: name })),
      );
    }
  });
});

describe('bank CSV quotes', () => {
  it('reports a quote left open where it opens', async () => {
    const text = editLine(fixture('revolut.csv'), 2, (l) => l.replace('Top-Up by *4821', '"Top-Up by *4821'));
    const { error } = await read(text);
    expect(error).toBeInstanceOf(StatementParseError);
    expect(error).toMatchObject({
      code: 'INVALID_VALUE',
      location: { file: 'x.csv', line: 2, column: 55 },
    });
    expect((error as StatementParseError).detail).toBe(
      'the quoted field that begins here is not closed: the quote on line 6, column 43 is followed by "A" (a closing quote is followed by the delimiter or a line break), so it is the first quote of a later field; expected a closing quote (") at the end of this value (a quote inside a value is written "")',
    );
  });

  it('reads text after a closing quote on the same line as part of the value, with a warning', async () => {
    const text = editLine(fixture('revolut.csv'), 2, (l) => l.replace('Top-Up by *4821', '"Top-Up" by *4821'));
    const { entries, issues } = await read(text);
    expect(entries[0]?.details[0]?.remittanceInfo).toBe('Top-Up by *4821');
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 2, 55, undefined]]);
    expect(issues[0]?.message).toBe(
      'the quote on line 2, column 62 is followed by " " (a closing quote is followed by the delimiter or a line break); the text after it is read as part of the value (a quote inside a value is written "")',
    );
  });
});

describe('bank CSV currency codes', () => {
  it('reads a lower-case code upper-cased and keeps one ISO 4217 does not list, each with a warning at the cell', async () => {
    let text = editLine(fixture('revolut.csv'), 2, (l) => l.replace(',EUR,', ',eur,'));
    text = editLine(text, 3, (l) => l.replace(',EUR,', ',XYZ,'));
    const { entries, issues } = await read(text);
    expect(entries.slice(0, 2).map((e) => e.money.currency)).toEqual(['EUR', 'XYZ']);
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 2, 83, 'Currency'],
      ['warning', 'INVALID_VALUE', 3, 88, 'Currency'],
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      'currency "eur" is not written in capital letters as ISO 4217 codes are; read as EUR',
      'currency XYZ is not an ISO 4217 currency code; kept as written',
    ]);
  });
});
