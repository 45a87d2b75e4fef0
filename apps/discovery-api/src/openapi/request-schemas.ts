import { MAX_AMOUNT_USD, MAX_SHARES } from '@disc/discovery';
import { CRITERIA_SCHEMAS } from '@disc/screening';
import { SUBSCRIBABLE_EVENT_TYPES } from '@disc/webhooks';
import { criteriaSchema, mergedCriteriaProperties } from './criteria-schemas';
import { arrayOf, bool, int, num, ref, requestObject, str, unit, WHEN_EMPTY, type JsonSchema } from './schema-types';
import { SYMBOL_SCHEMA, symbolSchema } from './symbol';
import { docsPage } from '@fin/errors';

const symbol = symbolSchema('Ticker or coin symbol');
/** Money in USD, from 0 to MAX_AMOUNT_USD (10^13: exact to the cent, finite in every sum and
 * cost of a plan; docs/portfolio.md): a larger amount is a 400 naming its path. */
const money = (description: string): { type: 'number' } =>
  num(`${description}; at most ${MAX_AMOUNT_USD.toExponential()}`, { minimum: 0, maximum: MAX_AMOUNT_USD });

/** Bodies that handlers read as typed values: openapi/request-types.ts derives their types
 * from these same objects, so what is validated and what the code reads cannot drift. */
export const RiskTolerance = { type: 'string', enum: ['conservative', 'moderate', 'aggressive'] } as const;

/** A relative weight of portfolio_context: the SDK normalises weights by their sum, so any
 * finite number from 0 works (docs/sdk.md, "What each request member does"). */
const weight = (description: string): { type: 'number' } => num(description, { minimum: 0 });

export const PortfolioContext = requestObject({
  current_holdings: arrayOf(
    requestObject(
      {
        symbol,
        allocation: weight(
          "Relative weight of the holding, normalised by the sum of the holdings' allocations: fractions (0.25) and percentages (25) both work, one of them per portfolio",
        ),
      },
      ['symbol', 'allocation'],
    ),
    { maxItems: 500 },
  ),
  target_allocation: requestObject(
    {
      stocks: weight('Relative target weight of stocks'),
      bonds: weight('Relative target weight of bonds'),
      alternatives: weight('Relative target weight of alternatives'),
    },
    [],
    'Target weights of the three classes, normalised by their sum: 0.6/0.3/0.1 and 60/30/10 are the same target',
  ),
  total_value: num(
    `Extension: portfolio value in USD used to price proposals (default 100 000); above 0 and at most ${MAX_AMOUNT_USD.toExponential()}`,
    { exclusiveMinimum: 0, maximum: MAX_AMOUNT_USD },
  ),
});

export const BatchDiscoverRequest = requestObject(
  {
    asset_types: arrayOf(ref('AssetType'), { minItems: 1, maxItems: 3, uniqueItems: true }),
    global_criteria: requestObject({
      min_score: unit('Final-score floor'),
      max_results_per_type: int(0, 500),
      regions: arrayOf(str(), { maxItems: 50 }),
      risk_tolerance: ref('RiskTolerance'),
    }),
    asset_specific_criteria: requestObject({
      etf: ref('EtfScreeningCriteria'),
      stock: ref('StockScreeningCriteria'),
      crypto: ref('CryptoScreeningCriteria'),
    }),
    portfolio_context: ref('PortfolioContext'),
  },
  ['asset_types'],
);

