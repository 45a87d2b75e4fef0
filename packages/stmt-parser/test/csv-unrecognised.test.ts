import { docsPage } from '@fin/errors';
import { parseString } from '@stmt/parser';
import { looksLikeCsv } from '../src/csv/profile-detect';
import { unrecognisedFormatHint } from '../src/formats';

const UNKNOWN_BANK = 'Date,Amount,Description\n2020-01-01,1.00,Coffee\n2020-01-02,-5.00,Rent\n';

async function refusal(text: string): Promise<{ code?: string; message: string }> {
  try {
    for await (const record of parseString(text, { fileName: 'export.csv' })) void record;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('the file was read');
}

describe('a file that reads as a table but that no CSV profile recognises', () => {
  it('is a table when two lines in a row split into the same three or more cells', () => {
    expect(looksLikeCsv(UNKNOWN_BANK)).toBe(true);
    expect(looksLikeCsv('Konto;DE12\n\nBuchung;Betrag;Text\r\n01.01.2020;-1,00;Miete\r\n')).toBe(true);
    expect(looksLikeCsv('Date\tAmount\tText\n2020-01-01\t1.00\tx\n')).toBe(true);
    expect(looksLikeCsv('"a,b",c,d\n"e,f",g,h\n')).toBe(true);
    // A quoted cell over two lines (a multi-line remittance text) is one cell of its record.
    expect(looksLikeCsv('Tag;Text;Betrag\r\n04.01.2021;"Miete\r\nJanuar";-1,00\r\n')).toBe(true);
  });

  it('is no table for one line, two columns, or lines that do not agree', () => {
    expect(looksLikeCsv('Date,Amount,Description\n')).toBe(false);
    expect(looksLikeCsv('Date,Amount\n2020-01-01,1.00\n')).toBe(false);
    expect(looksLikeCsv(':20:STMT\n:25:DE12,3,4\n:28C:1\n:61:2001010101D1,00NTRF\n')).toBe(false);
    expect(looksLikeCsv('a,b,c\nd,e\nf,g,h,i\n')).toBe(false);
    expect(looksLikeCsv('a,b,c\n"d\ne",f,g,h\n')).toBe(false);
  });

  it('is refused with a message that says to write a profile, and where that is explained', async () => {
    expect(unrecognisedFormatHint(Buffer.from(UNKNOWN_BANK))).toBe(
      `; it reads as a table: if it is a bank's CSV export, no CSV profile recognises its header, so write a profile for it (${docsPage('csv-profiles.md')}) or name one with --profile (library: csvProfile)`,
    );
    const error = await refusal(UNKNOWN_BANK);
    expect(error.code).toBe('UNKNOWN_FORMAT');
    expect(error.message).toContain('no CSV profile recognises its header');
    expect(error.message).toContain('https://');
  });

  it('gives no such hint for text that is no table', async () => {
    expect((await refusal('hello world\nthis is a letter\n')).message).not.toContain('CSV profile');
  });
});
