import { Decimal } from '../decimal';
import type { IssueSink } from '../issues';
import type { Account, CreditDebit, Entry, Money, SourceLocation, TransactionDetail } from '../types';
import { LeafDraft, type LeafContext } from './leaf';
import { MovementDraft } from './movement';

// The entry's single-valued leaves (LeafDraft); the shared ones are MovementDraft's. All reach its row.
const STATUS = 1;
const REVERSAL = 2;
const BOOKING_DATE = 4;
const VALUE_DATE = 8;
const ENTRY_REFERENCE = 16;
const SERVICER_REFERENCE = 32;
const ADDITIONAL_INFO = 64;

/** Where the entry sits: the statement it belongs to and its own start tag. */
export interface EntryPlace {
  statementId: string;
  statementIndex: number;
  account: Account;
  /** 0-based position among the statement's `<Ntry>` elements. */
  index: number;
  location: SourceLocation;
  /** camt.053 statements carry booked entries only: an entry without `<Sts>` is `BOOK` there. */
  bookedOnly?: boolean;
  /** The one day the statement covers, and what says so (`StatementDraft.singleDay`): the date of an undated booked entry. */
  statementDay?: { day: string; by: string } | undefined;
}

/** One `<Ntry>` being read. Transaction details are added as their `<TxDtls>` close. */
export class EntryDraft extends LeafDraft {
  readonly movement = new MovementDraft('Ntry');
  details: TransactionDetail[] = [];
  /** Parts handed out so far (`streamEntryDetails`). */
  parts = 0;
  private status: string | undefined;
  private reversal = false;
  private bookingDate: string | undefined;
  private valueDate: string | undefined;
  /** A booking or value date was given, readable or not (one that is not is reported where it stands). */
  private sawDate = false;
  private entryReference: string | undefined;
  private accountServicerReference: string | undefined;
  private additionalInfo: string | undefined;

  /**
   * What the transaction details add up to, signed, while each has an amount in one currency
   * (`detailsComparable` false once one does not: there is nothing to compare), and how many
   * there were. The first is only kept: most entries have one detail, and summing starts at the
   * second, on copies (arithmetic caches a big.js value in a Decimal, which the row then carries).
   */
  private detailSum: { total: Decimal; currency: string } | undefined;
  private firstDetail: TransactionDetail | undefined;
  private detailCount = 0;
  private detailsComparable = true;

  constructor(readonly place: EntryPlace) {
    super();
  }

  /** A transaction detail, as its `<TxDtls>` closes. */
  addDetail(detail: TransactionDetail): void {
    this.details.push(detail);
    this.detailCount++;
    if (this.detailCount === 1) {
      this.firstDetail = detail;
      return;
    }
    if (this.detailCount === 2) this.sumDetail(this.firstDetail as TransactionDetail);
    this.firstDetail = undefined;
    this.sumDetail(detail);
  }

  private sumDetail(detail: TransactionDetail): void {
    const money = detail.money;
    const currency = this.detailSum?.currency ?? money?.currency;
    if (!this.detailsComparable || !money || money.currency !== currency) {
      this.detailsComparable = false;
      return;
    }
    const signed = signedAmount(money, detail.creditDebit ?? this.movement.creditDebit);
    this.detailSum = { total: this.detailSum ? this.detailSum.total.plus(signed) : signed, currency };
  }

  leaf(local: string, text: string, ctx: LeafContext): void {
    if (this.movement.leaf(local, text, ctx)) return;
    const { stack, values } = ctx;
    switch (local) {
      case 'Sts': // v01–v07: <Sts>BOOK</Sts>
        if (stack.name(1) === 'Ntry' && this.first(STATUS, ctx, true)) this.status = values.entryStatus(text);
        return;
      case 'Cd': // v08+: <Sts><Cd>BOOK</Cd></Sts>
      case 'Prtry': // a proprietary status is read the same way: only BOOK is booked
        if (stack.name(1) === 'Sts' && stack.name(2) === 'Ntry' && this.first(STATUS, ctx, true))
          this.status = values.entryStatus(text);
        return;
      case 'RvslInd':
        if (this.first(REVERSAL, ctx, true)) this.reversal = values.indicator(text) ?? false;
        return;
      case 'Dt':
      case 'DtTm': {
        // BookgDt/ValDt hold <Dt> or <DtTm>; some banks nest one more level (<Dt><DtTm>).
        const holder = stack.name(1) === 'Dt' ? stack.name(2) : stack.name(1);
        if (holder === 'BookgDt' || holder === 'ValDt') this.sawDate = true;
        if (holder === 'BookgDt') {
          if (this.first(BOOKING_DATE, ctx, true)) this.bookingDate = values.date(text, local === 'DtTm');
        } else if (holder === 'ValDt') {
          if (this.first(VALUE_DATE, ctx, true)) this.valueDate = values.date(text, local === 'DtTm');
        }
        return;
      }
      case 'NtryRef':
        if (this.first(ENTRY_REFERENCE, ctx, true)) this.entryReference = text.trim();
        return;
      case 'AcctSvcrRef':
        // `NONREF` is the placeholder for a reference the bank does not give.
        if (
          stack.name(1) === 'Ntry' &&
          this.first(SERVICER_REFERENCE, ctx, true) &&
          text.trim().toUpperCase() !== 'NONREF'
        )
          this.accountServicerReference = text.trim();
        return;
      case 'AddtlNtryInf':
        if (this.first(ADDITIONAL_INFO, ctx, true)) this.additionalInfo = text.trim();
        return;
      default:
        return;
    }
  }

