export {
  ETF_CRITERIA_SCHEMA, STOCK_CRITERIA_SCHEMA, CRYPTO_CRITERIA_SCHEMA, CRITERIA_SCHEMAS, CRITERIA_ALIASES,
} from './criteria-schemas';
export type {
  EtfCriteria, StockCriteria, CryptoCriteria, CriteriaByAssetType, ScreeningCriteria,
  EtfCriteriaInput, StockCriteriaInput, CryptoCriteriaInput, CriteriaInputByAssetType,
} from './criteria-schemas';
export { resolveCriteria, defaultCriteria } from './criteria';
export type { ResolvedCriteria } from './criteria';
export { criteriaInForce, criteriaResult, CRITERIA_ADJUSTMENTS } from './criteria-in-force';
export type { CriteriaInForce, CriteriaInForceOptions } from './criteria-in-force';
export { screen, regionOf } from './screens';
export { passesScreens } from './passes';
export type { ScreenCheck, ScreenResult } from './screens';
export { preliminaryScore } from './preliminary';
export { deriveMarketContext, regimeOf, REGIME_RULES } from './market-context';
export type { MarketSeries, MonthlySeries, ContextLabel } from './market-context';
export type { MarketDataProvider, UniverseEntry } from './provider';
export { SNAPSHOT_SCHEMA } from './snapshot-schema';
export { parseSnapshot } from './snapshot-format';
export type { SnapshotFile, SnapshotIssue } from './snapshot-format';
export { SnapshotProvider, SAMPLE_DATA_LABEL } from './snapshot-provider';
export { FileSnapshotProvider, SampleSnapshotProvider, SAMPLE_SNAPSHOT_PATH } from './file-provider';
