export { DEFAULT_COLUMNS, SEPA_COLUMNS, type ColumnName, type StatementRow } from './columns';
export { entryToRows, type EntryToRowsOptions } from './entry-rows';
export { PRESETS, PRESET_NAMES, getPreset, type CsvPreset } from './presets';
export { CsvWriter, type CsvWriterOptions } from './csv-writer';
export { createAtomicFile, type AtomicFile } from './atomic-file';
export { syncFolder } from './sync-folder';
export { resolveDelimiter, DELIMITER_NAMES } from './delimiter';
export { StatementSummary, type CurrencyTotal } from './summary';
export { compareBookingDates, compareByBookingDate, createBookingDateSorter } from './row-order';
export { ExternalSorter, type ExternalSortOptions, type KeyedText } from './external-sort';
export { EXPORT_ERROR_CODES, ExportError, type ExportErrorCode, outputError } from './errors';
export {
  temporarySibling,
  TEMP_FILE_PATTERN,
  SORT_FOLDER_PATTERN,
  trackTempPath,
  untrackTempPath,
  removeTrackedTempFilesSync,
  removeStaleTempFiles,
  removeTempFilesOfSync,
} from './temp-files';
export { guardFormula } from './formula-guard';
export { TransactionIds } from './transaction-id';
