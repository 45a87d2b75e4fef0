import { Decimal, type CreditDebit, type Entry, type Money, type Party, type TransactionDetail } from '@stmt/parser';
import { SEPA_COLUMNS, type StatementRow } from './columns';

export interface EntryToRowsOptions {
  /** One row per `<TxDtls>` instead of one per entry (for reconciling collective payments). */
  splitBatches?: boolean;
}

/** Separates the remittance lines of a batch entry's transactions when they share one row. */
export const REMITTANCE_JOINER = ' | ';

/**
 * Rows for one booked entry. By default one row per entry, so the rows add up to the statement's
 * balance movement; with `splitBatches`, one row per transaction detail sharing the entry reference.
 *
 * This runs once per entry of files with millions of them, so each row is built as one object
 * literal (always the same shape, in column order) rather than merged from partial rows.
 */
export function entryToRows(entry: Entry, options: EntryToRowsOptions = {}): StatementRow[] {
  const { details } = entry;
  // An entry read in parts (streamEntryDetails) gives one row per detail of each part. A whole
  // entry is split only when its details' rows add up to it; otherwise it stays one row, so no
  // money goes missing (the parser has warned that its details do not add up).
  if (entry.detailsPart !== undefined || (options.splitBatches === true && details.length > 1 && detailsAddUp(entry))) {
    const currency = entry.money.currency;
    // A transaction without its own amount in the entry's currency cannot claim the whole
    // entry's amount: that would count the entry several times. Its amount stays empty instead
    // (only in an entry read in parts; a whole entry with such a detail is not split), and an
    // amount in another currency is its original amount.
    return details.map((detail) => {
      const creditDebit = detail.creditDebit ?? entry.creditDebit;
      const money = detail.money?.currency === currency ? detail.money : undefined;
      const amount = money === undefined ? '' : signedAmount(money.amount.toString(), creditDebit);
      const row = detailRow(entry, detail, creditDebit, amount, currency);
      // Each transaction's own bank reference (`<TxDtls><Refs><AcctSvcrRef>`), where it has one.
      if (detail.accountServicerReference) row.account_servicer_reference = detail.accountServicerReference;
      return row;
    });
  }
  const only = details.length === 1 ? details[0] : undefined;
  if (only !== undefined) {
    // A single detail describes the whole entry; its amount may be in another currency, so the
    // entry's own amount stays authoritative. The bank's reference is the entry's, else the
    // transaction's (Goldman Sachs writes `<AcctSvcrRef>` only in `<TxDtls><Refs>`).
    const row = detailRow(entry, only, entry.creditDebit, entryAmount(entry), entry.money.currency);
    if (row.account_servicer_reference === '' && only.accountServicerReference)
      row.account_servicer_reference = only.accountServicerReference;
    return [row];
  }
  return [batchRow(entry, details)];
}

/**
 * Whether rows split per transaction detail add up to the entry: every detail has an amount in
 * the entry's currency, and their sum, each signed by its direction, is the entry's amount. Details
 * that reach it only with the entry's charges (which the parser accepts without a warning) stay
 * one row all the same: split rows would leave the charges out.
 */
export function detailsAddUp(entry: Entry): boolean {
  const { money } = entry;
  let sum = Decimal.zero();
  for (const detail of entry.details) {
    if (detail.money?.currency !== money.currency) return false;
    const debit = (detail.creditDebit ?? entry.creditDebit) === 'DBIT';
    sum = debit ? sum.minus(detail.money.amount) : sum.plus(detail.money.amount);
  }
  return sum.eq(entry.creditDebit === 'DBIT' ? money.amount.negated() : money.amount);
}

/** Amount text with the sign of the booking direction; the source scale is kept as written. */
export function signedAmount(amount: string, creditDebit: CreditDebit): string {
  const first = amount.charCodeAt(0);
  const unsigned = first === MINUS || first === PLUS ? amount.slice(1) : amount;
  return creditDebit === 'DBIT' && !isZero(unsigned) ? `-${unsigned}` : unsigned;
}

const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const DIGIT_0 = 48;

