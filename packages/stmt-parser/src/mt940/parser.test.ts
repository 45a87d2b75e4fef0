import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunked, firstError } from '../../test/support/outcome';
import { detectFormat, parseStream, parseString, type ParseIssue, type StatementRecord } from '@stmt/parser';

const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'mt940');

async function records(text: string | Buffer, options = {}): Promise<StatementRecord[]> {
  const out: StatementRecord[] = [];
  for await (const record of parseString(text, options)) out.push(record);
  return out;
}

describe('MT940 detection', () => {
  const heads = {
    mt940: [
      ':20:REF\n:25:DE89370400440532013000\n:28C:1/1\n',
      '\uFEFF\r\n:20:REF\r\n:25:123\r\n',
      '{1:F01BANKDEFFAXXX0000000000}{2:O9401200240101BANKDEFFAXXX}{4:\n:20:X\n',
      'ABNANL2A\n940\nABNANL2A\n:20:ABN AMRO BANK NV\n:25:517852257\n',
      // Without :20: or without :25:, a balance and a statement line still tell.
      ':25:DE89370400440532013000\n:28C:1\n:60F:C240101EUR100,00\n:61:240102D10,00NTRFNONREF\n',
      ':20:REF\n:28C:1\n:60F:C240101EUR100,00\n:61:240102D10,00NTRFNONREF\n',
    ],
    mt942: [':20:REF\n:25:DE89370400440532013000\n:34F:EUR0,\n:13D:2404021530+0200\n'],
  };
  it.each(Object.entries(heads).flatMap(([format, texts]) => texts.map((head): [string, string] => [head, format])))(
    'recognises %j as %s',
    (head, format) => expect(detectFormat(head)).toBe(format),
  );

  it('does not claim text that merely mentions a tag', () => {
    expect(detectFormat('Type,Product\n:20: is a SWIFT tag\n')).toBeUndefined();
    expect(detectFormat('Date,Text\n2024-01-01,":61: and :60F: are SWIFT tags"\n')).toBeUndefined();
  });
});

describe('MT940 errors', () => {
  it('throws the first problem with its line and column when nobody collects issues', async () => {
    const error = await firstError(readFileSync(join(FIXTURES, 'invalid', 'bad-values.sta')));
    expect(error.code).toBe('INVALID_AMOUNT');
    expect(error.location).toMatchObject({ line: 4, column: 12, path: ':61:' });
  });

  it('points an amount written with a dot at the amount itself', async () => {
    const issues: unknown[] = [];
    await records(
      ':20:X\n:25:DE89370400440532013000\n:60F:C240101EUR1,00\n:61:240101D12.50NTRFNONREF\n:62F:C240101EUR1,00\n',
      { onIssue: (i: unknown) => issues.push(i) },
    );
    expect(issues).toEqual([
      expect.objectContaining({ code: 'INVALID_AMOUNT', location: { line: 4, column: 12, path: ':61:' } }),
    ]);
  });

  it('reports a statement whose balances do not reconcile', async () => {
    const error = await firstError(readFileSync(join(FIXTURES, 'invalid', 'unreconciled.sta')));
    expect(error.code).toBe('UNRECONCILED_BALANCE');
    expect(error.location).toMatchObject({ line: 6, column: 6, path: ':62F:' });
  });

  it('warns about fields before the first :20:', async () => {
    const issues: ParseIssue[] = [];
    await records('{1:F01X}{2:O940}{4:\n:25:DE89370400440532013000\n:20:X\n', {
      onIssue: (i: ParseIssue) => issues.push(i),
    });
    expect(issues[0]).toMatchObject({
      severity: 'warning',
      code: 'MISSING_ELEMENT',
      location: { line: 2, column: 5, path: ':25:' },
    });
  });
});

describe('MT940 text', () => {
  it('reads latin1 bytes and UTF-8 bytes in the same file', async () => {
    const bytes = Buffer.concat([
      Buffer.from(':20:X\n:25:DE89370400440532013000\n:60F:C240101EUR0,\n:61:240101C1,NTRFNONREF\n:86:', 'latin1'),
      Buffer.from('Müller\n', 'latin1'),
      Buffer.from(':61:240101C1,NTRFNONREF\n:86:Łódź\n:62F:C240101EUR2,\n', 'utf8'),
    ]);
    const names = (await records(bytes)).flatMap((r) =>
      r.kind === 'entry' ? [r.entry.details[0]?.remittanceInfo] : [],
    );
    expect(names).toEqual(['Müller', 'Łódź']);
  });

  it('honours an explicit encoding', async () => {
    const bytes = Buffer.from(
      ':20:X\n:25:DE89370400440532013000\n:60F:C240101EUR0,\n:61:240101C1,NTRFNONREF\n:86:Gr\u00fc\u00dfe\n:62F:C240101EUR1,\n',
      'latin1',
    );
    const out: StatementRecord[] = [];
    for await (const record of parseStream(chunked(bytes, bytes.length), { encoding: 'iso-8859-1' })) out.push(record);
    const entry = out.find((r) => r.kind === 'entry');
    expect(entry?.kind === 'entry' && entry.entry.details[0]?.remittanceInfo).toBe('Grüße');
  });
});