export const IntegrateRequest = requestObject(
  {
    current_portfolio: requestObject(
      {
        holdings: arrayOf(
          requestObject(
            {
              symbol,
              shares: num(`Shares or coins held, fractional allowed; at most ${MAX_SHARES.toExponential()}`, {
                minimum: 0,
                maximum: MAX_SHARES,
              }),
              current_value: money('USD'),
              cost_basis: money('Extension: total purchase cost in USD; tax-loss harvesting needs it'),
            },
            ['symbol', 'shares', 'current_value'],
          ),
          { maxItems: 1000 },
        ),
        cash: money('USD'),
        total_value: money('USD'),
      },
      ['holdings', 'cash', 'total_value'],
    ),
    discoveries: arrayOf(
      requestObject(
        {
          symbol,
          recommended_allocation: unit('Fraction of the portfolio'),
          replacement_for: {
            type: ['string', 'null'],
            maxLength: 200,
            // Echoed in the plan: no control characters, no bidirectional overrides.
            pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]*$',
            description:
              "A holding to sell in full to make room, named by its symbol or its instrument's name (no control characters); the plan's `replacements` says which holding matched",
          },
        },
        ['symbol', 'recommended_allocation'],
      ),
      { maxItems: 200 },
    ),
    constraints: requestObject({
      max_transaction_cost: money(
        'Budget for the transaction costs of the plan, in money: USD, the currency of current_value, cash and total_value (100 = at most 100 USD)',
      ),
      max_transaction_cost_fraction: unit(
        'Extension: the same budget as a fraction of total value (0.01 = 1 %); with both, the smaller budget applies',
      ),
      tax_loss_harvesting: bool(),
      rebalancing_threshold: unit('Trades smaller than this fraction of total value are skipped (0.05 = 5 %)'),
    }),
  },
  ['current_portfolio', 'discoveries'],
);

/** Request bodies, each closed: an unknown member is a 400 naming its JSON path. */
export const requestSchemas: Record<string, JsonSchema> = {
  RiskTolerance,
  EtfScreeningCriteria: criteriaSchema('etf'),
  StockScreeningCriteria: criteriaSchema('stock'),
  CryptoScreeningCriteria: criteriaSchema('crypto'),
  CustomCriteria: requestObject(
    {
      min_score: unit('Final-score floor; default the A+ band (0.95)'),
      max_results: int(0, 500, 'Default 10'),
      regions: arrayOf(str(), { maxItems: 50 }),
      risk_tolerance: ref('RiskTolerance'),
      ...mergedCriteriaProperties(CRITERIA_SCHEMAS),
    },
    [],
    'How to filter and rank candidates. Besides the four options, any screening criterion of the asset type (EtfScreeningCriteria, StockScreeningCriteria, CryptoScreeningCriteria; e.g. max_expense_ratio for etf, min_roe for stock) overrides the criterion in force, so the criteria of GET /criteria/{asset_type} are accepted back as they are; a criterion of another asset type is a 400 naming its path (/custom_criteria/min_roe).',
  ),
  PortfolioContext,
  DiscoverRequest: requestObject({
    custom_criteria: ref('CustomCriteria'),
    portfolio_context: ref('PortfolioContext'),
  }),
  BatchDiscoverRequest,
  IntegrateRequest,
  WebhookRequest: requestObject(
    {
      url: str('HTTPS address of the receiver', { format: 'uri', maxLength: 2048 }),
      events: arrayOf({ type: 'string', enum: SUBSCRIBABLE_EVENT_TYPES }, { minItems: 1, uniqueItems: true }),
      secret: str(
        'Shared secret for the webhook-signature header, 16 to 256 characters, no U+0000; one starting with whsec_ must continue with standard base64 (the key bytes)',
        {
          minLength: 16,
          maxLength: 256,
          pattern: '^[^\\u0000]*$',
        },
      ),
      symbols: arrayOf(SYMBOL_SCHEMA, {
        minItems: 1,
        maxItems: 500,
        uniqueItems: true,
        [WHEN_EMPTY]: 'leave symbols out to receive the grade changes of every symbol',
        description:
          'Extension: only grade_change events of these symbols are sent, and they are monitored by the scheduled refresh. Absent: every symbol (an empty list is refused). Each symbol once, case ignored.',
      }),
    },
    ['url', 'events', 'secret'],
  ),
  SnapshotUpload: requestObject(
    {
      source: str('Where the snapshot came from, e.g. its file name', { minLength: 1, maxLength: 500 }),
      content: {
        type: 'object',
        additionalProperties: true,
        description: `The snapshot, in the documented snapshot format (${docsPage('data-format.md')}); validated against its JSON schema`,
      },
    },
    ['source', 'content'],
  ),
  TokenCreateRequest: requestObject(
    {
      name: str(undefined, { minLength: 1, maxLength: 100, pattern: '^[^\\u0000]*$' }),
      scopes: arrayOf({ type: 'string', enum: ['discovery', 'webhooks'] }, { minItems: 1, uniqueItems: true }),
    },
    ['name', 'scopes'],
  ),
};
