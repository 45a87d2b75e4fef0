import { parseString, type CsvProfile, type Entry, type ParseIssue } from '@stmt/parser';
import { brief } from './support/issues';

async function read(text: string, csvProfiles?: CsvProfile[]): Promise<{ entries: Entry[]; issues: ParseIssue[] }> {
  const entries: Entry[] = [];
  const issues: ParseIssue[] = [];
  const options = {
    fileName: 'ing.csv',
    onIssue: (i: ParseIssue) => issues.push(i),
    ...(csvProfiles ? { csvProfiles } : {}),
  };
  for await (const record of parseString(text, options)) if (record.kind === 'entry') entries.push(record.entry);
  return { entries, issues };
}

/** The ING NL layout (shipped profile): its amount column is `/^Bedrag \(([A-Z]{3})\)$/`. */
const ING_HEADER =
  'Datum,Naam / Omschrijving,Rekening,Tegenrekening,Code,Af Bij,Bedrag (EUR),Mutatiesoort,Mededelingen\n';

describe('bank CSV problems in a column the profile names by a regular expression', () => {
  it('points at the cell under the matching header and names that header', async () => {
    const text =
      ING_HEADER +
      '20240301,Shop,NL20INGB0001234567,,BA,Af,"23,45",Betaalautomaat,a\n' +
      '20240302,Cafe,NL20INGB0001234567,,BA,Af,,Betaalautomaat,b\n';
    const { entries, issues } = await read(text);
    expect(entries).toHaveLength(1);
    // `20240302,Cafe,NL20INGB0001234567,,BA,Af,` is 40 characters: the empty amount starts at 41.
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 3, 41, 'Bedrag (EUR)']]);
    expect(issues[0]?.location.file).toBe('ing.csv');
    expect(issues[0]?.message).toBe('expected a decimal amount such as -1.234,50, found ""');
  });

  it('finds the column wherever it stands, and after a quoted line break', async () => {
    const text =
      'Bedrag (EUR),Datum,Naam / Omschrijving,Rekening,Tegenrekening,Code,Af Bij,Mutatiesoort,Mededelingen\n' +
      '"12,50",20240301,"Shop\nAmsterdam",NL20INGB0001234567,,BA,Af,Betaalautomaat,a\n' +
      '"1x",20240302,"Cafe",NL20INGB0001234567,,BA,Af,Betaalautomaat,b\n';
    const { issues } = await read(text);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 4, 1, 'Bedrag (EUR)']]);
  });

  it('places warnings for a regex column at its header cell too', async () => {
    // The currency comes from the header `Bedrag (XYZ)`, which is not ISO 4217: kept, with a warning per row.
    const text =
      ING_HEADER.replace('EUR', 'XYZ') + '20240301,Shop,NL20INGB0001234567,,BA,Af,"23,45",Betaalautomaat,a\n';
    const { entries, issues } = await read(text);
    expect(entries.map((entry) => entry.money.currency)).toEqual(['XYZ']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 2, 41, 'Bedrag (XYZ)']]);
  });

  it('names the header column in messages about a regex column', async () => {
    const profile: CsvProfile = {
      name: 'split',
      bank: 'Split Bank',
      detect: { columns: ['Date', '/^Paid Out \\((\\w{3})\\)$/', '/^Paid In \\((\\w{3})\\)$/'] },
      date_format: 'YYYY-MM-DD',
      booking_date: 'Date',
      amount: { debit: '/^Paid Out \\((\\w{3})\\)$/', credit: '/^Paid In \\((\\w{3})\\)$/' },
      currency: { header: '/^Paid Out \\((\\w{3})\\)$/' },
    };
    const text = 'Date,Paid Out (GBP),Paid In (GBP)\n2024-03-01,12.50,\n2024-03-02,,\n';
    const { entries, issues } = await read(text, [profile]);
    expect(entries).toHaveLength(1);
    expect(issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 3, 12, 'Paid Out (GBP)']]);
    expect(issues[0]?.message).toBe('expected an amount in Paid Out (GBP) or Paid In (GBP), found neither');
  });
});
