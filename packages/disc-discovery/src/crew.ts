import {
  ASSET_TYPES,
  parseAssetType,
  type AssetType,
  type CriteriaResult,
  type DiscoveryResult,
  type GradePoint,
  type MonitorResult,
} from '@disc/types';
import { criteriaResult } from '@disc/screening';
import type { MarketDataProvider } from '@disc/market-data';
import { defaultProvider } from './default-provider';
import type { IntegrationPlan, IntegrationRequest, TransactionCostModel } from '@disc/portfolio';
import { batchDiscover } from './batch';
import { systemClock, uuidGenerator, type Clock, type IdGenerator } from './clock';
import { discover } from './discover';
import { parseGrading, type Grading } from './grading';
import { integrateDiscoveries } from './integrate';
import { monitorResult } from '@disc/monitoring';
import { assess, type Assessment } from './assess';
import { checkDiscoverAllOptions, checkGradeHistory, checkSymbol } from './inputs';
import { DiscoveryValidationError } from '@disc/types';
import type {
  BatchDiscoverRequest,
  BatchDiscoveryResult,
  CustomCriteria,
  DiscoverRequest,
  PortfolioContext,
} from './requests';

export interface CrewOptions {
  /** Market data; the bundled sample snapshot (SAMPLE DATA, offline) when omitted. */
  provider?: MarketDataProvider;
  /** Wall clock for discovery dates and plan timestamps. */
  clock?: Clock;
  /** Ids of batches and plans (UUID v4 by default). */
  ids?: IdGenerator;
  /** Transaction-cost model for proposals and plans (docs/portfolio.md). */
  costModel?: TransactionCostModel;
  /**
   * `'absolute'` (default, the contract's method) or `'peer'`: grade, rank and apply `min_score`
   * by the percentile within the peer group (sector / ETF category / crypto), so A+ means
   * top 5 % of its peers. Anything else throws DiscoveryValidationError.
   */
  grading?: Grading;
}

/** Also under the contract's names `asset_types`, `max_results_per_type`, `custom_criteria`;
 * any other member is refused (DiscoveryValidationError at `/options/<name>`). */
export interface DiscoverAllOptions {
  assetTypes?: readonly string[];
  maxResultsPerType?: number;
  /** Options and criteria applied to every type (as custom_criteria). */
  customCriteria?: CustomCriteria;
  /** The contract's names of the three options above. */
  asset_types?: readonly string[];
  max_results_per_type?: number;
  custom_criteria?: CustomCriteria;
}

/**
 * The SDK entry point: discovery per asset type and across types, criteria in force,
 * integration plans and the data monitoring needs. Every method returns a promise of a
 * plain object whose field names are the service contract's (docs/decisions/0003-discovery-service-contract.md),
 * ready to be sent as JSON. The contract's
 * Python names (`discover_etfs`, `discover_etfs_async`, …) are aliases of the camelCase ones.
 */
export class InvestmentDiscoveryCrew {
  readonly provider: MarketDataProvider;
  private readonly clock: Clock;
  private readonly ids: IdGenerator;
  private readonly costModel: TransactionCostModel | undefined;
  readonly grading: Grading;

  constructor(options: CrewOptions = {}) {
    this.provider = options.provider ?? defaultProvider();
    this.clock = options.clock ?? systemClock;
    this.ids = options.ids ?? uuidGenerator;
    this.costModel = options.costModel;
    this.grading = parseGrading(options.grading);
  }

  /** `POST /discover/{asset_type}`. Throws InvalidAssetTypeError for anything but etf/stock/crypto. */
  discover(assetType: string, request: DiscoverRequest = {}): Promise<DiscoveryResult> {
    return discover(assetType, request, this.deps());
  }

  discoverEtfs(customCriteria?: CustomCriteria, portfolioContext?: PortfolioContext): Promise<DiscoveryResult> {
    return this.discover('etf', requestOf(customCriteria, portfolioContext));
  }

  discoverStocks(customCriteria?: CustomCriteria, portfolioContext?: PortfolioContext): Promise<DiscoveryResult> {
    return this.discover('stock', requestOf(customCriteria, portfolioContext));
  }

  discoverCrypto(customCriteria?: CustomCriteria, portfolioContext?: PortfolioContext): Promise<DiscoveryResult> {
    return this.discover('crypto', requestOf(customCriteria, portfolioContext));
  }

  /** Results per asset type (all three by default). Unlike batchDiscover, any failure rejects. */
  async discoverAllAssets(options: DiscoverAllOptions = {}): Promise<Partial<Record<AssetType, DiscoveryResult>>> {
    options = checkDiscoverAllOptions(options);
    const types = (options.assetTypes ?? ASSET_TYPES).map((t) => parseAssetType(t));
    const custom: CustomCriteria = {
      ...(options.customCriteria ?? {}),
      ...(options.maxResultsPerType !== undefined ? { max_results: options.maxResultsPerType } : {}),
    };
    const out: Partial<Record<AssetType, DiscoveryResult>> = {};
    for (const type of new Set(types)) out[type] = await this.discover(type, { custom_criteria: custom });
    return out;
  }

