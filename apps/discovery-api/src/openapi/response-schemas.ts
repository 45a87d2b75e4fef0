import { arrayOf, bool, int, num, object, ref, str, timestamp, unit, type JsonSchema } from './schema-types';

const GRADES = ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D', 'F'];

/** Response shapes of spec section 2 and of DECISIONS "Responses the spec does not show".
 * Open objects: a later minor version may add members, so clients must ignore unknown ones. */
export const responseSchemas: Record<string, JsonSchema> = {
  AssetType: { type: 'string', enum: ['etf', 'stock', 'crypto'] },
  Grade: { type: 'string', enum: GRADES },
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
    { optional: ['asset_type', 'current_price', 'market_cap', 'preliminary_score', 'discovery_date'], description: 'A response may carry only symbol and name.' },
  ),
  APlusAnalysis: object({
    candidate: ref('InvestmentCandidate'),
    fundamental_score: unit('0.0 to 1.0'),
    technical_score: unit('0.0 to 1.0'),
    quality_score: unit('0.0 to 1.0'),
    risk_score: unit('0.0 to 1.0'),
    final_grade: ref('Grade'),
    confidence_level: unit('0.0 to 1.0'),
    rationale: arrayOf(str()),
  }),
  PortfolioImprovement: object({
    current_holding: { type: ['string', 'null'] },
    recommended_replacement: ref('InvestmentCandidate'),
    expected_grade_improvement: num(),
    risk_impact: object({ volatility_change: num(), sharpe_improvement: num(), max_drawdown_change: num() }),
    cost_analysis: object({ current_expense_ratio: num('Percent points'), new_expense_ratio: num('Percent points'), annual_savings: num('USD'), transaction_costs: num('USD') }),
    implementation_priority: int(1, 5, '1 is the highest priority'),
  }),
  MarketContext: object({
    regime: { type: 'string', enum: ['bull', 'bear', 'volatile', 'sideways'] },
    vix_level: num(),
    interest_rate_environment: { type: 'string', enum: ['rising', 'falling', 'stable'] },
    inflation_rate: num('Fraction, year over year'),
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
    errors: { type: 'object', propertyNames: ref('AssetType'), additionalProperties: { type: 'object', required: ['code', 'message'], properties: { code: str(), message: str(), details: { type: 'object' } } } },
  }),
  Alert: object({
    type: { type: 'string', enum: ['grade_downgrade', 'grade_upgrade', 'lost_a_plus', 'score_decline', 'criteria_breach', 'volatility_spike', 'data_stale'] },
    message: str(),
    severity: { type: 'string', enum: ['info', 'warning', 'critical'] },
  }),
  MonitorResult: object({
    symbol: str(),
    current_grade: ref('Grade'),
    current_score: unit('0.0 to 1.0'),
    last_updated: timestamp,
    grade_history: arrayOf(object({ date: str('YYYY-MM-DD', { format: 'date' }), grade: ref('Grade'), score: unit('0.0 to 1.0') })),
    alerts: arrayOf(ref('Alert')),
    next_review_date: timestamp,
  }),
  CriteriaResult: object({
    asset_type: ref('AssetType'),
    criteria: { type: 'object', description: 'The screening criteria in force; members depend on asset_type (EtfScreeningCriteria, StockScreeningCriteria, CryptoScreeningCriteria).' },
    market_adjustments: object({ regime: str(), quality_weight_multiplier: num(), cost_sensitivity_increased: bool() }),
    last_updated: timestamp,
  }),
  IntegrationPlan: object({
    plan_id: str(),
    generated_at: timestamp,
    trades: arrayOf(
      object(
        { action: { type: 'string', enum: ['buy', 'sell'] }, symbol: str(), shares: num(), amount: num('USD'), reason: str(), replacement_for: { type: ['string', 'null'] } },
        { optional: ['replacement_for'] },
      ),
    ),
    resulting_portfolio: object({ holdings: arrayOf({ type: 'object' }), cash: num('USD'), total_value: num('USD') }),
    estimated_transaction_costs: num('USD'),
    within_constraints: bool(),
    constraint_violations: arrayOf({}),
    improvements: arrayOf(ref('PortfolioImprovement')),
  }),
  Webhook: object({
    id: str(),
    url: str(),
    events: arrayOf({ type: 'string', enum: ['grade_change', 'new_discovery'] }),
    active: bool(),
    created_at: timestamp,
  }),
  WebhookList: object({ data: arrayOf(ref('Webhook')) }),
  Error: object({
    error: object({
      code: str('Machine code, e.g. INVALID_ASSET_TYPE, VALIDATION_ERROR, UNAUTHORIZED, RATE_LIMIT_EXCEEDED'),
      message: str(),
      details: { type: 'object' },
      timestamp,
      request_id: str(),
    }),
  }),
  Health: object({ status: { type: 'string', enum: ['ok', 'unavailable'] }, checks: { type: 'object', additionalProperties: { type: 'string', enum: ['ok', 'failed'] } } }, { optional: ['checks'] }),
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
  Snapshot: object({ id: int(1), loaded_at: timestamp, source: str() }),
};
