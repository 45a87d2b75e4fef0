import Big from 'big.js';
import { Decimal } from '../decimal';
import type { IssueSink } from '../issues';
import type { Account, Entry, Money, SourceLocation, TransactionDetail } from '../types';
import { isIban } from '../mt940/identifiers';
import { parseOfxAmount, parseOfxDate } from './values';

/** A leaf of `<STMTTRN>` keyed by its path below STMTTRN (`TRNAMT`, `PAYEE/NAME`, `CURRENCY/CURRATE`). */
export type TransactionFields = Map<string, { value: string; location: SourceLocation }>;

export interface TransactionContext {
  statementId: string;
  statementIndex: number;
  account: Account;
  currency: string;
  index: number;
  location: SourceLocation;
}

/** Builds the entry for one `<STMTTRN>`, or reports why it cannot and returns undefined. */
export function buildTransaction(
  fields: TransactionFields,
  context: TransactionContext,
  issues: IssueSink,
): Entry | undefined {
  const get = (key: string): string | undefined => {
    const value = fields.get(key)?.value;
    return value === undefined || value === '' ? undefined : value;
  };
  const where = (key: string): SourceLocation => fields.get(key)?.location ?? context.location;

  const amountText = get('TRNAMT');
  const which = get('FITID') === undefined ? 'the transaction' : `transaction ${JSON.stringify(get('FITID'))}`;
  if (amountText === undefined || /^(null|none|n\/a)$/i.test(amountText)) {
    // An amount that is not there cannot be guessed: the row would be wrong, so it is refused.
    const found =
      amountText === undefined ? (fields.has('TRNAMT') ? 'an empty <TRNAMT>' : 'no <TRNAMT>') : `<TRNAMT>${amountText}`;
    return void issues.error(
      'MISSING_ELEMENT',
      `${which} has ${found}: its amount is unknown, so it cannot be converted`,
      fields.has('TRNAMT') ? where('TRNAMT') : context.location,
    );
  }
  const signed = parseOfxAmount(amountText);
  if (!signed)
    return void issues.error(
      'INVALID_AMOUNT',
      `expected a decimal amount such as -12.50, found ${JSON.stringify(amountText)}`,
      where('TRNAMT'),
    );
  if (signed.plusSign)
    issues.warning(
      'INVALID_AMOUNT',
      `amount ${JSON.stringify(amountText)} has a '+' sign, which OFX does not write (a positive amount is unsigned); read as a credit of ${signed.amount.toString()}`,
      where('TRNAMT'),
    );
  if (signed.grouped !== undefined)
    issues.warning(
      'INVALID_AMOUNT',
      `amount ${JSON.stringify(amountText)} has thousands separators; read as ${signed.creditDebit === 'DBIT' ? '-' : ''}${signed.grouped}`,
      where('TRNAMT'),
    );
  const postedText = get('DTPOSTED');
  if (postedText === undefined)
    return void issues.error('MISSING_ELEMENT', 'expected <DTPOSTED> (posting date) in <STMTTRN>', context.location);
  const posted = parseOfxDate(postedText);
  if (!posted)
    return void issues.error(
      'INVALID_DATE',
      `expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]], found ${JSON.stringify(postedText)}`,
      where('DTPOSTED'),
    );

  const entry: Entry = {
    statementId: context.statementId,
    statementIndex: context.statementIndex,
    account: context.account,
    index: context.index,
    money: { amount: signed.amount, currency: context.currency },
    creditDebit: signed.creditDebit,
    // OFX statements list posted transactions only (pending ones are not part of <BANKTRANLIST>).
    status: 'BOOK',
    bookingDate: posted.date,
    reversal: false,
    charges: [],
    details: [],
    location: context.location,
  };
  const availText = get('DTAVAIL');
  const avail = availText === undefined ? undefined : parseOfxDate(availText);
  if (availText !== undefined && !avail)
    issues.error('INVALID_DATE', `expected a date YYYYMMDD…, found ${JSON.stringify(availText)}`, where('DTAVAIL'));
  if (avail) entry.valueDate = avail.date;
  const type = get('TRNTYPE');
  if (type) entry.bankTransactionCode = type;
  const fitId = get('FITID');
  if (fitId) entry.accountServicerReference = fitId;
  const reference = get('REFNUM') ?? get('CHECKNUM');
  if (reference) entry.entryReference = reference;
  applyCurrency(entry, fields, get);

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

/**
 * OFX 1.6 §11.4.4.1: with `<CURRENCY>` the amount is in CURSYM and CURRATE converts it to the
 * statement currency; with `<ORIGCURRENCY>` the amount is already in the statement currency
 * and CURSYM/CURRATE tell where it came from. The derived side is rounded half-up to the
 * scale of TRNAMT, since a rate rarely divides exactly.
 */
function applyCurrency(entry: Entry, fields: TransactionFields, get: (key: string) => string | undefined): void {
  const kind = fields.has('CURRENCY/CURSYM')
    ? 'CURRENCY'
    : fields.has('ORIGCURRENCY/CURSYM')
      ? 'ORIGCURRENCY'
      : undefined;
  if (!kind) return;
  const symbol = get(`${kind}/CURSYM`);
  const rate = Decimal.tryParse(get(`${kind}/CURRATE`)?.replace(',', '.') ?? '');
  if (!symbol || !rate || rate.isZero() || symbol === entry.money.currency) return;
  const written = entry.money.amount;
  const scale = written.scale;
  entry.exchangeRate = rate;
  if (kind === 'CURRENCY') {
    const converted: Money = {
      amount: Decimal.parse(new Big(written.toString()).times(rate.toString()).toFixed(scale, Big.roundHalfUp)),
      currency: entry.money.currency,
    };
    entry.originalMoney = { amount: written, currency: symbol };
    entry.money = converted;
  } else {
    entry.originalMoney = {
      amount: Decimal.parse(new Big(written.toString()).div(rate.toString()).toFixed(scale, Big.roundHalfUp)),
      currency: symbol,
    };
  }
}
