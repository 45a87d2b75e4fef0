export {
  convertFile,
  statementRecords,
  LOGGED_ISSUES_PER_KIND,
  MAX_REPORTED_ISSUES,
  type ConvertFileJob,
} from './convert-file';
export { IssueTally, type OmittedIssues } from './issue-tally';
export { convertDirectory, type DirectoryReport } from './convert-directory';
export { convertMerged, type MergeOptions, type MergeResult } from './convert-merged';
export { convertToLedger, LEDGER_EXTENSIONS, type LedgerOutput } from './convert-ledger';
export {
  conversionSettings,
  convertRecords,
  convertToCsv,
  type ConversionResult,
  type ConversionSettings,
  type ReportedIssues,
} from './conversion';
export { ENRICH_BATCH_SIZE, leaveRowsAsTheyAre, type RowEnricher } from './enrich';
export { categorizingEnricher } from './categorize-rows';
export { CategoryTally } from './category-tally';
export { resolveInput, readChunks, inputError, type InputTarget } from './input';
export { refuseWritingOverConversion, type ConversionPaths } from './side-file';
export type { OutputPlacement } from './output';
export {
  isRecognisedStatement,
  listFolder,
  readHead,
  type CsvProfileOptions,
  type ReadOptions,
} from './statement-files';
export { ConvertError, CONVERT_ERROR_CODES, type ConvertErrorCode } from './errors';
export type { ConvertLogger, FileOutcomeHook, Progress, ProgressFactory } from './hooks';