  /** `POST /batch-discover` (response shape: docs/decisions/0009-responses-beyond-the-spec.md). */
  batchDiscover(request: BatchDiscoverRequest): Promise<BatchDiscoveryResult> {
    return batchDiscover(request, { ...this.deps(), batchId: this.ids() });
  }

  /** `GET /criteria/{asset_type}`: the criteria in force in today's market context. */
  async criteria(assetType: string): Promise<CriteriaResult> {
    const type = parseAssetType(assetType);
    const context = await this.provider.getMarketContext();
    return criteriaResult(type, context, this.clock());
  }

  /** `POST /integrate-discoveries` (plan shape: docs/decisions/0009-responses-beyond-the-spec.md, maths in docs/portfolio.md). */
  integrateDiscoveries(request: IntegrationRequest): Promise<IntegrationPlan> {
    return integrateDiscoveries(request, { ...this.deps(), planId: this.ids() });
  }

  /** Today's grade of one symbol with the signals monitoring needs; undefined when unknown. */
  async assess(symbol: string): Promise<Assessment | undefined> {
    return assess(this.provider, checkSymbol(symbol), this.clock());
  }

  /**
   * The spec's Monitor result for a symbol, given the grade history the caller persisted
   * (a point per day plus one per grade change within a day, oldest first; the SDK keeps
   * no state). Undefined when the symbol is unknown.
   */
  async monitor(symbol: string, history: readonly GradePoint[] = []): Promise<MonitorResult | undefined> {
    const checked = checkGradeHistory(history);
    const assessment = await this.assess(symbol);
    return assessment && monitorResult(assessment, checked);
  }

  // The spec's names (Python library surface), so code written against them works.
  discover_etfs(custom_criteria?: CustomCriteria, portfolio_context?: PortfolioContext): Promise<DiscoveryResult> {
    return this.discoverEtfs(custom_criteria, portfolio_context);
  }
  discover_stocks(custom_criteria?: CustomCriteria, portfolio_context?: PortfolioContext): Promise<DiscoveryResult> {
    return this.discoverStocks(custom_criteria, portfolio_context);
  }
  discover_crypto(custom_criteria?: CustomCriteria, portfolio_context?: PortfolioContext): Promise<DiscoveryResult> {
    return this.discoverCrypto(custom_criteria, portfolio_context);
  }
  discover_etfs_async(
    custom_criteria?: CustomCriteria,
    portfolio_context?: PortfolioContext,
  ): Promise<DiscoveryResult> {
    return this.discoverEtfs(custom_criteria, portfolio_context);
  }
  discover_stocks_async(
    custom_criteria?: CustomCriteria,
    portfolio_context?: PortfolioContext,
  ): Promise<DiscoveryResult> {
    return this.discoverStocks(custom_criteria, portfolio_context);
  }
  discover_crypto_async(
    custom_criteria?: CustomCriteria,
    portfolio_context?: PortfolioContext,
  ): Promise<DiscoveryResult> {
    return this.discoverCrypto(custom_criteria, portfolio_context);
  }
  /** `discover_all_assets(asset_types, max_results_per_type)` as in the contract, or one options object. */
  discover_all_assets(
    asset_types?: readonly string[] | DiscoverAllOptions,
    max_results_per_type?: number,
  ): Promise<Partial<Record<AssetType, DiscoveryResult>>> {
    if (typeof asset_types === 'string') {
      // discover_all_assets('etf') is a list of one type mistyped, not an options object.
      throw new DiscoveryValidationError('Invalid asset_types: /asset_types must be an array of asset types', {
        details: { errors: [{ path: '/asset_types', message: 'must be an array of asset types' }] },
      });
    }
    if (asset_types !== undefined && asset_types !== null && !Array.isArray(asset_types))
      return this.discoverAllAssets(asset_types as DiscoverAllOptions);
    return this.discoverAllAssets({
      ...(asset_types ? { assetTypes: asset_types as readonly string[] } : {}),
      ...(max_results_per_type !== undefined ? { maxResultsPerType: max_results_per_type } : {}),
    });
  }
  discover_all_assets_async(
    asset_types?: readonly string[] | DiscoverAllOptions,
    max_results_per_type?: number,
  ): Promise<Partial<Record<AssetType, DiscoveryResult>>> {
    return this.discover_all_assets(asset_types, max_results_per_type);
  }
  batch_discover(request: BatchDiscoverRequest): Promise<BatchDiscoveryResult> {
    return this.batchDiscover(request);
  }
  integrate_discoveries(request: IntegrationRequest): Promise<IntegrationPlan> {
    return this.integrateDiscoveries(request);
  }
  get_criteria(asset_type: string): Promise<CriteriaResult> {
    return this.criteria(asset_type);
  }

  private deps(): { provider: MarketDataProvider; now: Date; costModel?: TransactionCostModel; grading: Grading } {
    return {
      provider: this.provider,
      now: this.clock(),
      grading: this.grading,
      ...(this.costModel ? { costModel: this.costModel } : {}),
    };
  }
}

function requestOf(custom_criteria?: CustomCriteria, portfolio_context?: PortfolioContext): DiscoverRequest {
  return { ...(custom_criteria ? { custom_criteria } : {}), ...(portfolio_context ? { portfolio_context } : {}) };
}
