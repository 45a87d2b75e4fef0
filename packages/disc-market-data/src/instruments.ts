import type { Instrument, PriceSeries } from '@disc/types';
import type { CoinDetail, CoinMarket } from './coingecko/mapping';
import { monthsSince } from './coingecko/mapping';
import { tidy } from './shape';
import type { CoinEntry, ListedEntry } from './universe';
import type { YahooChart } from './yahoo/chart';
import type { YahooProfile } from './yahoo/quote-summary';

/** An instrument plus the notes a user should see about how it was built. */
export interface Built {
  instrument: Instrument;
  notes: string[];
}

const YEAR_MS = 365.25 * 86_400_000;

/**
 * An ETF from Yahoo's chart and quoteSummary. The fundamentals block needs expense ratio,
 * total assets and a tracking error; without one of them it is left out (the instrument is
 * then scored from prices, with lower confidence) and a note says which was missing.
 */
export function etfInstrument(
  entry: ListedEntry,
  chart: YahooChart,
  profile: YahooProfile | undefined,
  trackingError: number | undefined,
  asOfMs: number,
): Built {
  const notes: string[] = [];
  const instrument = base(entry, chart, profile, 'etf');
  instrument.market_cap = null;
  const f = profile?.fund;
  const inception = f?.inceptionDate ?? chart.firstTradeDate;
  const te = entry.tracking_error ?? trackingError;
  const missing = [
    f?.expenseRatio === undefined && 'expense ratio',
    f?.totalAssets === undefined && 'total assets',
    te === undefined && 'tracking error',
    inception === undefined && 'inception date',
  ].filter((m): m is string => Boolean(m));
  if (missing.length > 0) {
    notes.push(`${entry.symbol}: no ${missing.join(', ')} from Yahoo Finance; scored without fund fundamentals`);
    return { instrument, notes };
  }
  const ucits =
    entry.ucits_compliant ??
    (/\bUCITS\b/i.test(instrument.name) ? true : isUsListing(entry.symbol, instrument.currency) ? false : undefined);
  instrument.etf = {
    expense_ratio: f?.expenseRatio as number,
    aum: f?.totalAssets as number,
    tracking_error: tidy(te as number),
    history_years: tidy(Math.max(0, (asOfMs - Date.parse(`${inception as string}T00:00:00Z`)) / YEAR_MS)),
    ...(ucits === undefined ? {} : { ucits_compliant: ucits }),
    ...(instrument.region === undefined ? {} : { region: instrument.region }),
    ...((entry.category ?? profile?.category) ? { category: (entry.category ?? profile?.category) as string } : {}),
    ...(f?.dividendYield === undefined ? {} : { dividend_yield: f.dividendYield }),
  };
  return { instrument, notes };
}

/**
 * A stock from Yahoo. `revenue_growth_5y` is filled from Yahoo's `revenueGrowth`, which is
 * the latest quarter year over year: the closest figure the free source has (documented in
 * docs/data-providers.md). The block needs ROE, growth, debt/equity and free cash flow.
 */
export function stockInstrument(entry: ListedEntry, chart: YahooChart, profile: YahooProfile | undefined): Built {
  const notes: string[] = [];
  const instrument = base(entry, chart, profile, 'stock');
  instrument.market_cap = profile?.marketCap ?? null;
  const e = profile?.equity;
  const missing = [
    e?.roe === undefined && 'return on equity',
    e?.revenueGrowth === undefined && 'revenue growth',
    e?.debtToEquity === undefined && 'debt to equity',
    e?.freeCashflow === undefined && 'free cash flow',
  ].filter((m): m is string => Boolean(m));
  if (missing.length > 0) {
    notes.push(`${entry.symbol}: no ${missing.join(', ')} from Yahoo Finance; scored without company fundamentals`);
    return { instrument, notes };
  }
  instrument.stock = {
    roe: e?.roe as number,
    revenue_growth_5y: e?.revenueGrowth as number,
    debt_to_equity: e?.debtToEquity as number,
    free_cash_flow: e?.freeCashflow as number,
    ...(e?.profitMargin === undefined ? {} : { profit_margin: e.profitMargin }),
    ...(profile?.sector === undefined ? {} : { sector: profile.sector }),
    ...(instrument.region === undefined ? {} : { region: instrument.region }),
    ...(e?.peRatio === undefined ? {} : { pe_ratio: e.peRatio }),
  };
  return { instrument, notes };
}

/** A coin from CoinGecko. Age comes from genesis_date, else the configured launch date,
 * else the first price of the history (a lower bound, noted). */
export function cryptoInstrument(
  entry: CoinEntry,
  market: CoinMarket,
  history: PriceSeries | undefined,
  detail: CoinDetail | undefined,
  asOfMs: number,
): Built {
  const notes: string[] = [];
  const launched = detail?.genesisDate ?? entry.launch_date ?? history?.start;
  if (detail?.genesisDate === undefined && entry.launch_date === undefined) {
    notes.push(
      `${entry.id}: CoinGecko has no genesis date; age counted from the first price${history ? ` (${history.start})` : ''}, a lower bound`,
    );
  }
  const category = entry.category ?? detail?.category;
  const instrument: Instrument = {
    symbol: market.symbol,
    name: market.name,
    asset_type: 'crypto',
    currency: 'USD',
    current_price: market.price,
    market_cap: market.marketCap,
    crypto: {
      daily_volume: market.volume24h,
      age_months: launched === undefined ? 0 : monthsSince(launched, asOfMs),
      institutional_adoption: entry.institutional_adoption ?? false,
      ...(category === undefined ? {} : { category }),
    },
  };
  if (history) instrument.prices = history;
  return { instrument, notes };
}

function base(
  entry: ListedEntry,
  chart: YahooChart,
  profile: YahooProfile | undefined,
  assetType: 'etf' | 'stock',
): Instrument {
  const region = entry.region ?? profile?.region;
  const instrument: Instrument = {
    symbol: entry.symbol.toUpperCase(),
    name: entry.name ?? profile?.name ?? chart.name ?? entry.symbol,
    asset_type: assetType,
    currency: chart.currency ?? profile?.currency ?? 'USD',
    current_price: chart.price,
    market_cap: null,
  };
  if (region !== undefined) instrument.region = region;
  if (chart.prices.closes.length >= 2) instrument.prices = chart.prices;
  return instrument;
}

/** A Yahoo symbol without an exchange suffix trades in the US, where funds are not UCITS. */
function isUsListing(symbol: string, currency: string): boolean {
  return !symbol.includes('.') && currency === 'USD';
}
