import { brief, conversionError } from './support/issues';
import { readRecords, type Read } from './support/read-records';

const read = (text: string): Promise<Read> => readRecords(text);

/** The code of the error that refuses `text` when nothing collects issues (as conversion reads it). */
const refusal = async (text: string): Promise<unknown> =>
  ((await conversionError(text, 'x.sta')) as { code?: string } | undefined)?.code;

const head = ':20:S1\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240101EUR100,00\n:61:2401020102C50,00NTRFNONREF\n';

describe('MT940 file ending in a "-" without a line break', () => {
  // The whole file went on `Nr. 99?32ACME GMBH?31DE02…`, `:62F:…`, `-`: German :86: continuation lines begin with `-`.
  const cut = `${head}:86:166?00GUTSCHRIFT?20SVWZ+Rechnung 4711 Kunden\n-`;

  it('refuses a statement without closing balance whose only "-" is that last line: it may begin a cut continuation line', async () => {
    const { entries, issues } = await read(cut);
    expect(entries).toHaveLength(1);
    expect(issues.map(brief)).toEqual([['error', 'TRUNCATED', 7, 2, undefined]]);
    expect(issues[0]?.message).toBe(
      'the file ends before the closing balance :62F:/:62M: of the statement, with a "-" on line 7 that has no line break: it may begin a continuation line that was cut (such as "-Nr. 99" in :86:) rather than end the message; the file is truncated',
    );
    expect(await refusal(cut)).toBe('TRUNCATED');
  });

  it('reads a statement with its closing balance whose file ends in "-" without a line break', async () => {
    const text = `${head}:86:166?00GUTSCHRIFT?20SVWZ+Rechnung 4711 Kunden\n-Nr. 99\n:62F:C240102EUR150,00\n-`;
    const { entries, issues } = await read(text);
    expect(entries.map((e) => e.details[0]?.remittanceInfo)).toEqual(['Rechnung 4711 Kunden-Nr. 99']);
    expect(issues).toEqual([]);
    expect(await refusal(text)).toBeUndefined();
  });

  it.each([
    ['with its line break', `${cut}\n`, 7],
    ['after an earlier "-" with its line break', `${cut}\n-`, 8],
    ["ING's -XXX", `${cut}XXX`, 7],
  ])('keeps the warning of a statement its "-" closes without closing balance: %s', async (_, text, line) => {
    const { entries, issues } = await read(text);
    expect(entries).toHaveLength(1);
    expect(issues.map(brief)).toEqual([['warning', 'MISSING_ELEMENT', 1, 5, ':20:']]);
    expect(issues[0]?.message).toBe(
      `expected a closing balance :62F: or :62M: in the statement: its end-of-message line "-" on line ${line} follows, so its entries are complete, but there is no closing balance to reconcile them against`,
    );
    expect(await refusal(text)).toBeUndefined();
  });
});

