export { Categorizer, UNCATEGORIZED } from './categorizer';
export { LocalClassifier, DEFAULT_CLASSIFIER_THRESHOLD } from './classifier';
export type { ClassifierEvidence } from './classifier';
export { resolveApiKey } from './ai/api-key';
export { CategorizerError } from './errors';
export type { CategorizerErrorCode, CategorizerErrorContext } from './errors';
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
