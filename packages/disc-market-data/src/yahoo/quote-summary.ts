import { finite, isObject, isoDateOfSeconds, objectAt, ShapeError, text, tidy, type Json } from '../shape';
import { regionOfCategory, regionOfCountry } from './regions';

/** The modules requested from `GET /v10/finance/quoteSummary/{symbol}`. */
export const QUOTE_SUMMARY_MODULES = 'fundProfile,defaultKeyStatistics,summaryDetail,financialData,price,assetProfile';

/** Fund and company facts in our units (docs/decisions/0005-units.md). */
export interface YahooProfile {
  quoteType: string | undefined; // ETF, EQUITY, …
  name: string | undefined;
  currency: string | undefined;
  marketCap: number | undefined; // USD
  region: string | undefined;
  sector: string | undefined;
  category: string | undefined; // fund category, the ETF's peer group
  fund: {
    expenseRatio: number | undefined; // percent points: 0.03 = 0.03 %
    totalAssets: number | undefined; // USD
    inceptionDate: string | undefined; // YYYY-MM-DD
    dividendYield: number | undefined; // fraction
  };
  equity: {
    roe: number | undefined; // fraction
    revenueGrowth: number | undefined; // fraction, year over year
    profitMargin: number | undefined; // fraction
    freeCashflow: number | undefined; // USD
    debtToEquity: number | undefined; // ratio: 1.502 = debt is 150.2 % of equity
    peRatio: number | undefined;
  };
}

/**
 * Maps a quoteSummary answer. Yahoo wraps values as `{raw, fmt}` (or `{}` when it has none);
 * its quirks are converted here and nowhere else:
 * - `annualReportExpenseRatio` is a fraction (0.0003) → percent points (0.03);
 * - `debtToEquity` is a percent number (150.2) → a ratio (1.502);
 * - `fundInceptionDate` is Unix seconds → a date;
 * - a zero expense ratio, total assets or market cap means "unknown", not zero.
 */
export function mapQuoteSummary(body: unknown, requested: string): YahooProfile {
  const qs = objectAt(objectAt(body, '$').quoteSummary, '$.quoteSummary');
  if (isObject(qs.error)) {
    const description = text(qs.error.description) ?? text(qs.error.code) ?? 'error';
    throw new ShapeError(
      qs.error.code === 'Not Found' ? 'NOT_FOUND' : 'MALFORMED',
      `quoteSummary for ${requested}: ${description}`,
    );
  }
  if (!Array.isArray(qs.result) || !isObject(qs.result[0]))
    throw new ShapeError('MALFORMED', `$.quoteSummary.result[0] is missing for ${requested}`);
  const r = qs.result[0];
  const fund = module(r, 'fundProfile');
  const stats = module(r, 'defaultKeyStatistics');
  const detail = module(r, 'summaryDetail');
  const fin = module(r, 'financialData');
  const price = module(r, 'price');
  const profile = module(r, 'assetProfile');
  const fees = isObject(fund.feesExpensesInvestment) ? fund.feesExpensesInvestment : {};
  const expense = positive(raw(fees.annualReportExpenseRatio));
  const inception = raw(stats.fundInceptionDate);
  const de = raw(fin.debtToEquity);
  const category = text(fund.categoryName);
  return {
    quoteType: text(price.quoteType),
    name: text(price.longName) ?? text(price.shortName),
    currency: text(price.currency)?.toUpperCase(),
    marketCap: positive(raw(price.marketCap)),
    region: regionOfCountry(text(profile.country)) ?? regionOfCategory(category),
    sector: text(profile.sector),
    category,
    fund: {
      expenseRatio: expense === undefined ? undefined : tidy(expense * 100),
      totalAssets: positive(raw(detail.totalAssets)) ?? positive(raw(stats.totalAssets)),
      inceptionDate: inception === undefined ? undefined : isoDateOfSeconds(inception),
      dividendYield: raw(detail.yield),
    },
    equity: {
      roe: raw(fin.returnOnEquity),
      revenueGrowth: raw(fin.revenueGrowth),
      profitMargin: raw(fin.profitMargins),
      freeCashflow: raw(fin.freeCashflow),
      debtToEquity: de === undefined ? undefined : tidy(de / 100),
      peRatio: raw(detail.trailingPE),
    },
  };
}

function module(result: Json, name: string): Json {
  const m = result[name];
  return isObject(m) ? m : {};
}

/** `{raw: 0.0003, fmt: "0.03%"}` → 0.0003; a bare number is accepted too. */
function raw(v: unknown): number | undefined {
  return isObject(v) ? finite(v.raw) : finite(v);
}

function positive(x: number | undefined): number | undefined {
  return x !== undefined && x > 0 ? x : undefined;
}