describe('MT940 file ending inside the amount of a balance', () => {
  const complete = `${head}:86:Rechnung 4711\n:62F:C240102EUR150,00\n`;

  it('refuses a last line without line break whose amount lacks the comma the file’s other balances have, naming the field', async () => {
    // The whole file went on `,00`, `-` and a second statement.
    const text = `${complete}:64:C240102EUR15`;
    const { entries, statements, issues } = await read(text);
    expect(entries).toHaveLength(1);
    expect(issues.map(brief)).toEqual([['error', 'TRUNCATED', 8, 17, ':64:']]);
    expect(issues[0]?.message).toBe(
      'the file ends inside the amount of :64: on its last line 8, which has no line break: "15" has no decimal comma, while the file\'s other balances have one; the balance is not used and the file is truncated',
    );
    expect(statements[0]?.balances.map((b) => b.type)).toEqual(['OPBD', 'CLBD']);
    expect(await refusal(text)).toBe('TRUNCATED');
  });

  it('refuses a closing balance cut before its comma even when the whole amount happens to reconcile, once', async () => {
    const text = `${head}:86:Rechnung 4711\n:62F:C240102EUR150`;
    const { issues } = await read(text);
    expect(issues.map(brief)).toEqual([['error', 'TRUNCATED', 7, 19, ':62F:']]);
    expect(issues[0]?.message).toMatch(/inside the amount of :62F: .* "150" has no decimal comma/);
    expect(await refusal(text)).toBe('TRUNCATED');
  });

  it('judges by the entries when the file has no other balance', async () => {
    const text = ':20:S1\n:25:DE89370400440532013000\n:61:2401020102C50,00NTRFNONREF\n:62F:C240102EUR150';
    const { issues } = await read(text);
    expect(issues.filter((i) => i.code === 'TRUNCATED').map(brief)).toEqual([['error', 'TRUNCATED', 4, 19, ':62F:']]);
    expect(issues.find((i) => i.code === 'TRUNCATED')?.message).toMatch(/the file's other entries have one/);
  });

  it('keeps the whole-amount reading on a last line that has its line break', async () => {
    const { issues } = await read(`${complete}:64:C240102EUR15\n`);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 8, 15, ':64:']]);
    expect(issues[0]?.message).toBe('amount "15" has no decimal comma; read as the whole amount 15');
  });

  it.each([
    ['all amounts whole', ':60F:C240101PLN100\n:61:2401020102D30NTRFNONREF\n:86:X\n:62F:C240102PLN70', 3],
    [
      'whole balances, entries with comma',
      ':60F:C240101PLN100\n:61:2401020102D30,00NTRFNONREF\n:86:X\n:62F:C240102PLN70',
      2,
    ],
  ])(
    'reads a file that writes its amounts without comma (%s) to a last line without line break',
    async (_, body, warnings) => {
      const text = `:20:PL1\n:25:/PL61109010140000071219812874\n:28C:1\n${body}`;
      const { statements, issues } = await read(text);
      expect(statements[0]?.balances.map((b) => b.money.amount.toString())).toEqual(['100', '70']);
      expect(issues.map((i) => [i.severity, i.code])).toEqual(Array(warnings).fill(['warning', 'INVALID_VALUE']));
      expect(await refusal(text)).toBeUndefined();
    },
  );

  it('reads "150," and "150,0" (SWIFT amounts) on a last line without line break', async () => {
    for (const amount of ['150,', '150,0']) {
      const { issues } = await read(`${head}:62F:C240102EUR${amount}`);
      expect(issues).toEqual([]);
    }
  });
});

describe('MT940 second :25: in one statement', () => {
  it('keeps the first account for the statement and its entries, the one pending before it too, with a warning', async () => {
    const text = `${head}:86:Rechnung\n:25:DE02120300000000202051\n:61:2401030103C10,00NTRFNONREF\n:62F:C240103EUR160,00\n-\n`;
    const { headers, entries, issues } = await read(text);
    expect(headers.map((h) => h.account.iban)).toEqual(['DE89370400440532013000']);
    expect(entries.map((e) => e.account.iban)).toEqual(['DE89370400440532013000', 'DE89370400440532013000']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 7, 5, ':25:']]);
    expect(issues[0]?.message).toBe(
      'a second account :25: "DE02120300000000202051" in the statement: the first, "DE89370400440532013000" (:25: on line 2), is kept and this one is not used',
    );
  });

  it('says nothing when the second names the same account', async () => {
    const text = `${head}:25:DE89 3704 0044 0532 0130 00\n:62F:C240102EUR150,00\n-\n`;
    const { entries, issues } = await read(text);
    expect(entries.map((e) => e.account.iban)).toEqual(['DE89370400440532013000']);
    expect(issues).toEqual([]);
  });

  it('takes the account of each statement from its own :25:', async () => {
    const second = ':20:S2\n:25:DE02120300000000202051\n:28C:2/1\n:60F:C240102EUR150,00\n:62F:C240102EUR150,00\n-\n';
    const { headers, issues } = await read(`${head}:62F:C240102EUR150,00\n-\n${second}`);
    expect(headers.map((h) => h.account.iban)).toEqual(['DE89370400440532013000', 'DE02120300000000202051']);
    expect(issues).toEqual([]);
  });
});
