import { GRADES } from '@disc/scoring';
import { ASSET_TYPES, SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '@disc/types';
import { arrayOf, bool, int, num, object, ref, str, timestamp, unit, type JsonSchema } from './schema-types';

/** Response shapes of docs/decisions/0003-discovery-service-contract.md and 0009-responses-beyond-the-spec.md.
 * Open objects: a later minor version may add members, so clients must ignore unknown ones. */
export const responseSchemas: Record<string, JsonSchema> = {
  AssetType: { type: 'string', enum: [...ASSET_TYPES] },
  Grade: { type: 'string', enum: [...GRADES] },
  InvestmentCandidate: object(
    {
      symbol: str(),
      name: str(),
      asset_type: ref('AssetType'),
      current_price: num(),
      market_cap: { type: ['number', 'null'] },
      preliminary_score: unit('0.0 to 1.0'),
      discovery_date: timestamp,
    },
    {
      optional: ['asset_type', 'current_price', 'market_cap', 'preliminary_score', 'discovery_date'],
      description: 'A response may carry only symbol and name.',
    },
  ),
  APlusAnalysis: object(
    {
      candidate: ref('InvestmentCandidate'),
      fundamental_score: unit('0.0 to 1.0'),
      technical_score: unit('0.0 to 1.0'),
      quality_score: unit('0.0 to 1.0'),
      risk_score: unit('0.0 to 1.0'),
      final_grade: ref('Grade'),
      confidence_level: unit('0.0 to 1.0'),
      rationale: arrayOf(str()),
      final_score: unit('Extension: the score the grade comes from (the peer percentile under peer grading)'),
      absolute_score: unit('Extension, peer grading: the absolute score'),
      peer_group: str('Extension, peer grading: the peer group (sector, ETF category, crypto)'),
    },
    { optional: ['final_score', 'absolute_score', 'peer_group'] },
  ),
  PortfolioImprovement: object({
    current_holding: { type: ['string', 'null'] },
    recommended_replacement: ref('InvestmentCandidate'),
    expected_grade_improvement: num(),
    risk_impact: object({ volatility_change: num(), sharpe_improvement: num(), max_drawdown_change: num() }),
    cost_analysis: object({
      current_expense_ratio: num('Percent points (0.45 = 0.45 % a year)'),
      new_expense_ratio: num('Percent points'),
      annual_savings: num(
        'Expense-ratio saving in percentage points: current_expense_ratio − new_expense_ratio (0.45 − 0.08 = 0.37), as the origin API reports it',
      ),
      annual_savings_usd: num('Extension: the same saving in USD a year on the position moved'),
      transaction_costs: num('USD'),
    }),
    implementation_priority: int(1, 5, '1 is the highest priority'),
  }),
  MarketContext: object(
    {
      regime: { type: 'string', enum: ['bull', 'bear', 'volatile', 'sideways'] },
      vix_level: num(),
      interest_rate_environment: { type: 'string', enum: ['rising', 'falling', 'stable'] },
      inflation_rate: num('Percent, year over year (3.2 = 3.2 %), as the origin API reports it'),
      inflation_rate_fraction: num('Extension: the same rate as a fraction (0.032)'),
      vix_trend: {
        type: 'string',
        enum: ['rising', 'falling', 'stable'],
        description: 'Extension: VIX 20-day against 60-day mean',
      },
      risk_free_rate: num('Extension: 10-year Treasury yield, fraction; used for Sharpe ratios'),
      as_of: str('Extension: YYYY-MM-DD of the market data', { format: 'date' }),
      data_source: str('Extension: where the market data comes from; says SAMPLE DATA for the bundled snapshot'),
      sample: bool('Extension: true for the bundled synthetic sample snapshot'),
    },
    { optional: ['vix_trend', 'risk_free_rate', 'as_of', 'data_source', 'sample'] },
  ),
  PricePoint: object({
    date: str('Trading day, YYYY-MM-DD', { format: 'date' }),
    close: num('Closing price in the instrument currency'),
    sma_50: {
      type: ['number', 'null'],
      description: 'Mean of the 50 closes up to this day; null with fewer than 50 behind it',
    },
    sma_200: {
      type: ['number', 'null'],
      description: 'Mean of the 200 closes up to this day; null with fewer than 200 behind it',
    },
  }),
  PriceHistory: object({
    symbol: str(),
    name: str(),
    currency: str('ISO 4217 code of the closes'),
    as_of: { type: ['string', 'null'], format: 'date', description: 'YYYY-MM-DD of the market data' },
    data_source: str('Where the market data comes from; says SAMPLE DATA for the bundled snapshot'),
    sample: bool('True for the bundled synthetic sample snapshot: the prices are invented'),
    prices: arrayOf(ref('PricePoint'), { description: 'Oldest first; at most `days` points' }),
  }),
  DiscoveryResult: object({
    discovery_date: timestamp,
    asset_type: ref('AssetType'),
    total_screened: int(0),
    execution_time_seconds: num(undefined, { minimum: 0 }),
    a_plus_candidates: arrayOf(ref('APlusAnalysis')),
    portfolio_improvements: arrayOf(ref('PortfolioImprovement')),
    market_context: ref('MarketContext'),
  }),
  BatchDiscoveryResult: object({
    batch_id: str(),
    discovery_date: timestamp,
    execution_time_seconds: num(undefined, { minimum: 0 }),
    total_screened: int(0),
    results: { type: 'object', propertyNames: ref('AssetType'), additionalProperties: ref('DiscoveryResult') },
    errors: {
      type: 'object',
      propertyNames: ref('AssetType'),
      additionalProperties: ref('BatchError'),
      description: 'Per asset type that failed',
    },
  }),
  Alert: object({
    type: {
      type: 'string',
      enum: [
        'grade_downgrade',
        'grade_upgrade',
        'lost_a_plus',
        'score_decline',
        'criteria_breach',
        'volatility_spike',
        'data_stale',
      ],
    },
    message: str(),
    severity: { type: 'string', enum: ['info', 'warning', 'critical'] },
  }),
  MonitorResult: object({
    symbol: str(),
    current_grade: ref('Grade'),
    current_score: unit('0.0 to 1.0'),
    last_updated: timestamp,
    grade_history: arrayOf(
      object({ date: str('YYYY-MM-DD', { format: 'date' }), grade: ref('Grade'), score: unit('0.0 to 1.0') }),
      { description: 'Newest first, as the origin API lists it' },
    ),
    alerts: arrayOf(ref('Alert')),
    next_review_date: timestamp,
  }),
  CriteriaResult: object({
    asset_type: ref('AssetType'),
    criteria: {
      anyOf: [ref('EtfScreeningCriteria'), ref('StockScreeningCriteria'), ref('CryptoScreeningCriteria')],
      description: 'The screening criteria in force, those of asset_type; accepted back as custom_criteria.',
    },
    market_adjustments: object(
      {
        regime: { type: 'string', enum: ['bull', 'bear', 'volatile', 'sideways'] },
        quality_weight_multiplier: num(),
        cost_sensitivity_increased: bool(),
        risk_weight_multiplier: num('Extension'),
        notes: arrayOf(str(), { description: 'Extension: what the regime and risk tolerance changed' }),
      },
      { optional: ['risk_weight_multiplier', 'notes'] },
    ),
    last_updated: timestamp,
  }),
  IntegrationPlan: object({
    plan_id: str(),
    generated_at: timestamp,
    trades: arrayOf(
      object(
        {
          action: { type: 'string', enum: ['buy', 'sell'] },
          symbol: str(),
          shares: num(),
          amount: num('USD'),
          reason: str(),
          replacement_for: { type: ['string', 'null'] },
        },
        { optional: ['replacement_for'] },
      ),
    ),
    resulting_portfolio: object({
      holdings: arrayOf(object({ symbol: str(), shares: num(), current_value: num('USD') })),
      cash: num('USD'),
      total_value: num('USD'),
    }),
    estimated_transaction_costs: num('USD'),
    within_constraints: bool(),
    constraint_violations: arrayOf(
      object(
        {
          constraint: {
            type: 'string',
            enum: [
              'max_transaction_cost',
              'cash',
              'replacement_for',
              'unknown_symbol',
              'allocation_total',
              'rebalancing_threshold',
            ],
          },
          symbol: str(),
          message: str(),
        },
        { optional: ['symbol'] },
      ),
    ),
    improvements: arrayOf(ref('PortfolioImprovement')),
    replacements: arrayOf(
      object({
        symbol: str('The discovery'),
        replacement_for: str('As the request wrote it: a symbol or an instrument name'),
        matched_holding: { type: ['string', 'null'], description: 'Symbol of the holding it matched; null: none' },
        matched_by: {
          type: ['string', 'null'],
          enum: ['symbol', 'name', null],
          description: 'symbol, name, or null when nothing matched',
        },
      }),
      { description: 'Which holding each discovery with a replacement_for named' },
    ),
  }),
  Webhook: object({
    id: str(),
    url: str(),
    events: arrayOf({ type: 'string', enum: [...SUBSCRIBABLE_EVENT_TYPES] }),
    symbols: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'Symbols whose grade changes it receives; null: every symbol',
    },
    active: bool('False once deliveries kept failing and the endpoint was disabled'),
    failure_count: int(0, undefined, 'Deliveries in a row that failed every retry'),
    disabled_at: { type: ['string', 'null'], format: 'date-time' },
    disabled_reason: { type: ['string', 'null'], description: 'Why the endpoint was disabled' },
    created_at: timestamp,
  }),
  WebhookDeliveryAttempt: object({
    attempt: int(1),
    started_at: timestamp,
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    status_code: { type: ['integer', 'null'], description: "The receiver's HTTP status; null when it did not answer" },
    latency_ms: { type: ['integer', 'null'] },
    error: {
      type: ['string', 'null'],
      description: 'Why the attempt failed (timeout, connection refused, non-2xx status)',
    },
  }),
  WebhookDelivery: object({
    id: str('The webhook-id header of every attempt of this delivery'),
    event_id: str(),
    event: str(`${WEBHOOK_EVENT_TYPES.slice(0, -1).join(', ')} or ${WEBHOOK_EVENT_TYPES.at(-1)}`),
    status: { type: 'string', enum: ['pending', 'delivering', 'succeeded', 'failed'] },
    attempt_count: int(0),
    next_attempt_at: { type: ['string', 'null'], format: 'date-time' },
    last_status: { type: ['integer', 'null'] },
    last_error: { type: ['string', 'null'] },
    created_at: timestamp,
    updated_at: timestamp,
    attempts: arrayOf(ref('WebhookDeliveryAttempt')),
  }),
  WebhookDeliveryList: object(
    {
      data: arrayOf(ref('WebhookDelivery')),
      next_cursor: {
        type: ['string', 'null'],
        description: 'Pass as ?after= for the next, older page; null on the last page',
      },
    },
    { description: 'One page, newest first (limit, default 50)' },
  ),
  WebhookTestResult: object({ event_id: str(), delivery_id: { type: ['string', 'null'] } }),
  RefreshReport: object({
    started_at: timestamp,
    monitored: int(0, undefined, 'Symbols monitored: discovered, monitored, or named by a webhook'),
    scored: int(0, undefined, 'Of those, the ones the market data has'),
    points_written: int(0),
    grade_changes: int(0),
    deliveries: int(0, undefined, 'Webhook deliveries written to the outbox'),
  }),
  WebhookList: object({ data: arrayOf(ref('Webhook')) }),
  AdminWebhook: {
    allOf: [
      ref('Webhook'),
      object({
        token_id: str('The token that registered it'),
        token_name: { type: ['string', 'null'] },
        token_revoked: bool('True when that token is revoked (its webhooks were disabled then)'),
      }),
    ],
  },
  AdminWebhookList: object({ data: arrayOf(ref('AdminWebhook')) }),
  Error: object({
    error: object({
      code: str('Machine code, e.g. INVALID_ASSET_TYPE, VALIDATION_ERROR, UNAUTHORIZED, RATE_LIMIT_EXCEEDED'),
      message: str(),
      details: ref('ErrorDetails'),
      timestamp,
      request_id: str(),
    }),
  }),
  ErrorDetails: {
    type: 'object',
    description:
      'What helps fix the request; which members appear depends on the code. Clients must ignore members they do not know.',
    properties: {
      supported_types: arrayOf(ref('AssetType'), { description: 'INVALID_ASSET_TYPE' }),
      provided_type: str('INVALID_ASSET_TYPE'),
      location: {
        type: 'string',
        enum: ['body', 'path', 'query', 'header'],
        description: 'VALIDATION_ERROR: where the failing values are',
      },
      errors: arrayOf(
        object({ path: str('JSON Pointer of the failing value, e.g. /custom_criteria/min_roe'), message: str() }),
        { description: 'VALIDATION_ERROR: the failures, at most 50' },
      ),
      more_errors: int(1, undefined, 'VALIDATION_ERROR: failures found beyond the 50 listed in errors'),
      asset_type: ref('AssetType'),
      required_scope: str('FORBIDDEN'),
      token_scopes: arrayOf(str(), { description: 'FORBIDDEN' }),
      symbol: str('SYMBOL_NOT_FOUND'),
      id: str('NOT_FOUND'),
      allowed_methods: arrayOf(str(), { description: 'METHOD_NOT_ALLOWED' }),
      limit_bytes: int(0, undefined, 'PAYLOAD_TOO_LARGE, HEADERS_TOO_LARGE'),
      timeout_ms: int(1, undefined, 'REQUEST_TIMEOUT: how long the body may take to arrive'),
      content_type: { type: ['string', 'null'], description: 'UNSUPPORTED_MEDIA_TYPE' },
      charset: str('UNSUPPORTED_MEDIA_TYPE: the charset of a JSON body that is not UTF-8'),
      content_encoding: {
        type: ['string', 'null'],
        description:
          'VALIDATION_ERROR for an undecodable body; UNSUPPORTED_MEDIA_TYPE for a Content-Encoding the server cannot decompress',
      },
      supported_encodings: arrayOf(str(), { description: 'UNSUPPORTED_MEDIA_TYPE: the Content-Encodings accepted' }),
      limit: int(1, undefined, 'RATE_LIMIT_EXCEEDED'),
      window_seconds: int(1, undefined, 'RATE_LIMIT_EXCEEDED'),
      retry_after_seconds: int(0, undefined, 'RATE_LIMIT_EXCEEDED'),
      reason: str(
        'VALIDATION_ERROR of a webhook URL: why the receiver is refused; MALFORMED_REQUEST: what the HTTP parser refused (e.g. invalid_method, missing_host)',
      ),
    },
    additionalProperties: true,
  },
  BatchError: object({ code: str(), message: str(), details: ref('ErrorDetails') }, { optional: ['details'] }),
  Health: object(
    {
      status: { type: 'string', enum: ['ok', 'unavailable'] },
      checks: { type: 'object', additionalProperties: { type: 'string', enum: ['ok', 'failed'] } },
    },
    { optional: ['checks'] },
  ),
  Token: object({
    id: str(),
    name: str(),
    scopes: arrayOf({ type: 'string', enum: ['discovery', 'webhooks'] }),
    created_at: timestamp,
    revoked_at: { type: ['string', 'null'], format: 'date-time' },
    last_used_at: { type: ['string', 'null'], format: 'date-time' },
  }),
  CreatedToken: object({ token: str('Shown once; only its hash is stored'), record: ref('Token') }),
  TokenList: object({ data: arrayOf(ref('Token')) }),
  Snapshot: object(
    { id: int(1), loaded_at: timestamp, source: str(), refresh: ref('RefreshReport') },
    { optional: ['refresh'] },
  ),
};