/** Only zeros and dots (also the empty text): what must never get a minus sign. */
function isZero(unsigned: string): boolean {
  for (let i = 0; i < unsigned.length; i++) {
    const c = unsigned.charCodeAt(i);
    if (c !== DIGIT_0 && c !== DOT) return false;
  }
  return true;
}

/**
 * The other party is the creditor when money leaves and the debtor when it arrives. A reversal
 * (`<RvslInd>true`) or a return (`<RtrInf>`, a return reason) keeps the parties of the original
 * transaction while its direction flips, so the roles flip with it: a returned direct debit is a
 * credit whose counterparty is the creditor, and the return of one collected is a debit whose
 * counterparty is the debtor. The account itself is not its own counterparty while the other
 * side is named.
 */
function counterparty(entry: Entry, detail: TransactionDetail, creditDebit: CreditDebit): Party | undefined {
  const flipped = entry.reversal || detail.returnReasonCode !== undefined;
  const paying = (creditDebit === 'DBIT') !== flipped;
  const party = paying ? detail.creditor : detail.debtor;
  const other = paying ? detail.debtor : detail.creditor;
  const own = entry.account.iban;
  const isOwn = (side: Party | undefined): boolean => own !== undefined && side?.iban === own;
  const otherWillDo = named(other) && !isOwn(other);
  if (named(party)) return isOwn(party) && otherWillDo ? other : party;
  // Banks differ in the role they give the other side of a return: where the original's role is
  // empty, the one party named is the counterparty, unless it is the account itself.
  return flipped && otherWillDo ? other : party;
}

function named(party: Party | undefined): boolean {
  return party !== undefined && Boolean(party.name || party.iban || party.otherAccountId);
}

/**
 * The row's bank transaction code: a structured code (`Domain-Family-SubFamily`, as the parser
 * writes `<Domn><Cd>`, `<Fmly><Cd>` and `<SubFmlyCd>`) of the detail, else of the entry, else the
 * proprietary code of the detail, else of the entry.
 */
function transactionCode(detailCode: string | undefined, entryCode: string | undefined): string {
  if (detailCode !== undefined && STRUCTURED_CODE.test(detailCode)) return detailCode;
  if (entryCode !== undefined && STRUCTURED_CODE.test(entryCode)) return entryCode;
  return detailCode || entryCode || '';
}

/** ISO 20022 domain, family and sub-family codes are up to four characters each (`PMNT-RCDT-ESCT`). */
const STRUCTURED_CODE = /^[A-Za-z0-9]{1,4}-[A-Za-z0-9]{1,4}-[A-Za-z0-9]{1,4}$/;

function entryAmount(entry: Entry): string {
  return signedAmount(entry.money.amount.toString(), entry.creditDebit);
}

function foreign(money: Money | undefined, currency: string): Money | undefined {
  return money?.currency === currency ? undefined : money;
}

function originalAmountText(money: Money | undefined, creditDebit: CreditDebit): string {
  return money === undefined ? '' : signedAmount(money.amount.toString(), creditDebit);
}

/** The entry alone, for an entry without transaction details (and as the base of a batch row). */
function baseRow(entry: Entry): StatementRow {
  return {
    booking_date: entry.bookingDate ?? '',
    value_date: entry.valueDate ?? '',
    amount: entryAmount(entry),
    currency: entry.money.currency,
    credit_debit: entry.creditDebit,
    status: entry.status,
    counterparty_name: '',
    counterparty_iban: '',
    counterparty_bic: '',
    remittance_info: entry.additionalInfo ?? '',
    end_to_end_id: '',
    entry_reference: entry.entryReference ?? '',
    account_servicer_reference: entry.accountServicerReference ?? '',
    bank_transaction_code: entry.bankTransactionCode ?? '',
    account_iban: entry.account.iban ?? entry.account.otherId ?? '',
    statement_id: entry.statementId,
    category: '',
    original_amount: originalAmountText(entry.originalMoney, entry.creditDebit),
    original_currency: entry.originalMoney?.currency ?? '',
    exchange_rate: entry.exchangeRate?.toString() ?? '',
    reversal: entry.reversal ? 'true' : 'false',
    // Filled by TransactionIds, which counts identical bookings across the file's rows.
    transaction_id: '',
    mandate_id: '',
    creditor_id: '',
    creditor_reference: '',
    purpose_code: '',
    return_reason_code: '',
    ultimate_debtor: '',
    ultimate_creditor: '',
  };
}

