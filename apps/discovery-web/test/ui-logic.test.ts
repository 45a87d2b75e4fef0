// The page's pure helpers, on the inputs people paste and the answers the API gives.
import { unitFromDescription, withUnit } from '../ui/api/units';
import { criterionLines } from '../ui/criteria-lines';
import { inflationText } from '../ui/format';
import { sortedHistory } from '../ui/history';
import { parseDiscoveries, parseHoldings } from '../ui/holdings';

describe('pasted holdings', () => {
  it('reads comma, tab and semicolon lines, skips a header, keeps an optional cost basis', () => {
    const { holdings, errors } = parseHoldings(
      'symbol\tshares\tvalue\tcost basis\nvti\t100\t25000\t30000\nBND;200;15000\n\n# note\nQQQ, 1, 500',
    );
    expect(errors).toEqual([]);
    expect(holdings).toEqual([
      { symbol: 'VTI', shares: 100, current_value: 25000, cost_basis: 30000 },
      { symbol: 'BND', shares: 200, current_value: 15000 },
      { symbol: 'QQQ', shares: 1, current_value: 500 },
    ]);
  });

  it('names the line and column of what it cannot read', () => {
    const { holdings, errors } = parseHoldings('VTI, 100, 25000\nBND, lots, 15000\nQQQ, 1, 500, ?');
    expect(holdings).toHaveLength(1);
    expect(errors).toEqual([
      'Line 2: expected "symbol, shares, value[, cost basis]" with non-negative numbers, got "BND, lots, 15000".',
      'Line 3, column 4: cost basis "?" is not a non-negative number.',
    ]);
  });

  it('reads discoveries as percent allocations with an optional replaced holding', () => {
    expect(parseDiscoveries('shem, 10, vti\nNUH, 2.5').discoveries).toEqual([
      { symbol: 'SHEM', recommended_allocation: 0.1, replacement_for: 'VTI' },
      { symbol: 'NUH', recommended_allocation: 0.025 },
    ]);
    expect(parseDiscoveries('NUH, 150').errors).toEqual([
      'Discoveries line 1: expected "symbol, allocation %[, replaces]", got "NUH, 150".',
    ]);
  });
});

describe('grade history', () => {
  const points = [
    { date: '2026-11-20', grade: 'A', score: 0.91 },
    { date: '2026-11-25', grade: 'A+', score: 0.955 },
    { date: '2026-11-22', grade: 'A-', score: 0.87 },
  ];
  it('is sorted by date whatever order the API sends (oldest first, newest first)', () => {
    const dates = ['2026-11-20', '2026-11-22', '2026-11-25'];
    expect(sortedHistory(points).map((p) => p.date)).toEqual(dates);
    expect(sortedHistory([...points].reverse()).map((p) => p.date)).toEqual(dates);
  });
  it('drops malformed points instead of failing', () => {
    expect(
      sortedHistory([
        { date: 'yesterday', score: 1 },
        null,
        { date: '2026-11-01', score: 'x' },
        { date: '2026-11-02', grade: 'B', score: 0.77 },
      ]),
    ).toEqual([{ date: '2026-11-02', grade: 'B', score: 0.77 }]);
    expect(sortedHistory(undefined)).toEqual([]);
  });
});

describe('inflation', () => {
  it('reads a fraction (today) and percent (after the API change) alike', () => {
    expect(inflationText(0.0298)).toBe('2.98 % a year');
    expect(inflationText(2.98)).toBe('2.98 % a year');
    expect(inflationText(undefined)).toBe('–');
  });
});

describe('criteria in the rationale', () => {
  it('lists each measure against its limit, passed or breached, with the margin as stated', () => {
    const lines = criterionLines([
      'Final score 0.9547 from fundamental 0.90 × 0.30 → A+.',
      'Fundamental 0.90: expense ratio 0.05 %, well under the 0.15 % limit → 1.00; assets under management $4.99B, well above the $1B minimum → 0.74.',
      'Quality 0.40: tracking error 0.4 %, over the 0.2 % limit → 0.10.',
    ]);
    expect(lines).toEqual([
      { text: 'expense ratio 0.05 %, well under the 0.15 % limit', passes: true },
      { text: 'assets under management $4.99B, well above the $1B minimum', passes: true },
      { text: 'tracking error 0.4 %, over the 0.2 % limit', passes: false },
    ]);
  });
});

describe('units from the OpenAPI descriptions', () => {
  it('tells fraction, percent, percentage points and USD apart', () => {
    const descriptions = {
      'Fraction, year over year': 'fraction',
      'Percent, year over year': 'percent',
      'Percent points: 0.15 means 0.15 % a year': 'percent',
      'Annual savings in percentage points of the position': 'points',
      USD: 'usd',
    };
    const units = Object.keys(descriptions).map((description) => [description, unitFromDescription(description)]);
    expect(Object.fromEntries(units)).toEqual(descriptions);
    expect(unitFromDescription(undefined)).toBeUndefined();
  });
  it('formats a value in its unit', () => {
    expect(withUnit(0.0298, 'fraction')).toBe('2.98 %');
    expect(withUnit(2.98, 'percent')).toBe('2.98 %');
    expect(withUnit(-0.05, 'points')).toBe('-0.05 pp');
    expect(withUnit(1234.5, 'usd')).toBe('$1,234.50');
    expect(withUnit('x', 'usd')).toBe('–');
  });
});