  /**
   * The details read so far as one part of the entry, or `undefined` while the entry's amount,
   * direction or status is not known yet (they come before `<NtryDtls>` in every schema version,
   * so only a disordered entry waits; it is then held, up to `maxEntryDetails`).
   */
  takePart(): Entry | undefined {
    const { money, creditDebit } = this.movement;
    if (!money || !creditDebit || !this.status) return undefined;
    const entry = this.build(money, creditDebit, this.status);
    entry.detailsPart = { index: this.parts++, last: false };
    this.details = [];
    return entry;
  }

  /**
   * The finished entry, or `undefined` (after reporting) when it lacks what every row needs:
   * amount, currency, direction and status. Such an entry is not yielded, because a row
   * without them would silently corrupt totals.
   */
  finish(issues: IssueSink, entryLocation: (child: string) => SourceLocation): Entry | undefined {
    const { movement, place } = this;
    let { money, creditDebit } = movement;
    const derived = movement.sawAmount && movement.sawCreditDebit ? undefined : this.fromDetails(money, creditDebit);
    if (derived) {
      const missing = [movement.sawAmount ? [] : ['<Amt>'], movement.sawCreditDebit ? [] : ['<CdtDbtInd>']].flat();
      ({ money, creditDebit } = derived);
      issues.warning(
        'MISSING_ELEMENT',
        `expected ${missing.join(' and ')} in <Ntry>; its transaction details give ${missing.length === 1 ? 'it' : 'them'}: read as ${money.amount.toString()} ${money.currency} ${creditDebit}, the sum of their amounts`,
        entryLocation(movement.sawAmount ? 'CdtDbtInd' : 'Amt'),
      );
    } else {
      if (!movement.sawAmount)
        issues.error('MISSING_ELEMENT', 'expected <Amt Ccy="…"> with the entry amount in <Ntry>', entryLocation('Amt'));
      if (!movement.sawCreditDebit)
        issues.error('MISSING_ELEMENT', 'expected <CdtDbtInd> (CRDT or DBIT) in <Ntry>', entryLocation('CdtDbtInd'));
    }
    if (!this.status && place.bookedOnly) {
      this.status = 'BOOK';
      issues.warning(
        'MISSING_ELEMENT',
        'expected the entry status <Sts> in <Ntry>; a camt.053 statement books its entries, so read as BOOK',
        entryLocation('Sts'),
      );
    }
    if (!this.status)
      issues.error(
        'MISSING_ELEMENT',
        'expected the entry status <Sts> (BOOK, PDNG, INFO or FUTR) in <Ntry>',
        entryLocation('Sts'),
      );
    // A booked entry without a date is still a booking (its amount counts), so its row is kept:
    // dated by the one day its statement covers, if the statement says so, else without a date,
    // which journal output leaves out; the user is told where, either way.
    if (money && creditDebit) this.checkDetailSum(money, creditDebit, issues, entryLocation);
    const { statementDay } = this.place;
    if (money && creditDebit && this.status === 'BOOK' && !this.sawDate) {
      if (statementDay) this.bookingDate = statementDay.day;
      issues.warning(
        'MISSING_ELEMENT',
        statementDay
          ? `expected <BookgDt> or <ValDt> in the booked <Ntry>; dated ${statementDay.day}, the one day the statement covers (${statementDay.by})`
          : 'expected <BookgDt> or <ValDt> in the booked <Ntry>; its row has no date (journal output leaves it out)',
        entryLocation('BookgDt'),
      );
    }
    if (!money || !creditDebit || !this.status) return undefined;
    const entry = this.build(money, creditDebit, this.status);
    if (this.parts > 0) entry.detailsPart = { index: this.parts, last: true };
    return entry;
  }

  /**
   * The entry's amount and direction from its transaction details, when it lacks them and every
   * detail has an amount and a direction in one currency (a bank's trimmed report): their signed
   * sum, consistent with what the entry does give. Nothing when they cannot give it.
   */
  private fromDetails(
    money: Money | undefined,
    creditDebit: CreditDebit | undefined,
  ): { money: Money; creditDebit: CreditDebit } | undefined {
    if (this.parts > 0 || this.details.length === 0) return undefined;
    let total: Decimal | undefined;
    const currency = this.details[0]?.money?.currency;
    for (const detail of this.details) {
      if (!detail.money || !detail.creditDebit || detail.money.currency !== currency) return undefined;
      const signed = signedAmount(detail.money, detail.creditDebit);
      total = total ? total.plus(signed) : signed;
    }
    if (!total || !currency || total.isZero()) return undefined;
    const derived = {
      money: { amount: total.abs(), currency },
      creditDebit: total.isNegative() ? 'DBIT' : 'CRDT',
    } as const;
    if (money && (money.currency !== currency || !detached(money.amount).eq(derived.money.amount))) return undefined;
    if (creditDebit && creditDebit !== derived.creditDebit) return undefined;
    return derived;
  }