/** The entry seen through one of its transaction details; detail fields win over the entry's. */
function detailRow(
  entry: Entry,
  detail: TransactionDetail,
  creditDebit: CreditDebit,
  amount: string,
  currency: string,
): StatementRow {
  const party = counterparty(entry, detail, creditDebit);
  // An instructed amount is an original amount only in another currency than the row's
  // (a returned direct debit states the 50.00 EUR instructed beside the 53.00 EUR booked). Without
  // one, a transaction amount in another currency is the original (a SEK entry for 3255.00 EUR).
  const original = foreign(detail.originalMoney, currency) ?? foreign(detail.money, currency);
  const entryOriginal = foreign(entry.originalMoney, currency);
  return {
    booking_date: entry.bookingDate ?? '',
    value_date: entry.valueDate ?? '',
    amount,
    currency,
    credit_debit: creditDebit,
    status: entry.status,
    counterparty_name: party?.name ?? '',
    counterparty_iban: party?.iban ?? party?.otherAccountId ?? '',
    counterparty_bic: party?.bic ?? '',
    remittance_info: detail.remittanceInfo ?? detail.additionalInfo ?? entry.additionalInfo ?? '',
    end_to_end_id: detail.endToEndId ?? '',
    entry_reference: entry.entryReference ?? '',
    account_servicer_reference: entry.accountServicerReference ?? '',
    bank_transaction_code: transactionCode(detail.bankTransactionCode, entry.bankTransactionCode),
    account_iban: entry.account.iban ?? entry.account.otherId ?? '',
    statement_id: entry.statementId,
    category: '',
    original_amount:
      original === undefined
        ? originalAmountText(entryOriginal, entry.creditDebit)
        : originalAmountText(original, creditDebit),
    original_currency: (original ?? entryOriginal)?.currency ?? '',
    exchange_rate: (detail.exchangeRate ?? entry.exchangeRate)?.toString() ?? '',
    reversal: entry.reversal ? 'true' : 'false',
    transaction_id: '',
    mandate_id: detail.mandateId ?? '',
    creditor_id: detail.creditorId ?? '',
    creditor_reference: detail.creditorReference ?? '',
    purpose_code: detail.purposeCode ?? '',
    return_reason_code: detail.returnReasonCode ?? '',
    ultimate_debtor: detail.ultimateDebtor?.name ?? '',
    ultimate_creditor: detail.ultimateCreditor?.name ?? '',
  };
}

/** A batch entry on one row: fields all its transactions agree on, remittance lines joined. */
function batchRow(entry: Entry, details: TransactionDetail[]): StatementRow {
  const row = baseRow(entry);
  if (details.length === 0) return row;
  const perDetail = details.map((detail) => detailRow(entry, detail, entry.creditDebit, row.amount, row.currency));
  const shared = (column: keyof StatementRow): string => {
    const first = perDetail[0]?.[column] ?? '';
    return perDetail.every((r) => r[column] === first) ? first : '';
  };
  // Each transaction's own text; the entry's note (`AddtlNtryInf`) only when none has one, not
  // in place of the one that has none, where it would read as another transaction's text.
  const remittance = details
    .map((detail) => detail.remittanceInfo ?? detail.additionalInfo ?? '')
    .filter((text) => text !== '');
  row.counterparty_name = shared('counterparty_name');
  row.counterparty_iban = shared('counterparty_iban');
  row.counterparty_bic = shared('counterparty_bic');
  if (remittance.length > 0) row.remittance_info = [...new Set(remittance)].join(REMITTANCE_JOINER);
  row.end_to_end_id = shared('end_to_end_id');
  // The entry's own code describes the batch; the transactions' shared one only stands in for none.
  row.bank_transaction_code = row.bank_transaction_code || shared('bank_transaction_code');
  for (const column of SEPA_COLUMNS) row[column] = shared(column);
  return row;
}
