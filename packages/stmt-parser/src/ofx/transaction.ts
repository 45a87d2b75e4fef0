import Big from 'big.js';
import { Decimal } from '../decimal';
import type { ParseErrorCode } from '../errors';
import type { IssueSink } from '../issues';
import { readCurrencyCode } from '../issues-currency';
import type { Account, Entry, Money, SourceLocation, TransactionDetail } from '../types';
import { isIban } from '../mt940/identifiers';
import type { RepeatRule } from './single-values';
import { parseOfxAmount, parseOfxDate } from './values';

/** A leaf of `<STMTTRN>` keyed by its path below STMTTRN (`TRNAMT`, `PAYEE/NAME`, `CURRENCY/CURRATE`). */
export type TransactionFields = Map<string, { value: string; location: SourceLocation }>;

/**
 * The leaves OFX defines in `<STMTTRN>` (OFX 2.1.1 §11.4.4.1) and `<STMTTRNP>` (§11.4.2.3),
 * `CURRENCY`/`ORIGCURRENCY` also written as values, and those of the aggregates inside them.
 * Only these are kept, so a transaction holds a bounded set of values whatever the file writes.
 */
const LEAVES = new Set([
  ...['TRNTYPE', 'DTPOSTED', 'DTUSER', 'DTAVAIL', 'DTTRAN', 'DTEXPIRE', 'TRNAMT', 'FITID', 'CORRECTFITID'],
  ...['CORRECTACTION', 'SRVRTID', 'CHECKNUM', 'REFNUM', 'SIC', 'PAYEEID', 'NAME', 'EXTDNAME', 'MEMO'],
  ...['INV401KSOURCE', 'CURRENCY', 'ORIGCURRENCY'],
]);
const AGGREGATES = new Map<string, ReadonlySet<string>>([
  ['PAYEE', new Set(['NAME', 'ADDR1', 'ADDR2', 'ADDR3', 'CITY', 'STATE', 'POSTALCODE', 'COUNTRY', 'PHONE'])],
  ['BANKACCTTO', new Set(['BANKID', 'BRANCHID', 'ACCTID', 'ACCTTYPE', 'ACCTKEY'])],
  ['CCACCTTO', new Set(['ACCTID', 'ACCTKEY'])],
  ['CURRENCY', new Set(['CURRATE', 'CURSYM'])],
  ['ORIGCURRENCY', new Set(['CURRATE', 'CURSYM'])],
  // May repeat, and nothing in it is read: its leaves are not kept.
  [
    'IMAGEDATA',
    new Set(['IMAGETYPE', 'IMAGEREF', 'IMAGEREFTYPE', 'IMAGEDELAY', 'DTIMAGEAVAIL', 'IMAGETTL', 'CHECKSUP']),
  ],
]);

/** Leaves that give the amount or the currency it is in: a second one refuses the transaction. */
const AMOUNT_LEAVES = new Set([
  'TRNAMT',
  'CURRENCY/CURRATE',
  'CURRENCY/CURSYM',
  'ORIGCURRENCY/CURRATE',
  'ORIGCURRENCY/CURSYM',
]);

/** Leaves that give the row's dates, its type and its identity (`FITID` is the transaction id): a second one with another value refuses it. */
const ROW_LEAVES = new Set(['DTPOSTED', 'DTAVAIL', 'DTTRAN', 'TRNTYPE', 'FITID']);

/**
 * How the leaf at `key` below a transaction is read: kept, with what a second one of it means
 * ({@link SingleValues}); not kept (`IMAGEDATA`'s); or `unknown`, naming the element OFX does not
 * define there and the aggregate it is in (a bank's own element, or text after a `<` written
 * without `&lt;`), which is not kept either.
 */
export function transactionLeaf(key: string): { rule: RepeatRule } | { unknown: string; parent?: string } | undefined {
  const known = KNOWN.get(key);
  if (known) return known;
  const [head = '', child, deeper] = key.split('/', 3);
  const leaves = AGGREGATES.get(head);
  // An aggregate left empty (`<PAYEE/>`) holds nothing to read.
  if (child === undefined) return leaves ? undefined : { unknown: head };
  if (!leaves) return { unknown: head };
  if (!leaves.has(child)) return { unknown: child, parent: head };
  return deeper === undefined ? undefined : { unknown: deeper, parent: child };
}

