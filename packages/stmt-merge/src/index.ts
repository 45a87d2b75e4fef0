export { TransactionIdSet } from './id-set';
export { Deduplicator, type DeduplicatorOptions, type DropReason, type MergeRow } from './deduplicator';
export { DropReport, type DroppedRow } from './drop-report';
export {
  stateFileFor,
  loadWrittenIds,
  saveWrittenIds,
  accountsFileFor,
  loadOpenedAccounts,
  saveOpenedAccounts,
} from './state-file';
