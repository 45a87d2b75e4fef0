import { ShapeError } from '../shape';
import { mapChart } from './chart';
import { chartBody, CHART_NOT_FOUND } from '../testing/yahoo-fixtures';

describe('mapChart', () => {
  const body = chartBody({
    symbol: 'VOO',
    instrumentType: 'ETF',
    longName: 'Vanguard S&P 500 ETF',
    firstTradeDate: 1283869800,
    // Thursday, Friday, Monday (weekend skipped), Tuesday with no trade (null), Wednesday
    dates: ['2026-11-12', '2026-11-13', '2026-11-16', '2026-11-17', '2026-11-18'],
    closes: [610.1, 611.2, 609.9, null, 612.3],
    adjcloses: [608.0, 609.1, 607.8, null, 612.3],
  });

  it('dates bars on the exchange calendar, drops null closes and prefers adjusted closes', () => {
    const chart = mapChart(body, 'VOO');
    expect(chart).toMatchObject({
      prices: {
        start: '2026-11-12',
        dates: ['2026-11-12', '2026-11-13', '2026-11-16', '2026-11-18'],
        closes: [608.0, 609.1, 607.8, 612.3],
      },
      price: 612.3,
      currency: 'USD',
      instrumentType: 'ETF',
      firstTradeDate: '2010-09-07',
      name: 'Vanguard S&P 500 ETF',
    });
  });

  it('uses raw closes when adjclose is absent (indices)', () => {
    const chart = mapChart(
      chartBody({
        symbol: '^GSPC',
        instrumentType: 'INDEX',
        dates: ['2026-11-19', '2026-11-20'],
        closes: [6700.5, 6712.25],
      }),
      '^GSPC',
    );
    expect(chart.prices.closes).toEqual([6700.5, 6712.25]);
  });

  it('moves London pence (GBp) to pounds', () => {
    const chart = mapChart(
      chartBody({
        symbol: 'VUSA.L',
        instrumentType: 'ETF',
        currency: 'GBp',
        dates: ['2026-11-19', '2026-11-20'],
        closes: [9512, 9534.5],
        adjcloses: [9512, 9534.5],
      }),
      'VUSA.L',
    );
    expect(chart.currency).toBe('GBP');
    expect(chart.prices.closes).toEqual([95.12, 95.345]);
    expect(chart.price).toBe(95.345);
  });

  it("reports Yahoo's Not Found error as not_found", () => {
    expect(() => mapChart(CHART_NOT_FOUND, 'NOPE')).toThrow(
      expect.objectContaining({ reason: 'not_found', message: expect.stringContaining('symbol may be delisted') }),
    );
  });

  it('names the JSON path of a body that does not match', () => {
    expect(() => mapChart({ chart: { result: [{ timestamp: [] }], error: null } }, 'X')).toThrow(
      new ShapeError('MALFORMED', '$.chart.result[0].meta is not an object'),
    );
    expect(() => mapChart({ unexpected: true }, 'X')).toThrow(ShapeError);
  });
});