function repeatRule(key: string): RepeatRule {
  return AMOUNT_LEAVES.has(key) ? 'refuse' : ROW_LEAVES.has(key) ? 'refuse-other' : 'keep';
}

/** The leaves read directly in a transaction (not IMAGEDATA's), looked up once per leaf rather than worked out. */
const KNOWN = new Map<string, { rule: RepeatRule }>(
  [
    ...LEAVES,
    ...[...AGGREGATES].flatMap(([name, leaves]) =>
      name === 'IMAGEDATA' ? [] : [...leaves].map((leaf) => `${name}/${leaf}`),
    ),
  ].map((key) => [key, { rule: repeatRule(key) }]),
);

export interface TransactionContext {
  statementId: string;
  statementIndex: number;
  account: Account;
  currency: string;
  index: number;
  location: SourceLocation;
  /** A pending transaction (`<STMTTRNP>`): see {@link pendingDates}. */
  pending?: boolean;
}

/** Leaves OFX requires in a posted transaction that only fill a column: missing, they are warned about. */
const IDENTITY_COLUMNS: readonly (readonly [string, string])[] = [
  ['TRNTYPE', 'bank transaction code'],
  ['FITID', 'account servicer reference'],
];

/** Builds the entry for one `<STMTTRN>` (or `<STMTTRNP>`), or reports why it cannot and returns undefined. */
export function buildTransaction(
  fields: TransactionFields,
  context: TransactionContext,
  issues: IssueSink,
): Entry | undefined {
  const get = (key: string): string | undefined => {
    const value = fields.get(key)?.value;
    return value === undefined || value === '' ? undefined : value;
  };
  const at = (key: string): SourceLocation => fields.get(key)?.location ?? context.location;

  /** How messages name the transaction (made only for one). */
  const which = (): string => {
    const fitId = get('FITID');
    return fitId === undefined ? 'the transaction' : `transaction ${JSON.stringify(fitId)}`;
  };
  if (isDeletion(which, get, at, issues)) return undefined;
  const amountText = get('TRNAMT');
  if (amountText === undefined || /^(null|none|n\/a)$/i.test(amountText)) {
    // An amount that is not there cannot be guessed: the row would be wrong, so it is refused.
    const found =
      amountText === undefined ? (fields.has('TRNAMT') ? 'an empty <TRNAMT>' : 'no <TRNAMT>') : `<TRNAMT>${amountText}`;
    return void issues.error(
      'MISSING_ELEMENT',
      `${which()} has ${found}: its amount is unknown, so it cannot be converted`,
      fields.has('TRNAMT') ? at('TRNAMT') : context.location,
    );
  }
  const signed = parseOfxAmount(amountText);
  if (!signed)
    return void issues.error(
      'INVALID_AMOUNT',
      `expected a decimal amount such as -12.50, found ${JSON.stringify(amountText)}`,
      at('TRNAMT'),
    );
  if (signed.plusSign)
    issues.warning(
      'INVALID_AMOUNT',
      `amount ${JSON.stringify(amountText)} has a '+' sign, which OFX does not write (a positive amount is unsigned); read as a credit of ${signed.amount.toString()}`,
      at('TRNAMT'),
    );
  if (signed.trailingSign)
    issues.warning(
      'INVALID_AMOUNT',
      `amount ${JSON.stringify(amountText)} has its sign after the digits, where OFX writes it before them; read as a ${signed.creditDebit === 'DBIT' ? 'debit' : 'credit'} of ${signed.amount.toString()}`,
      at('TRNAMT'),
    );
  if (signed.grouped !== undefined)
    issues.warning(
      'INVALID_AMOUNT',
      `amount ${JSON.stringify(amountText)} has thousands separators; read as ${signed.creditDebit === 'DBIT' ? '-' : ''}${signed.grouped}`,
      at('TRNAMT'),
    );
  const dates = context.pending ? pendingDates(get, at, issues) : postedDates(get, at, context, issues);
  if (dates === undefined) return undefined;

  const entry: Entry = {
    statementId: context.statementId,
    statementIndex: context.statementIndex,
    account: context.account,
    index: context.index,
    money: { amount: signed.amount, currency: context.currency },
    creditDebit: signed.creditDebit,
    status: context.pending ? 'PDNG' : 'BOOK',
    ...dates,
    reversal: false,
    charges: [],
    details: [],
    location: context.location,
  };
  const availText = get('DTAVAIL');
  const avail = availText === undefined ? undefined : parseOfxDate(availText);
  if (availText !== undefined && !avail)
    issues.error('INVALID_DATE', `expected a date YYYYMMDD…, found ${JSON.stringify(availText)}`, at('DTAVAIL'));
  if (avail) entry.valueDate = avail.date;
  const type = get('TRNTYPE');
  if (type) entry.bankTransactionCode = type;
  const fitId = get('FITID');
  if (fitId) entry.accountServicerReference = fitId;
  // OFX requires both in a posted transaction; without them its row is whole, only without that column.
  if (!context.pending)
    for (const [key, column] of IDENTITY_COLUMNS)
      if (get(key) === undefined)
        issues.warning(
          'MISSING_ELEMENT',
          `${which()} has ${fields.has(key) ? `an empty <${key}>` : `no <${key}>`}, which OFX requires; its row has no ${column}`,
          at(key),
        );
  const reference = get('REFNUM') ?? get('CHECKNUM');
  if (reference) entry.entryReference = reference;
  if (!applyCurrency(entry, fields, get, issues)) return undefined;

  const detail: TransactionDetail = {};
  const name = get('NAME') ?? get('PAYEE/NAME');
  const account = get('BANKACCTTO/ACCTID') ?? get('CCACCTTO/ACCTID');
  if (name || account) {
    const party = name ? { name } : {};
    const withAccount = !account
      ? party
      : isIban(account)
        ? { ...party, iban: account.replace(/\s/g, '') }
        : { ...party, otherAccountId: account };
    // The counterparty is the creditor of a debit and the debtor of a credit.
    if (entry.creditDebit === 'DBIT') detail.creditor = withAccount;
    else detail.debtor = withAccount;
  }
  const memo = get('MEMO');
  if (memo) detail.remittanceInfo = memo;
  if (fitId) detail.accountServicerReference = fitId;
  if (Object.keys(detail).length > 0) entry.details.push(detail);
  return entry;
}

