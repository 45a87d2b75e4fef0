export {
  ETF_CRITERIA_SCHEMA,
  STOCK_CRITERIA_SCHEMA,
  CRYPTO_CRITERIA_SCHEMA,
  CRITERIA_SCHEMAS,
} from './criteria-schemas';
export type {
  EtfCriteria,
  StockCriteria,
  CryptoCriteria,
  CriteriaByAssetType,
  ScreeningCriteria,
  EtfCriteriaInput,
  StockCriteriaInput,
  CryptoCriteriaInput,
  CriteriaInputByAssetType,
} from './criteria-schemas';
export { resolveCriteria, defaultCriteria } from './criteria';
export type { ResolvedCriteria } from './criteria';
export { criteriaInForce, criteriaResult } from './criteria-in-force';
export type { CriteriaInForce, CriteriaInForceOptions } from './criteria-in-force';
export { screen, regionOf } from './screens';
export { passesScreens } from './passes';
export type { ScreenCheck, ScreenResult } from './screens';
export { preliminaryScore } from './preliminary';
