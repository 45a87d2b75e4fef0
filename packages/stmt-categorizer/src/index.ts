export { Categorizer, MAX_CATEGORIZED_TEXT, UNCATEGORIZED } from './categorizer';
export { resolveApiKey } from './ai/api-key';
export {
  CATEGORIZER_ERROR_CODES,
  CategorizerError,
  type CategorizerErrorCode,
  type CategorizerErrorContext,
} from './errors';
export { writeDatabaseCache } from './database';
export type { SaveResult } from './mappings-store';
export type {
  AiOptions,
  CategorizeInput,
  CategorizerLogger,
  CategorizerOptions,
  CategoryDecision,
  CreditDebit,
  DecisionTier,
  LabelledExample,
  LearnedMapping,
  MappingFileName,
} from './types';