/** A posted transaction's booking date, `<DTPOSTED>`, which its row cannot do without (undefined: refused). */
function postedDates(
  get: (key: string) => string | undefined,
  at: (key: string) => SourceLocation,
  context: TransactionContext,
  issues: IssueSink,
): { bookingDate: string } | undefined {
  const postedText = get('DTPOSTED');
  if (postedText === undefined)
    return void issues.error('MISSING_ELEMENT', 'expected <DTPOSTED> (posting date) in <STMTTRN>', context.location);
  const posted = parseOfxDate(postedText);
  if (!posted)
    return void issues.error(
      'INVALID_DATE',
      `expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]], found ${JSON.stringify(postedText)}`,
      at('DTPOSTED'),
    );
  return { bookingDate: posted.date };
}

/**
 * A pending transaction is not booked, so it has no booking date (as a pending camt entry or
 * Revolut row); the day it was made, `<DTTRAN>` (or a `<DTPOSTED>` written in its place), is its
 * value date. No balance counts a pending row, so one without a readable date is kept with a
 * warning, without a date.
 */
function pendingDates(
  get: (key: string) => string | undefined,
  at: (key: string) => SourceLocation,
  issues: IssueSink,
): { valueDate?: string } {
  const key = get('DTTRAN') === undefined && get('DTPOSTED') !== undefined ? 'DTPOSTED' : 'DTTRAN';
  const text = get(key);
  const date = text === undefined ? undefined : parseOfxDate(text);
  if (date) return { valueDate: date.date };
  issues.warning(
    text === undefined ? 'MISSING_ELEMENT' : 'INVALID_DATE',
    text === undefined
      ? 'expected <DTTRAN> (transaction date) in the pending transaction; its row has no date (a pending row counts towards no balance)'
      : `expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]] in <${key}>, found ${JSON.stringify(text)}; the pending transaction's row has no date`,
    at(key),
  );
  return {};
}

