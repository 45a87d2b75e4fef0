import type { FakeResponse, Route } from './fake-server';
import { LAST_TRADING_DAY, walk, weekdaysUntil } from './series';

/** A symbol as the fake Yahoo knows it. */
export interface YahooSymbol {
  symbol: string;
  instrumentType: 'ETF' | 'EQUITY' | 'INDEX';
  currency?: string;
  longName?: string;
  dates: string[];
  closes: (number | null)[];
  /** Dividend-adjusted closes; omitted for indices, as Yahoo does. */
  adjcloses?: (number | null)[];
  firstTradeDate?: number;
  quoteSummary?: unknown;
}

const NY_OFFSET = -18000; // America/New_York in winter, as meta.gmtoffset

/** `GET /v8/finance/chart/{symbol}` in Yahoo's shape (bars stamped 09:30 New York time). */
export function chartBody(s: YahooSymbol): unknown {
  const timestamp = s.dates.map((d) => Date.parse(`${d}T14:30:00Z`) / 1000);
  const closes = s.closes;
  const last = [...closes].reverse().find((c) => c !== null) ?? null;
  return {
    chart: {
      result: [
        {
          meta: {
            currency: s.currency ?? 'USD',
            symbol: s.symbol,
            exchangeName: 'PCX',
            fullExchangeName: 'NYSEArca',
            instrumentType: s.instrumentType,
            firstTradeDate: s.firstTradeDate ?? null,
            regularMarketTime: timestamp[timestamp.length - 1],
            hasPrePostMarketData: true,
            gmtoffset: NY_OFFSET,
            timezone: 'EST',
            exchangeTimezoneName: 'America/New_York',
            regularMarketPrice: last,
            longName: s.longName,
            shortName: s.longName,
            chartPreviousClose: closes[0],
            priceHint: 2,
            dataGranularity: '1d',
            range: '5y',
            validRanges: ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'],
          },
          timestamp,
          events: {},
          indicators: {
            quote: [{ open: closes, high: closes, low: closes, close: closes, volume: closes.map(() => 4_512_300) }],
            ...(s.adjcloses ? { adjclose: [{ adjclose: s.adjcloses }] } : {}),
          },
        },
      ],
      error: null,
    },
  };
}

export const CHART_NOT_FOUND = {
  chart: { result: null, error: { code: 'Not Found', description: 'No data found, symbol may be delisted' } },
};

export function quoteSummaryNotFound(symbol: string): unknown {
  return {
    quoteSummary: { result: null, error: { code: 'Not Found', description: `Quote not found for symbol: ${symbol}` } },
  };
}

/** Yahoo's throttling answer: plain text, no JSON. */
export const YAHOO_TOO_MANY: FakeResponse = {
  status: 429,
  body: 'Too Many Requests\r\n',
  headers: { 'retry-after': '2' },
};

export const YAHOO_CRUMB = 'sTq2Lr4/xP.';
const A3 = 'A3=d=AQABBHJhcmVkAAAAAAAAAAAAAAAAAAAAAAAA&S=AQAAAnotarealcookie';

/** Yahoo's answer to a crumb that does not match the session. */
export const INVALID_CRUMB = {
  finance: { result: null, error: { code: 'Unauthorized', description: 'Invalid Crumb' } },
};

/**
 * Yahoo's endpoints: `/fc` stands in for fc.yahoo.com (a 404 that sets the session cookie),
 * `/v1/test/getcrumb` gives the crumb for that cookie, and quoteSummary wants both.
 */
export function yahooRoute(symbols: readonly YahooSymbol[], crumb: { value: string } = { value: YAHOO_CRUMB }): Route {
  const bySymbol = new Map(symbols.map((s) => [s.symbol, s]));
  return (path, query, headers) => {
    if (path === '/fc')
      return {
        status: 404,
        body: '<html>404</html>',
        headers: {
          'set-cookie': `${A3}; Expires=Sun, 22 Nov 2027 12:00:00 GMT; Max-Age=31557600; Domain=.yahoo.com; Path=/; SameSite=None; Secure; HttpOnly`,
        },
      };
    if (path === '/v1/test/getcrumb') {
      return String(headers.cookie ?? '').includes(A3.split(';')[0] as string)
        ? { body: crumb.value }
        : { status: 403, body: '' };
    }
    const chart = /^\/v8\/finance\/chart\/(.+)$/.exec(path);
    if (chart) {
      const s = bySymbol.get(chart[1] as string);
      return s ? { body: chartBody(s) } : { status: 404, body: CHART_NOT_FOUND };
    }
    const qs = /^\/v10\/finance\/quoteSummary\/(.+)$/.exec(path);
    if (qs) {
      if (query.get('crumb') !== crumb.value || !String(headers.cookie ?? '').includes('A3='))
        return { status: 401, body: INVALID_CRUMB };
      const s = bySymbol.get(qs[1] as string);
      return s?.quoteSummary ? { body: s.quoteSummary } : { status: 404, body: quoteSummaryNotFound(qs[1] as string) };
    }
    return {
      status: 404,
      body: { finance: { result: null, error: { code: 'Not Found', description: 'HTTP 404 Not Found' } } },
    };
  };
}

