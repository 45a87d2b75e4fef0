import { analyse, computeMetrics, emptyMetrics } from '@disc/scoring';
import {
  parseAssetType,
  type APlusAnalysis,
  type AssetType,
  type CryptoFundamentals,
  type EtfFundamentals,
  type Instrument,
  type MarketContext,
  type PriceMetrics,
  type RiskTolerance,
  type StockFundamentals,
} from '@disc/types';
import type { MarketDataProvider } from '@disc/market-data';
import { defaultProvider } from './default-provider';
import { systemClock, type Clock } from './clock';
import { checkFundamentals } from './fundamentals';
import { parseGrading, peerIndexOf, type Grading } from './grading';
import { checkScoreOptions, checkSymbol } from './inputs';
import { defaultPreliminaryScore } from './screening-score';

export interface ScoringToolOptions {
  /** Where price history and market context come from; the sample snapshot by default. */
  provider?: MarketDataProvider;
  clock?: Clock;
  /** `'absolute'` (default) or `'peer'`: grade against the provider's universe of the type. */
  grading?: Grading;
}

export interface ScoreOptions {
  riskTolerance?: RiskTolerance;
  /** Display name; the provider's name of the symbol, else the symbol. */
  name?: string;
  /** Extra market data: a price (USD) and, for stocks and crypto, the market cap (USD). */
  current_price?: number;
  market_cap?: number;
}

/**
 * Scores one instrument from the fundamentals the caller passes (the contract's `score_etf` /
 * `score_stock`), adding the symbol's price history and the market context when the
 * provider has them. Missing fields lower the confidence instead of failing; too little to
 * score at all raises InsufficientDataError; malformed fields raise DiscoveryValidationError.
 */
export class APlusScoringTool {
  readonly provider: MarketDataProvider;
  private readonly clock: Clock;
  readonly grading: Grading;

  constructor(options: ScoringToolOptions = {}) {
    this.provider = options.provider ?? defaultProvider();
    this.clock = options.clock ?? systemClock;
    this.grading = parseGrading(options.grading);
  }

  scoreEtf(
    symbol: string,
    fundamentalData: Partial<EtfFundamentals>,
    options: ScoreOptions = {},
  ): Promise<APlusAnalysis> {
    return this.score('etf', symbol, fundamentalData, options);
  }

  scoreStock(
    symbol: string,
    fundamentalData: Partial<StockFundamentals>,
    options: ScoreOptions = {},
  ): Promise<APlusAnalysis> {
    return this.score('stock', symbol, fundamentalData, options);
  }

  scoreCrypto(
    symbol: string,
    fundamentalData: Partial<CryptoFundamentals>,
    options: ScoreOptions = {},
  ): Promise<APlusAnalysis> {
    return this.score('crypto', symbol, fundamentalData, options);
  }

  /** Any asset type by name; InvalidAssetTypeError for anything but etf/stock/crypto. */
  async score(
    assetType: string,
    symbol: string,
    fundamentalData: object = {},
    scoreOptions: ScoreOptions = {},
  ): Promise<APlusAnalysis> {
    const type = parseAssetType(assetType);
    symbol = checkSymbol(symbol);
    const fundamentals = checkFundamentals(type, fundamentalData);
    const options = checkScoreOptions(scoreOptions);
    const [known, context] = await Promise.all([this.provider.getInstrument(symbol), this.provider.getMarketContext()]);
    const instrument = instrumentOf(type, symbol, fundamentals, known, options);
    const metrics = await metricsOf(this.provider, instrument, known, context);
    const peers =
      this.grading === 'peer'
        ? peerIndexOf(await this.provider.universe(type), {
            regime: context.regime,
            riskTolerance: options.riskTolerance ?? 'moderate',
          })
        : undefined;
    return analyse(instrument, metrics, {
      context,
      discoveryDate: this.clock(),
      preliminaryScore: defaultPreliminaryScore(instrument, metrics, context, options.riskTolerance),
      ...(options.riskTolerance ? { riskTolerance: options.riskTolerance } : {}),
      ...(peers ? { peers } : {}),
    });
  }

  score_etf(symbol: string, fundamental_data: Partial<EtfFundamentals>): Promise<APlusAnalysis> {
    return this.scoreEtf(symbol, fundamental_data);
  }
  score_stock(symbol: string, fundamental_data: Partial<StockFundamentals>): Promise<APlusAnalysis> {
    return this.scoreStock(symbol, fundamental_data);
  }
  score_crypto(symbol: string, fundamental_data: Partial<CryptoFundamentals>): Promise<APlusAnalysis> {
    return this.scoreCrypto(symbol, fundamental_data);
  }
}

/** The caller's fundamentals win; identity, price and history come from the provider when
 * it knows the symbol (its fundamentals are not mixed in: the caller's set is the input). */
function instrumentOf(
  type: AssetType,
  symbol: string,
  fundamentals: object,
  known: Instrument | undefined,
  options: ScoreOptions,
): Instrument {
  const instrument: Instrument = {
    symbol: known?.symbol ?? symbol,
    name: options.name ?? known?.name ?? symbol,
    asset_type: type,
    currency: known?.currency ?? 'USD',
    current_price: options.current_price ?? known?.current_price ?? 0,
    market_cap: options.market_cap ?? known?.market_cap ?? null,
    [type]: fundamentals,
  };
  if (known?.prices) instrument.prices = known.prices;
  const region = (fundamentals as { region?: string }).region ?? known?.region;
  if (region !== undefined) instrument.region = region;
  return instrument;
}

async function metricsOf(
  provider: MarketDataProvider,
  instrument: Instrument,
  known: Instrument | undefined,
  context: MarketContext,
): Promise<PriceMetrics> {
  if (known) return (await provider.metricsFor(known.symbol)) ?? emptyMetrics();
  if (instrument.prices && instrument.prices.closes.length > 1) {
    return computeMetrics(instrument.prices, await provider.getBenchmark(), { riskFree: context.risk_free_rate ?? 0 });
  }
  return emptyMetrics();
}
