import type { Decimal } from '../decimal';
import type { CreditDebit, Money } from '../types';
import { LeafDraft, type LeafContext } from './leaf';

// The single-valued leaves (LeafDraft): every one of them reaches a row.
const MONEY = 1;
const TRANSACTION_MONEY = 2;
const CREDIT_DEBIT = 4;
const ORIGINAL_MONEY = 8;
const DOMAIN = 16;
const FAMILY = 32;
const SUB_FAMILY = 64;
const PROPRIETARY = 128;

/**
 * The amount-related elements that `<Ntry>` and `<TxDtls>` share: amount and direction, the
 * instructed amount in another currency with its exchange rate, charges and the bank
 * transaction code. `scope` is the owning element's name; ancestors are checked by name so
 * that, e.g., `Chrgs/Rcrd/Tax/Amt` is not taken for a charge, nor `RtrInf/OrgnlBkTxCd` for the code.
 */
export class MovementDraft extends LeafDraft {
  money: Money | undefined;
  /** v02–v03 `<TxDtls>` carry their amount only in `<AmtDtls><TxAmt>`. */
  transactionMoney: Money | undefined;
  creditDebit: CreditDebit | undefined;
  /** The element was present (even if its value was rejected), so it is not also "missing". */
  sawAmount = false;
  sawCreditDebit = false;
  originalMoney: Money | undefined;
  exchangeRate: Decimal | undefined;
  /** Created on the first charge: most entries have none, and this runs per entry. */
  charges: Money[] | undefined;
  private domain: string | undefined;
  private family: string | undefined;
  private subFamily: string | undefined;
  private proprietary: string | undefined;

  constructor(private readonly scope: 'Ntry' | 'TxDtls') {
    super();
  }

  /** Handles the leaf if it is one of the shared elements; answers whether it was. */
  leaf(local: string, text: string, ctx: LeafContext): boolean {
    const { stack, values } = ctx;
    switch (local) {
      case 'Amt':
        this.amount(text, ctx);
        return true;
      case 'CdtDbtInd':
        if (stack.name(1) === this.scope && this.first(CREDIT_DEBIT, ctx, true)) {
          this.sawCreditDebit = true;
          this.creditDebit = values.creditDebit(text);
        }
        return true;
      case 'XchgRate':
        if (stack.name(1) === 'CcyXchg' && stack.name(3) === 'AmtDtls' && stack.name(4) === this.scope) {
          this.exchangeRate ??= values.decimal(text, 'exchange rate');
        }
        return true;
      case 'Cd':
        // ISO 20022 BankTransactionCodeStructure: Domn/Cd, Domn/Fmly/Cd, or Prtry/Cd, of this
        // element's own <BkTxCd> only: <RtrInf><OrgnlBkTxCd> (v04+) has the same structure and
        // codes the returned transaction, not this one.
        if (stack.name(1) === 'Domn' && this.ownCode(stack, 2)) {
          if (this.first(DOMAIN, ctx, true)) this.domain = text.trim();
        } else if (stack.name(1) === 'Fmly' && stack.name(2) === 'Domn' && this.ownCode(stack, 3)) {
          if (this.first(FAMILY, ctx, true)) this.family = text.trim();
        } else if (stack.name(1) === 'Prtry' && this.ownCode(stack, 2)) {
          if (this.first(PROPRIETARY, ctx, true)) this.proprietary = text.trim();
        } else return false;
        return true;
      case 'SubFmlyCd':
        if (stack.name(1) === 'Fmly' && stack.name(2) === 'Domn' && this.ownCode(stack, 3)) {
          if (this.first(SUB_FAMILY, ctx, true)) this.subFamily = text.trim();
        }
        return true;
      default:
        return false;
    }
  }

  /** Whether the element `up` levels above the leaf is the `<BkTxCd>` of this `<Ntry>` or `<TxDtls>` itself. */
  private ownCode(stack: LeafContext['stack'], up: number): boolean {
    return stack.name(up) === 'BkTxCd' && stack.name(up + 1) === this.scope;
  }

  /** `PMNT-RCDT-ESCT` from the structured code, else the proprietary code. */
  get bankTransactionCode(): string | undefined {
    if (this.domain && this.family && this.subFamily) return `${this.domain}-${this.family}-${this.subFamily}`;
    return this.proprietary || undefined;
  }

  /** The instructed amount only counts as "original" when it is in another currency. */
  get foreignMoney(): Money | undefined {
    const own = this.money ?? this.transactionMoney;
    return this.originalMoney && own && this.originalMoney.currency === own.currency ? undefined : this.originalMoney;
  }

  private amount(text: string, ctx: LeafContext): void {
    const { stack, values, currency } = ctx;
    const parent = stack.name(1);
    if (parent === this.scope) {
      if (!this.first(MONEY, ctx, true)) return;
      this.sawAmount = true;
      this.money = values.money(text, currency);
    } else if (
      parent === 'Chrgs'
        ? stack.name(2) === this.scope
        : parent === 'Rcrd' && stack.name(2) === 'Chrgs' && stack.name(3) === this.scope
    ) {
      // v02–v03 list charges as repeated <Chrgs><Amt>; v04+ as <Chrgs><Rcrd><Amt>.
      const charge = values.money(text, currency);
      if (charge) (this.charges ??= []).push(charge);
    } else if (stack.name(2) === 'AmtDtls' && stack.name(3) === this.scope) {
      if (parent === 'InstdAmt') {
        if (this.first(ORIGINAL_MONEY, ctx, true)) this.originalMoney = values.money(text, currency);
      } else if (parent === 'TxAmt') {
        if (this.first(TRANSACTION_MONEY, ctx, true)) this.transactionMoney = values.money(text, currency);
      }
    }
  }
}