  /**
   * Transaction details in the entry's currency whose amounts do not add up to the entry (nor to
   * it without its charges), a single detail included (its amount or direction contradicts the
   * entry's): one row per entry stays right, but split rows (`--split-batches`) would not add up
   * to the balance movement. Details in another currency or without an amount cannot be compared.
   */
  private checkDetailSum(
    money: Money,
    creditDebit: CreditDebit,
    issues: IssueSink,
    entryLocation: (child: string) => SourceLocation,
  ): void {
    if (this.detailCount === 1 && this.agreesWithDetail(money, creditDebit)) return; // the usual case, without arithmetic
    const sum = this.detailCount === 1 ? this.singleDetail(creditDebit) : this.detailSum;
    if (!this.detailsComparable || !sum || sum.currency !== money.currency) return;
    const entry = creditDebit === 'DBIT' ? detached(money.amount).negated() : detached(money.amount);
    if (sum.total.eq(entry)) return;
    let charges = Decimal.zero();
    for (const charge of this.movement.charges ?? [])
      if (charge.currency === money.currency) charges = charges.plus(detached(charge.amount));
    if (!charges.isZero() && (sum.total.minus(charges).eq(entry) || sum.total.plus(charges).eq(entry))) return;
    if (this.detailCount === 1) {
      issues.warning(
        'INVALID_VALUE',
        `the transaction detail of this <Ntry> gives ${sum.total.toString()} ${sum.currency}, the entry ${entry.toString()} ${money.currency}: the row shows the entry's amount and direction, a row split per transaction (--split-batches) the detail's`,
        entryLocation('NtryDtls'),
      );
      return;
    }
    issues.warning(
      'INVALID_VALUE',
      `the ${this.detailCount} transaction details of this <Ntry> add up to ${sum.total.toString()} ${sum.currency}, the entry to ${entry.toString()} ${money.currency}: one row per entry is right, rows split per transaction (--split-batches) would not add up`,
      entryLocation('NtryDtls'),
    );
  }

  /** The one transaction detail writes the entry's amount as the entry does, in its currency and direction. */
  private agreesWithDetail(money: Money, creditDebit: CreditDebit): boolean {
    const detail = this.firstDetail;
    return (
      detail?.money !== undefined &&
      detail.money.currency === money.currency &&
      (detail.creditDebit ?? creditDebit) === creditDebit &&
      detail.money.amount.toString() === money.amount.toString()
    );
  }

  /** The one transaction detail's amount, signed by its direction (else the entry's), when it has one. */
  private singleDetail(creditDebit: CreditDebit): { total: Decimal; currency: string } | undefined {
    const money = this.firstDetail?.money;
    if (!money) return undefined;
    return { total: signedAmount(money, this.firstDetail?.creditDebit ?? creditDebit), currency: money.currency };
  }

  private build(money: Money, creditDebit: CreditDebit, status: string): Entry {
    const { movement, place } = this;
    const entry: Entry = {
      statementId: place.statementId,
      statementIndex: place.statementIndex,
      account: place.account,
      index: place.index,
      money,
      creditDebit,
      status,
      reversal: this.reversal,
      charges: movement.charges ?? [],
      details: this.details,
      location: place.location,
    };
    if (this.entryReference) entry.entryReference = this.entryReference;
    if (this.accountServicerReference) entry.accountServicerReference = this.accountServicerReference;
    if (this.bookingDate) entry.bookingDate = this.bookingDate;
    if (this.valueDate) entry.valueDate = this.valueDate;
    const code = movement.bankTransactionCode;
    if (code) entry.bankTransactionCode = code;
    const original = movement.foreignMoney;
    if (original) entry.originalMoney = original;
    if (movement.exchangeRate) entry.exchangeRate = movement.exchangeRate;
    if (this.additionalInfo) entry.additionalInfo = this.additionalInfo;
    return entry;
  }
}

/**
 * A copy of an amount for arithmetic: arithmetic caches a big.js value inside a Decimal, which
 * the entry's rows would then carry (and which a parsed amount that is only printed never pays for).
 */
function detached(amount: Decimal): Decimal {
  return Decimal.parse(amount.toString());
}

/** An amount as a signed decimal of its own (see `detached`): negative when the direction is a debit. */
function signedAmount(money: Money, creditDebit: CreditDebit | undefined): Decimal {
  const amount = detached(money.amount);
  return creditDebit === 'DBIT' ? amount.negated() : amount;
}