/**
 * OFX 1.6 §11.4.3: a transaction with `<CORRECTACTION>` corrects the one whose FITID is its
 * `<CORRECTFITID>`, sent in this download or an earlier one. A deletion is an instruction, not a
 * booking: it gives no row (true), with a warning naming the transaction to remove. A
 * replacement is the booking as it now stands: it gives its row, with a warning naming the one
 * it replaces.
 */
function isDeletion(
  which: () => string,
  get: (key: string) => string | undefined,
  at: (key: string) => SourceLocation,
  issues: IssueSink,
): boolean {
  const action = get('CORRECTACTION')?.toUpperCase();
  if (action === undefined) return false;
  const corrected = get('CORRECTFITID');
  // A bank that names the transaction's own FITID replaces nothing else: its row stands alone.
  if (action === 'REPLACE' && corrected !== undefined && corrected === get('FITID')) {
    issues.warning(
      'INVALID_VALUE',
      `${which()} names itself as the transaction it replaces (<CORRECTFITID> is its own <FITID>); read as it is, with no other row to remove`,
      at('CORRECTFITID'),
    );
    return false;
  }
  const target =
    corrected === undefined
      ? 'a transaction it does not name (no <CORRECTFITID>)'
      : `transaction ${JSON.stringify(corrected)}`;
  if (action === 'DELETE') {
    issues.warning(
      'INVALID_VALUE',
      `${which()} deletes ${target} (<CORRECTACTION>DELETE): it gives no row; remove the row of the deleted transaction where this or an earlier conversion wrote it`,
      at('CORRECTACTION'),
    );
    return true;
  }
  issues.warning(
    'INVALID_VALUE',
    action === 'REPLACE'
      ? `${which()} replaces ${target} (<CORRECTACTION>REPLACE): its row is the booking as it now stands; remove the replaced one's row where this or an earlier conversion wrote it`
      : `expected <CORRECTACTION> DELETE or REPLACE, found ${JSON.stringify(get('CORRECTACTION'))}; the transaction is read as it is`,
    at('CORRECTACTION'),
  );
  return false;
}

/**
 * OFX 1.6 §11.4.4.1: with `<CURRENCY>` the amount is in CURSYM and CURRATE converts it to the
 * statement currency; with `<ORIGCURRENCY>` the amount is already in the statement currency
 * and CURSYM/CURRATE tell where it came from. The derived side is rounded half-up to the
 * scale of TRNAMT or the decimals of its currency, whichever is more (Nubank writes `-10`
 * and `-9.9`), since a rate rarely divides exactly.
 *
 * A `<CURRENCY>` whose symbol or rate cannot be read leaves the amount in a currency it cannot
 * be converted from: that is an error and the transaction is refused (false). Under
 * `<ORIGCURRENCY>` the amount stands, so the origin is left out with a warning.
 */
