import { Decimal } from '@stmt/parser';
import { entryToRows, ExportError, getPreset, PRESET_NAMES } from '@stmt/export';
import { bookedEntry, transfer } from '../test/entries';

describe('presets', () => {
  const [row] = entryToRows(
    bookedEntry({
      money: { amount: Decimal.parse('1234.5'), currency: 'CHF' },
      bookingDate: '2024-03-01T10:15:00+01:00',
      details: [transfer('=HYPERLINK("x")', 'CH01', '1234.5', '-rent')],
    }),
  );
  if (row === undefined) throw new Error('no row');

  it('offers default, minimal, camt-csv-standard and full', () => {
    expect(PRESET_NAMES).toEqual(['default', 'minimal', 'camt-csv-standard', 'full']);
  });

  it('full writes the default columns, then the SEPA columns that default leaves out', () => {
    const full = getPreset('full');
    const defaults = getPreset('default');
    expect(full.header.slice(0, defaults.header.length)).toEqual(defaults.header);
    expect(full.header.slice(defaults.header.length)).toEqual([
      'mandate_id',
      'creditor_id',
      'creditor_reference',
      'purpose_code',
      'return_reason_code',
      'ultimate_debtor',
      'ultimate_creditor',
    ]);
    expect(defaults.header).not.toContain('mandate_id');
    expect(full.project(row)).toHaveLength(full.header.length);
  });

  it('default writes every column in order', () => {
    const preset = getPreset('default');
    expect(preset.header[0]).toBe('booking_date');
    expect(preset.project(row)[2]).toBe('-1234.5');
  });

  it('camt-csv-standard matches camt-csv: 29 columns, DD.MM.YYYY, unsigned amounts, formula-safe text', () => {
    const preset = getPreset('camt-csv-standard');
    expect(preset.header).toHaveLength(29);
    expect(preset.header.slice(0, 4)).toEqual(['Status', 'Date', 'ValueDate', 'Name']);
    const record = Object.fromEntries(preset.header.map((name, i) => [name, preset.project(row)[i]]));
    expect(record).toMatchObject({
      Status: 'BOOK',
      Date: '01.03.2024',
      ValueDate: '02.03.2024',
      Name: `'=HYPERLINK("x")`,
      Description: "'-rent",
      Amount: '1234.50',
      CreditDebit: 'DBIT',
      Currency: 'CHF',
      NumberOfShares: '0',
      Fees: '0.00',
      IBAN: 'CH9300762011623852957',
      EntryReference: 'E1',
      Reference: 'E2E-=HYPERLINK("x")',
      OriginalAmount: '0.00',
      ExchangeRate: '0.00',
    });
  });

  it('refuses an unknown preset, naming the ones that exist', () => {
    expect(() => getPreset('fancy')).toThrow(ExportError);
    expect(() => getPreset('fancy')).toThrow(/default, minimal, camt-csv-standard/);
  });
});
