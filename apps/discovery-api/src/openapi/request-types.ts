import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { AssetType } from '@disc/discovery';
import type { CRYPTO_CRITERIA_SCHEMA, ETF_CRITERIA_SCHEMA, STOCK_CRITERIA_SCHEMA } from '@disc/screening';
import type { BatchDiscoverRequest, IntegrateRequest, PortfolioContext, RiskTolerance } from './request-schemas';

/** The components those bodies refer to, as the document publishes them: the criteria are
 * @disc/screening's one definition (openapi/criteria-schemas.ts publishes them without $id). */
interface Components {
  schemas: {
    AssetType: { type: 'string'; enum: AssetType[] };
    RiskTolerance: typeof RiskTolerance;
    PortfolioContext: typeof PortfolioContext;
    EtfScreeningCriteria: Omit<typeof ETF_CRITERIA_SCHEMA, '$id'>;
    StockScreeningCriteria: Omit<typeof STOCK_CRITERIA_SCHEMA, '$id'>;
    CryptoScreeningCriteria: Omit<typeof CRYPTO_CRITERIA_SCHEMA, '$id'>;
  };
}

/** A request body's type from the schema that validates it; `#/components/schemas/…` refs
 * resolve against `components`, as in the document. Defaulted members stay optional: the
 * request may leave them out. */
type BodyOf<Schema extends JSONSchema> = FromSchema<
  Schema & { components: Components },
  { keepDefaultedPropertiesOptional: true }
>;

/** POST /v1/discovery/batch-discover, as validated. */
export type BatchDiscoverBody = BodyOf<typeof BatchDiscoverRequest>;
/** POST /v1/discovery/integrate-discoveries, as validated. */
export type IntegrateBody = BodyOf<typeof IntegrateRequest>;
