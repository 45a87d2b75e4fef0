import type { CsvProfile } from './csv/profile';
import type { Decimal } from './decimal';
import type { RegisteredFormat } from './formats';

/** Formats the parsers understand (FORMAT_REGISTRY). camt types are told apart by namespace and root element. */
export type StatementFormat = RegisteredFormat;

/** ISO 20022 CreditDebitCode: CRDT adds to the account, DBIT takes from it. */
export type CreditDebit = 'CRDT' | 'DBIT';

/** Where a record or a problem sits in its source: 1-based line and column, element path (XML) or field tag. */
export interface SourceLocation {
  file?: string;
  line: number;
  column: number;
  /** XML element path such as `Document/BkToCstmrStmt/Stmt[1]/Ntry[3]/Amt`, or an MT940 tag such as `:61:`. */
  path?: string;
}

export interface Money {
  /** Unsigned, exact, with the scale written in the source (`8.850` stays `8.850`). */
  amount: Decimal;
  currency: string;
}

export interface Account {
  iban?: string;
  /** Non-IBAN identifier (`<Othr><Id>`, MT940 `:25:`, OFX ACCTID). */
  otherId?: string;
  currency?: string;
  ownerName?: string;
  servicerBic?: string;
}

export interface Balance {
  /** ISO balance type code: OPBD, CLBD, PRCD, ITBD, CLAV, FWAV, OPAV, ITAV, INFO … (MT940 :60F: maps to OPBD, :60M: to ITBD, :62F: to CLBD, :62M: to ITBD, :64: to CLAV, :65: to FWAV). */
  type: string;
  money: Money;
  creditDebit: CreditDebit;
  /** ISO date `YYYY-MM-DD` or date-time. */
  date?: string;
  /** Where the balance is written (camt `<Bal>`, MT940 `:62F:`), for reconciliation issues. */
  location?: SourceLocation;
}

/** Statement-level data, known before its entries in camt; MT940 learns its closing balance only at the end. */
export interface StatementHeader {
  format: StatementFormat;
  /** Message version, e.g. `001.08` for camt.053.001.08; MT/OFX versions where the format has one. */
  version?: string;
  /** 0-based position of this statement in the file. */
  index: number;
  statementId: string;
  electronicSequenceNumber?: string;
  legalSequenceNumber?: string;
  createdAt?: string;
  fromDate?: string;
  toDate?: string;
  account: Account;
  location: SourceLocation;
}

export interface Statement extends StatementHeader {
  balances: Balance[];
  /** Number of entries that were yielded for this statement. */
  entryCount: number;
}

export interface Party {
  name?: string;
  iban?: string;
  otherAccountId?: string;
  bic?: string;
}

/** One transaction inside an entry (`<NtryDtls><TxDtls>`); a batch entry has several. */
export interface TransactionDetail {
  endToEndId?: string;
  instructionId?: string;
  transactionId?: string;
  mandateId?: string;
  /** SEPA creditor identifier (camt `<CdtrSchmeId>`, MT940 `CRED+`, Dutch `/CSID/`). */
  creditorId?: string;
  /** Structured creditor reference: ISO 11649 RF, Swiss QR or ESR (camt `<Strd><CdtrRefInf><Ref>`, Dutch `/CDTRREF/`). */
  creditorReference?: string;
  /** ISO 20022 purpose code (camt `<Purp><Cd>`, Dutch `/PURP/`). */
  purposeCode?: string;
  /** Reason code of a returned payment (camt `<RtrInf><Rsn><Cd>`, Dutch `/RTRN/`). */
  returnReasonCode?: string;
  /** The account servicer's reference for this transaction (camt `<TxDtls><Refs><AcctSvcrRef>`). */
  accountServicerReference?: string;
  /** Amount of this transaction in the account currency, when the source gives it. */
  money?: Money;
  /** Instructed amount in another currency, with the rate when given (`<AmtDtls><InstdAmt>`, `<CcyXchg>`). */
  originalMoney?: Money;
  exchangeRate?: Decimal;
  creditDebit?: CreditDebit;
  debtor?: Party;
  creditor?: Party;
  ultimateDebtor?: Party;
  ultimateCreditor?: Party;
  /** Unstructured remittance lines joined with a space; structured creditor reference when that is all there is. */
  remittanceInfo?: string;
  bankTransactionCode?: string;
  charges?: Money[];
  additionalInfo?: string;
}

