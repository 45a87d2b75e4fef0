import { mapQuoteSummary } from './quote-summary';
import { etfQuoteSummary, quoteSummaryNotFound, stockQuoteSummary } from '../testing/yahoo-fixtures';

describe('mapQuoteSummary', () => {
  it('converts fund facts to our units: expense ratio fraction → percent points, inception seconds → date', () => {
    const p = mapQuoteSummary(etfQuoteSummary('VOO', 'Vanguard S&P 500 ETF'), 'VOO');
    expect(p.fund).toEqual({
      expenseRatio: 0.03,
      totalAssets: 1_442_870_000_000,
      inceptionDate: '2010-09-07',
      dividendYield: 0.0118,
    });
    expect(p.quoteType).toBe('ETF');
    expect(p.category).toBe('Large Blend');
    expect(p.region).toBe('US');
    expect(p.marketCap).toBeUndefined(); // `{}` means Yahoo has no value
  });

  it('converts debtToEquity from a percent number to a ratio, and keeps fractions as fractions', () => {
    const p = mapQuoteSummary(stockQuoteSummary('MSFT', 'Microsoft Corporation'), 'MSFT');
    expect(p.equity).toEqual({
      roe: 0.33281,
      revenueGrowth: 0.184,
      profitMargin: 0.35707,
      freeCashflow: 53_337_374_720,
      debtToEquity: 0.32661,
      peRatio: 37.21,
    });
    expect(p.marketCap).toBe(3_808_000_000_000);
    expect(p.sector).toBe('Technology');
    expect(p.region).toBe('US');
  });

  it('reads bare numbers too (formatted=false) and treats a zero expense ratio as unknown', () => {
    const body = {
      quoteSummary: {
        result: [
          {
            fundProfile: { feesExpensesInvestment: { annualReportExpenseRatio: 0 } },
            financialData: { debtToEquity: 150.2 },
          },
        ],
        error: null,
      },
    };
    const p = mapQuoteSummary(body, 'X');
    expect(p.fund.expenseRatio).toBeUndefined();
    expect(p.equity.debtToEquity).toBe(1.502);
  });

  it('reports an unknown symbol as not_found', () => {
    expect(() => mapQuoteSummary(quoteSummaryNotFound('NOPE'), 'NOPE')).toThrow(
      expect.objectContaining({ reason: 'not_found' }),
    );
  });
});
