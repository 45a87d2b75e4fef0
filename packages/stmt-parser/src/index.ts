// The public API: what a program reading statements needs. Parsers of single formats, the CSV
// preset machinery and decoding helpers stay internal (tests import them by relative path).
export { Decimal } from './decimal';
export { StatementParseError, PARSE_ERROR_CODES, type ParseErrorCode } from './errors';
export { BookedMovement, canReconcile, reconcileBalances, signed, type MovementTotals } from './reconcile';
export { isSupportedEncoding } from './encoding';
export { DEFAULT_MAX_ENTRY_DETAILS, DEFAULT_MAX_FIELD_SIZE, MAX_ATTRIBUTES, MAX_NESTING_DEPTH } from './limits';
export {
  CAMT_FORMATS,
  detectFormat,
  FORMAT_REGISTRY,
  isStatementFormat,
  parserFor,
  STATEMENT_FORMATS,
  type FormatParser,
} from './formats';
export { parseStream, parseFile, parseString, type FileParseOptions } from './parse';
export * from './types';
export { lazySchemaCheck, SchemaDocumentError } from './schema-document';
export {
  CSV_PROFILE_ERROR_CODES,
  CSV_PROFILE_SCHEMA,
  CsvProfileError,
  detectCsvProfile,
  SHIPPED_PROFILES,
  validateCsvProfile,
  type CsvProfile,
  type CsvProfileErrorCode,
  type ProfileAmount,
  type SkipRule,
  type TextRule,
} from './csv';
export { collapseWhitespace, replaceBounded, withoutTrailing } from './text';
