export {
  ETF_CRITERIA_SCHEMA,
  STOCK_CRITERIA_SCHEMA,
  CRYPTO_CRITERIA_SCHEMA,
  CRITERIA_SCHEMAS,
  type EtfCriteria,
  type StockCriteria,
  type CryptoCriteria,
  type CriteriaByAssetType,
  type ScreeningCriteria,
  type EtfCriteriaInput,
  type StockCriteriaInput,
  type CryptoCriteriaInput,
  type CriteriaInputByAssetType,
} from './criteria-schemas';
export { resolveCriteria, defaultCriteria, type ResolvedCriteria } from './criteria';
export {
  criteriaInForce,
  criteriaResult,
  type CriteriaInForce,
  type CriteriaInForceOptions,
} from './criteria-in-force';
export { screen, regionOf, type ScreenCheck, type ScreenResult } from './screens';
export { passesScreens } from './passes';
export { preliminaryScore } from './preliminary';
