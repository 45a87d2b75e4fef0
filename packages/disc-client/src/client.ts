import createClient, { type Client } from 'openapi-fetch';
import { apiErrorOf } from './errors';
import type { components, paths } from './generated/api';
import { retryingFetch, type RetryOptions } from './retry';

export type Schemas = components['schemas'];
export type AssetType = Schemas['AssetType'];
export type DiscoveryResult = Schemas['DiscoveryResult'];
export type MonitorResult = Schemas['MonitorResult'];
export type CriteriaResult = Schemas['CriteriaResult'];
export type BatchDiscoveryResult = Schemas['BatchDiscoveryResult'];
export type BatchDiscoverRequest = Schemas['BatchDiscoverRequest'];
export type IntegrateRequest = Schemas['IntegrateRequest'];
export type IntegrationPlan = Schemas['IntegrationPlan'];
export type Webhook = Schemas['Webhook'];
export type WebhookRequest = Schemas['WebhookRequest'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
export type PriceHistory = Schemas['PriceHistory'];
export type MarketContext = Schemas['MarketContext'];

/** snake_case → camelCase, as type: `min_market_cap_billions` → `minMarketCapBillions`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type Camelized<T> = { [K in keyof T as K extends string ? Camel<K> : never]: T[K] };
type DiscoveryOptionNames = 'min_score' | 'max_results' | 'regions' | 'risk_tolerance';

/** `discoverStocks({ minRoe: 0.25, minMarketCapBillions: 5, maxResults: 20 })`: the
 * discovery options and the asset type's screening criteria, in camelCase (both come from
 * the API's published schemas), plus an optional portfolio context. */
export type DiscoverOptions<Criteria> = Camelized<Pick<Schemas['CustomCriteria'], DiscoveryOptionNames> & Criteria> & {
  portfolioContext?: Schemas['PortfolioContext'];
};
export type StockDiscoverOptions = DiscoverOptions<Schemas['StockScreeningCriteria']>;
export type EtfDiscoverOptions = DiscoverOptions<Schemas['EtfScreeningCriteria']>;
export type CryptoDiscoverOptions = DiscoverOptions<Schemas['CryptoScreeningCriteria']>;

export interface DiscoveryClientOptions {
  /** Where the API runs, e.g. http://127.0.0.1:3000 (no /v1). */
  baseUrl: string;
  /** A token from `discovery-api tokens create`. */
  apiKey: string;
  /** Retries of 408, 425, 429 and 503 answers (RetryOptions). */
  retry?: RetryOptions;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The discovery API, typed from its OpenAPI document. Methods answer the response body and
 * throw DiscoveryApiError (with `status`, `code`, `requestId`, `details`) on an error answer;
 * 408, 425, 429 and 503 are retried first, honouring Retry-After, within RetryOptions' bounds.
 * `http` is the underlying openapi-fetch client for routes without a method here.
 */
export class DiscoveryClient {
  readonly http: Client<paths>;
  readonly webhooks: {
    create(body: WebhookRequest): Promise<Webhook>;
    list(): Promise<Webhook[]>;
    get(id: string): Promise<Webhook>;
    delete(id: string): Promise<void>;
    /** Switches a disabled webhook back on (its failure count cleared); answers it. */
    enable(id: string): Promise<Webhook>;
    /** One page of deliveries, newest first; pass `next_cursor` as `after` for the next. */
    deliveries(id: string, page?: { limit?: number; after?: string }): Promise<WebhookDeliveryList>;
  };

  constructor(options: DiscoveryClientOptions) {
    const inner = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    this.http = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      headers: { authorization: `Bearer ${options.apiKey}` },
      fetch: retryingFetch(inner, options.retry),
    });
    const http = this.http;
    this.webhooks = {
      create: async (body) => unwrap(await http.POST('/v1/webhooks', { body })),
      list: async () => unwrap(await http.GET('/v1/webhooks')).data,
      get: async (id) => unwrap(await http.GET('/v1/webhooks/{id}', { params: { path: { id } } })),
      delete: async (id) => {
        unwrapEmpty(await http.DELETE('/v1/webhooks/{id}', { params: { path: { id } } }));
      },
      enable: async (id) => unwrap(await http.POST('/v1/webhooks/{id}/enable', { params: { path: { id } } })),
      deliveries: async (id, page = {}) =>
        unwrap(await http.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id }, query: page } })),
    };
  }

  discoverStocks(options: StockDiscoverOptions = {}): Promise<DiscoveryResult> {
    return this.discover('stock', options);
  }

  discoverEtfs(options: EtfDiscoverOptions = {}): Promise<DiscoveryResult> {
    return this.discover('etf', options);
  }

  discoverCrypto(options: CryptoDiscoverOptions = {}): Promise<DiscoveryResult> {
    return this.discover('crypto', options);
  }

  /** `POST /discover/{asset_type}` with camelCase options (see DiscoverOptions). */
  async discover(assetType: AssetType, options: DiscoverOptions<object> = {}): Promise<DiscoveryResult> {
    const { portfolioContext, ...criteria } = options;
    const body: Schemas['DiscoverRequest'] = { custom_criteria: snakeCased(criteria) };
    if (portfolioContext !== undefined) body.portfolio_context = portfolioContext;
    return unwrap(
      await this.http.POST('/v1/discovery/discover/{asset_type}', {
        params: { path: { asset_type: assetType } },
        body,
      }),
    );
  }

  async monitorInvestment(symbol: string): Promise<MonitorResult> {
    return unwrap(await this.http.GET('/v1/discovery/monitor/{symbol}', { params: { path: { symbol } } }));
  }

  /** The monitor result of each symbol, in the order given (requests run one at a time,
   * so a long list spends the monitor budget predictably). */
  async monitorInvestments(symbols: readonly string[]): Promise<MonitorResult[]> {
    const results: MonitorResult[] = [];
    for (const symbol of symbols) results.push(await this.monitorInvestment(symbol));
    return results;
  }

  /** The last `days` daily closes (default 365) with their 50- and 200-day averages. */
  async priceHistory(symbol: string, days?: number): Promise<PriceHistory> {
    return unwrap(
      await this.http.GET('/v1/discovery/prices/{symbol}', {
        params: { path: { symbol }, query: days === undefined ? {} : { days } },
      }),
    );
  }

  /** The market context now, without running (and spending) a discovery. */
  async marketContext(): Promise<MarketContext> {
    return unwrap(await this.http.GET('/v1/discovery/market-context'));
  }

  async criteria(assetType: AssetType): Promise<CriteriaResult> {
    return unwrap(
      await this.http.GET('/v1/discovery/criteria/{asset_type}', { params: { path: { asset_type: assetType } } }),
    );
  }

  async batchDiscover(body: BatchDiscoverRequest): Promise<BatchDiscoveryResult> {
    return unwrap(await this.http.POST('/v1/discovery/batch-discover', { body }));
  }

  async integrateDiscoveries(body: IntegrateRequest): Promise<IntegrationPlan> {
    return unwrap(await this.http.POST('/v1/discovery/integrate-discoveries', { body }));
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function unwrap<T>(answer: Answer<T>): T {
  if (answer.error !== undefined || !answer.response.ok) throw apiErrorOf(answer.response, answer.error);
  return answer.data as T;
}

function unwrapEmpty(answer: Answer<unknown>): void {
  if (answer.error !== undefined || !answer.response.ok) throw apiErrorOf(answer.response, answer.error);
}

/** `{ minRoe: 0.25 }` → `{ min_roe: 0.25 }` (the API's names). */
function snakeCased(options: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  }
  return out;
}