/** One booked or pending movement: a camt `<Ntry>`, an MT940 `:61:` line, an OFX `<STMTTRN>`, a bank CSV row. */
export interface Entry {
  statementId: string;
  statementIndex: number;
  account: Account;
  /** 0-based position within its statement. */
  index: number;
  entryReference?: string;
  accountServicerReference?: string;
  money: Money;
  creditDebit: CreditDebit;
  /** BOOK, PDNG, INFO (camt `<Sts>` or `<Sts><Cd>`); BOOK for formats that only carry booked entries. */
  status: string;
  /** ISO `YYYY-MM-DD`, or a full date-time when the source gives `<DtTm>`. */
  bookingDate?: string;
  valueDate?: string;
  reversal: boolean;
  /** `Domain-Family-SubFamily` (e.g. `PMNT-RCDT-ESCT`), else the proprietary code. */
  bankTransactionCode?: string;
  originalMoney?: Money;
  exchangeRate?: Decimal;
  charges: Money[];
  additionalInfo?: string;
  /** Transaction details; empty when the entry carries none. */
  details: TransactionDetail[];
  location: SourceLocation;
  /**
   * Set when the entry's details come in several records (`streamEntryDetails`): which part this
   * is (0 first) and whether it is the last. Every part carries the entry's amount; count the
   * entry once (part 0). Fields written after `<NtryDtls>` (`<AddtlNtryInf>`) reach the last part only.
   */
  detailsPart?: { index: number; last: boolean };
}

/** What a parser yields, in file order: a statement's header, its entries, then the complete statement. */
export type StatementRecord =
  | { kind: 'statement-start'; statement: StatementHeader }
  | { kind: 'entry'; entry: Entry }
  | { kind: 'statement-end'; statement: Statement };

/**
 * How much a deviation matters (docs/formats.md, "Tolerance policy"): an `error` would make a row
 * missing or wrong and refuses the file; a `warning` is a departure from the standard that the
 * parser read the way a careful reader would (the row is right); a `note` is information, such as
 * a statement that carries nothing to reconcile against.
 */
export type IssueSeverity = 'error' | 'warning' | 'note';

/** A problem that does not stop parsing; `validate` collects them, conversion turns the first error into a refusal. */
export interface ParseIssue {
  code: string;
  message: string;
  severity: IssueSeverity;
  /** File, line, column and element (`path`: XML path or MT940 tag) of the deviation. */
  location: SourceLocation;
}

export interface ParseOptions {
  /** Skip content sniffing. */
  format?: StatementFormat;
  /** Shown in errors and locations. */
  fileName?: string;
  /**
   * Character encoding of the bytes (`utf-8`, `iso-8859-1`, `windows-1252`, …). Overrides a
   * BOM and the XML declaration; `parseString` sets `utf-8` for JavaScript strings.
   */
  encoding?: string;
  /**
   * Receives recoverable problems (missing elements, unparseable amounts, unreconciled balances).
   * Without it, the first error-severity issue is thrown as a StatementParseError.
   */
  onIssue?: (issue: ParseIssue) => void;
  /**
   * Treat every warning as an error (`--strict`, `input.strict`): a file that deviates from the
   * standard anywhere is refused instead of read the tolerant way. Notes stay notes.
   */
  strict?: boolean;
  /**
   * Largest single value (an element's text, a field, a CSV cell), in characters; a larger one
   * is a `LIMIT_EXCEEDED` error naming it, so memory stays bounded. Default 1 MiB (`DEFAULT_MAX_FIELD_SIZE`).
   */
  maxFieldSize?: number;
  /** Most transaction details (`<TxDtls>`) one camt entry may have; default 10,000 (`DEFAULT_MAX_ENTRY_DETAILS`). */
  maxEntryDetails?: number;
  /**
   * Hand out a camt entry's transaction details in parts (records of the same entry, each with
   * up to `ENTRY_DETAILS_PART` details and `detailsPart` set) instead of holding the entry whole,
   * so an entry with any number of `<TxDtls>` is read in bounded memory. For consumers that write
   * one row per detail (`--split-batches`); `maxEntryDetails` then bounds only what is held.
   */
  streamEntryDetails?: boolean;
  /** Bank-CSV profiles to try before the shipped ones (a user's database folder); detection picks by header. */
  csvProfiles?: readonly CsvProfile[];
  /** Read a bank CSV with this profile (by name), skipping detection (`--profile NAME`). */
  csvProfile?: string;
}