/** A symbol with `n` weekdays of a seeded random walk ending on the last trading day. */
export function generatedSymbol(
  symbol: string,
  instrumentType: YahooSymbol['instrumentType'],
  seed: number,
  n = 800,
  start = 400,
): YahooSymbol {
  const dates = weekdaysUntil(LAST_TRADING_DAY, n);
  const closes = walk(n, start, seed);
  return { symbol, instrumentType, dates, closes, ...(instrumentType === 'INDEX' ? {} : { adjcloses: closes }) };
}

/** quoteSummary of a Vanguard-style S&P 500 ETF, values as Yahoo sends them ({raw, fmt}). */
export function etfQuoteSummary(symbol: string, name: string): unknown {
  return {
    quoteSummary: {
      result: [
        {
          fundProfile: {
            maxAge: 1,
            family: 'Vanguard',
            categoryName: 'Large Blend',
            legalType: 'Exchange Traded Fund',
            feesExpensesInvestment: {
              annualHoldingsTurnover: { raw: 0.02, fmt: '2.00%' },
              annualReportExpenseRatio: { raw: 0.0003, fmt: '0.03%' },
              grossExpRatAfterWaivers: {},
              netExpRatio: {},
              projectionValues: {},
              totalNetAssets: { raw: 1442870, fmt: '1.44M' },
            },
            feesExpensesInvestmentCat: { annualReportExpenseRatio: { raw: 0.0091, fmt: '0.91%' } },
          },
          defaultKeyStatistics: {
            maxAge: 1,
            priceHint: { raw: 2, fmt: '2' },
            ytdReturn: { raw: 0.1651, fmt: '16.51%' },
            beta3Year: { raw: 1, fmt: '1.00' },
            totalAssets: {},
            fundFamily: 'Vanguard',
            fundInceptionDate: { raw: 1283817600, fmt: '2010-09-07' },
            legalType: 'Exchange Traded Fund',
          },
          summaryDetail: {
            maxAge: 1,
            priceHint: { raw: 2, fmt: '2' },
            yield: { raw: 0.0118, fmt: '1.18%' },
            totalAssets: { raw: 1_442_870_000_000, fmt: '1.44T' },
            trailingPE: {},
            navPrice: { raw: 612.5, fmt: '612.50' },
            currency: 'USD',
          },
          price: {
            maxAge: 1,
            quoteType: 'ETF',
            symbol,
            longName: name,
            shortName: name,
            currency: 'USD',
            marketCap: {},
          },
        },
      ],
      error: null,
    },
  };
}

/** quoteSummary of a large software company. debtToEquity is Yahoo's percent number. */
export function stockQuoteSummary(symbol: string, name: string): unknown {
  return {
    quoteSummary: {
      result: [
        {
          assetProfile: {
            address1: 'One Microsoft Way',
            city: 'Redmond',
            country: 'United States',
            industry: 'Software - Infrastructure',
            sector: 'Technology',
            fullTimeEmployees: 228000,
          },
          summaryDetail: {
            maxAge: 1,
            trailingPE: { raw: 37.21, fmt: '37.21' },
            dividendYield: { raw: 0.0068, fmt: '0.68%' },
            totalAssets: {},
            currency: 'USD',
          },
          defaultKeyStatistics: {
            maxAge: 1,
            enterpriseValue: { raw: 3_760_000_000_000, fmt: '3.76T' },
            fundInceptionDate: {},
          },
          financialData: {
            maxAge: 86400,
            currentPrice: { raw: 512.4, fmt: '512.40' },
            returnOnEquity: { raw: 0.33281, fmt: '33.28%' },
            revenueGrowth: { raw: 0.184, fmt: '18.40%' },
            profitMargins: { raw: 0.35707, fmt: '35.71%' },
            freeCashflow: { raw: 53_337_374_720, fmt: '53.34B' },
            debtToEquity: { raw: 32.661, fmt: '32.66' },
            financialCurrency: 'USD',
          },
          price: {
            maxAge: 1,
            quoteType: 'EQUITY',
            symbol,
            longName: name,
            shortName: name,
            currency: 'USD',
            marketCap: { raw: 3_808_000_000_000, fmt: '3.81T' },
          },
        },
      ],
      error: null,
    },
  };
}