function applyCurrency(
  entry: Entry,
  fields: TransactionFields,
  get: (key: string) => string | undefined,
  issues: IssueSink,
): boolean {
  let kind: 'CURRENCY' | 'ORIGCURRENCY' | undefined;
  for (const key of fields.keys()) {
    if (key.startsWith('CURRENCY/')) kind = 'CURRENCY';
    else if (key.startsWith('ORIGCURRENCY/')) kind ??= 'ORIGCURRENCY';
  }
  if (!kind) return currencyLeaf(entry, fields, issues);
  const converts = kind === 'CURRENCY';
  const at = (key: string): SourceLocation => fields.get(`${kind}/${key}`)?.location ?? entry.location;
  const refuse = (code: ParseErrorCode, problem: string, location: SourceLocation, currency = ''): boolean => {
    if (converts) {
      const amount = `${entry.money.amount.toString()}${currency === '' ? '' : ` ${currency}`}`;
      issues.error(
        code,
        `${problem}: the amount ${amount} cannot be converted to ${entry.money.currency}, so the transaction cannot be converted`,
        location,
      );
      return false;
    }
    issues.warning(code, `${problem}: the original amount is left out`, location);
    return true;
  };

  const symbolText = get(`${kind}/CURSYM`);
  if (symbolText === undefined) return refuse('MISSING_ELEMENT', `<${kind}> has no <CURSYM> (currency)`, at('CURSYM'));
  const symbol = readCurrencyCode(symbolText);
  if (!symbol)
    return refuse(
      'INVALID_VALUE',
      `expected a three-letter ISO 4217 currency code in <CURSYM>, found ${JSON.stringify(symbolText)}`,
      at('CURSYM'),
    );
  if (symbol.deviation !== undefined) issues.warning('INVALID_VALUE', symbol.deviation, at('CURSYM'));
  // Already in the statement currency: there is nothing to convert, whatever the rate says.
  if (symbol.code === entry.money.currency) return true;
  const rateText = get(`${kind}/CURRATE`);
  if (rateText === undefined)
    return refuse('MISSING_ELEMENT', `<${kind}> has no <CURRATE> (exchange rate)`, at('CURSYM'), symbol.code);
  const rate = Decimal.tryParse(rateText.replace(',', '.'));
  if (!rate || rate.isZero() || rate.isNegative())
    return refuse(
      'INVALID_AMOUNT',
      `expected a positive exchange rate such as 1.25 in <CURRATE>, found ${JSON.stringify(rateText)}`,
      at('CURRATE'),
      symbol.code,
    );
  const written = entry.money.amount;
  entry.exchangeRate = rate;
  if (converts) {
    const scale = Math.max(written.scale, minorUnits(entry.money.currency));
    const converted: Money = {
      amount: Decimal.parse(new Big(written.toString()).times(rate.toString()).toFixed(scale, Big.roundHalfUp)),
      currency: entry.money.currency,
    };
    entry.originalMoney = { amount: written, currency: symbol.code };
    entry.money = converted;
  } else {
    const scale = Math.max(written.scale, minorUnits(symbol.code));
    entry.originalMoney = {
      amount: Decimal.parse(new Big(written.toString()).div(rate.toString()).toFixed(scale, Big.roundHalfUp)),
      currency: symbol.code,
    };
  }
  return true;
}

/**
 * `<CURRENCY>USD` or `<ORIGCURRENCY>USD` written as a leaf, not as the aggregate with CURSYM and
 * CURRATE. In the statement currency it says nothing new. Otherwise an original currency without
 * its amount is left out with a warning, and an amount said to be in another currency with no
 * rate to convert it cannot be converted: the transaction is refused (false).
 */
function currencyLeaf(entry: Entry, fields: TransactionFields, issues: IssueSink): boolean {
  for (const kind of ['CURRENCY', 'ORIGCURRENCY'] as const) {
    const leaf = fields.get(kind);
    if (leaf === undefined || leaf.value === '') continue;
    const code = readCurrencyCode(leaf.value)?.code ?? leaf.value;
    if (code === entry.money.currency) continue;
    const written = `<${kind}>${leaf.value} is written as a value, without <CURSYM> and <CURRATE>`;
    if (kind === 'ORIGCURRENCY') {
      issues.warning('INVALID_VALUE', `${written}: the original amount is left out`, leaf.location);
      continue;
    }
    issues.error(
      'MISSING_ELEMENT',
      `${written}: the amount ${entry.money.amount.toString()} ${code} cannot be converted to ${entry.money.currency}, so the transaction cannot be converted`,
      leaf.location,
    );
    return false;
  }
  return true;
}

const minorUnitsOf = new Map<string, number>();

/** The decimals ISO 4217 gives a currency (EUR 2, JPY 0, KWD 3), as Node's ICU knows them; 2 for a code it does not. */
function minorUnits(currency: string): number {
  let units = minorUnitsOf.get(currency);
  if (units === undefined) {
    try {
      units = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      units = 2;
    }
    minorUnitsOf.set(currency, units);
  }
  return units;
}
