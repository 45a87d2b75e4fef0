import type { IssueSink } from '../issues';
import type { Balance, CreditDebit, Money, SourceLocation } from '../types';
import { LeafDraft, type LeafContext } from './leaf';

// The balance's single-valued leaves (LeafDraft). No row depends on a balance.
const TYPE = 1;
const AMOUNT = 2;
const CREDIT_DEBIT = 4;
const DATE = 8;

/**
 * What a balance value that cannot be read costs, said in its warning: no row depends on a
 * balance, so the file is not refused for one (docs/formats.md, tolerance policy).
 */
const LEFT_OUT = 'the balance is left out (no reconciliation with it)';
const UNDATED = 'the balance is read without a date';

/** One `<Bal>` being read; `level` is the stack level of the `<Bal>` element. */
export class BalanceDraft extends LeafDraft {
  private type: string | undefined;
  private money: Money | undefined;
  private creditDebit: CreditDebit | undefined;
  private date: string | undefined;
  private sawAmount = false;
  private sawCreditDebit = false;
  private sawDate = false;

  constructor(
    readonly level: number,
    private readonly location: SourceLocation,
  ) {
    super();
  }

  leaf(local: string, text: string, ctx: LeafContext): void {
    const { stack, values } = ctx;
    const parent = stack.name(1);
    switch (local) {
      case 'Cd': // v02+ Tp/CdOrPrtry/Cd; v01 Tp/Cd. Tp/SubTp/Cd is a sub-type, not the type.
      case 'Prtry': // Tp/CdOrPrtry/Prtry
        if (
          (parent === 'CdOrPrtry' && stack.name(2) === 'Tp') ||
          (local === 'Cd' && parent === 'Tp' && stack.name(2) === 'Bal')
        ) {
          if (this.first(TYPE, ctx, false)) this.type = text.trim();
        }
        return;
      case 'Amt':
        if (parent !== 'Bal' || !this.first(AMOUNT, ctx, false)) return;
        this.sawAmount = true;
        this.money = values.downgraded(LEFT_OUT).money(text, ctx.currency);
        return;
      case 'CdtDbtInd':
        if (parent !== 'Bal' || !this.first(CREDIT_DEBIT, ctx, false)) return;
        this.sawCreditDebit = true;
        this.creditDebit = values.downgraded(LEFT_OUT).creditDebit(text);
        return;
      case 'Dt':
      case 'DtTm':
        if ((parent === 'Bal' || (parent === 'Dt' && stack.name(2) === 'Bal')) && this.first(DATE, ctx, false)) {
          this.sawDate = true;
          this.date = values.downgraded(UNDATED).date(text, local === 'DtTm');
        }
        return;
      default:
        return;
    }
  }

  /** The day the balance is dated (`YYYY-MM-DD`), also when the balance itself is left out. */
  get day(): string | undefined {
    return this.date?.slice(0, 10);
  }

  /**
   * The balance, or `undefined` after reporting what is missing. No row depends on a balance, so
   * an incomplete one is left out with a warning (it cannot take part in the reconciliation);
   * a zero balance without `<CdtDbtInd>` is read as a credit, since zero has no direction.
   */
  finish(issues: IssueSink, at: (child: string) => SourceLocation): Balance | undefined {
    if (!this.type)
      issues.warning(
        'MISSING_ELEMENT',
        `expected the balance type <Tp><CdOrPrtry><Cd> (OPBD, CLBD …) in <Bal>; ${LEFT_OUT}`,
        at('Tp'),
      );
    if (!this.sawAmount) issues.warning('MISSING_ELEMENT', `expected <Amt Ccy="…"> in <Bal>; ${LEFT_OUT}`, at('Amt'));
    if (!this.sawCreditDebit && this.money?.amount.isZero()) {
      this.creditDebit = 'CRDT';
      issues.warning(
        'MISSING_ELEMENT',
        'expected <CdtDbtInd> in <Bal>; the balance is zero, so read as CRDT',
        at('CdtDbtInd'),
      );
    } else if (!this.sawCreditDebit) {
      issues.warning('MISSING_ELEMENT', `expected <CdtDbtInd> (CRDT or DBIT) in <Bal>; ${LEFT_OUT}`, at('CdtDbtInd'));
    }
    if (!this.type || !this.money || !this.creditDebit) return undefined;
    if (!this.sawDate)
      issues.warning(
        'MISSING_ELEMENT',
        `expected the balance date <Dt><Dt> (or <DtTm>) in <Bal>; the ${this.type} balance is read without a date (a journal dates it by the statement period, else by its rows)`,
        at('Dt'),
      );
    const balance: Balance = { type: this.type, money: this.money, creditDebit: this.creditDebit };
    if (this.date) balance.date = this.date;
    balance.location = this.location;
    return balance;
  }
}
