import { Decimal } from '@stmt/parser';
import { entryToRows, getPreset, guardFormula, PRESET_NAMES } from '@stmt/export';
import { bookedEntry, transfer } from '../test/entries';

describe('formula guard', () => {
  it.each([
    ['=HYPERLINK("http://x","click")', `'=HYPERLINK("http://x","click")`],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['+49 30 1234', "'+49 30 1234"],
    ['-rent', "'-rent"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['Rent March', 'Rent March'],
    ['', ''],
    ['-12.50', '-12.50'],
    ['a=b', 'a=b'],
  ])('%j becomes %j', (text, expected) => {
    expect(guardFormula(text)).toBe(expected);
  });

  // A debit (negative amount) whose payer and remittance are formulas, in every preset.
  const [row] = entryToRows(
    bookedEntry({
      money: { amount: Decimal.parse('1234.5'), currency: 'CHF' },
      details: [transfer('=HYPERLINK("http://evil","pay")', 'CH01', '1234.5', '@SUM(A1)')],
    }),
  );
  if (row === undefined) throw new Error('no row');

  it.each(PRESET_NAMES)('%s: neutralises text cells and never changes an amount', (name) => {
    const preset = getPreset(name);
    const cells = preset.project(row);
    expect(cells.filter((cell) => /^[=+@\t\r]/.test(cell) || /^-[^\d]/.test(cell))).toEqual([]);
    expect(cells).toContain(`'=HYPERLINK("http://evil","pay")`);
    const amount = preset.header.findIndex((column) => column === 'amount' || column === 'Amount');
    expect(cells[amount]).toBe(name === 'camt-csv-standard' ? '1234.50' : '-1234.5');
  });

  it.each(PRESET_NAMES)('%s: writes raw text with formulaGuard: false', (name) => {
    expect(getPreset(name, { formulaGuard: false }).project(row)).toContain('=HYPERLINK("http://evil","pay")');
  });
});
