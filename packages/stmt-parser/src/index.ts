export { Decimal } from './decimal';
export { StatementParseError, formatLocation, PARSE_ERROR_CODES, type ParseErrorCode } from './errors';
export { IssueSink } from './issues';
export { BookedMovement, reconcileBalances, signed, type MovementTotals } from './reconcile';
export { detectEncoding, decodeChunks, type DetectedEncoding } from './encoding';
export { detectFormat, formatParsers, parserFor, type FormatParser } from './formats';
export { parseStream, parseFile, parseString } from './parse';
export * from './types';
