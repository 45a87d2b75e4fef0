import type { IssueSink } from '../issues';
import { BookedMovement, canReconcile, reconcileBalances } from '../reconcile';
import type { Balance, Statement, StatementHeader, SourceLocation } from '../types';
import { LeafDraft, type LeafContext } from './leaf';
import { STATEMENT_ELEMENT, type CamtMessage } from './messages';

// The statement's single-valued leaves (LeafDraft). Every row shows the statement's `Id` and the
// account's identification; the other header elements reach no row.
const ID = 1;
const ELECTRONIC_SEQUENCE_NUMBER = 2;
const LEGAL_SEQUENCE_NUMBER = 4;
const CREATED_AT = 8;
const FROM_DATE = 16;
const TO_DATE = 32;
const ACCOUNT_IBAN = 64;
const ACCOUNT_OTHER_ID = 128;
const ACCOUNT_CURRENCY = 256;
const ACCOUNT_OWNER_NAME = 512;
const ACCOUNT_SERVICER_BIC = 1024;

/** One `<Stmt>`, `<Rpt>` or `<Ntfctn>` being read: header fields, account, balances, totals. */
export class StatementDraft extends LeafDraft {
  readonly header: StatementHeader;
  readonly balances: Balance[] = [];
  /** The days of the balances read, also of those left out (see `singleDay`). */
  private readonly balanceDays: string[] = [];
  readonly movement = new BookedMovement();
  /** `<Ntry>` and `<Bal>` elements seen, for 0-based indices and `Ntry[3]` paths. */
  entryElements = 0;
  balanceElements = 0;
  /** Entries yielded. */
  entryCount = 0;
  headerEmitted = false;
  private sawId = false;
  private sawAccount = false;

  constructor(
    private readonly message: CamtMessage,
    version: string | undefined,
    index: number,
    location: SourceLocation,
    /** Errors reported before the statement began (IssueSink.errorCount), to tell whether it had any of its own. */
    private readonly errorsBefore = 0,
  ) {
    super();
    this.header = { format: message, index, statementId: '', account: {}, location };
    if (version) this.header.version = version;
  }

  /** A leaf below the statement element but outside balances and entries; `rel` is its depth below it. */
  leaf(local: string, text: string, ctx: LeafContext, rel: number): void {
    const { stack, values } = ctx;
    const header = this.header;
    if (rel === 1) {
      switch (local) {
        case 'Id':
          this.sawId = true;
          if (this.first(ID, ctx, true)) header.statementId = text.trim();
          return;
        case 'ElctrncSeqNb':
          if (this.first(ELECTRONIC_SEQUENCE_NUMBER, ctx, false)) header.electronicSequenceNumber = text.trim();
          return;
        case 'LglSeqNb':
          if (this.first(LEGAL_SEQUENCE_NUMBER, ctx, false)) header.legalSequenceNumber = text.trim();
          return;
        case 'CreDtTm': {
          if (!this.first(CREATED_AT, ctx, false)) return;
          const value = values.headerDateTime(text);
          if (value) header.createdAt = value;
          return;
        }
        default:
          return;
      }
    }
    const top = stack.name(rel - 1);
    if (top === 'FrToDt' && rel === 2) {
      if (local === 'FrDtTm' && this.first(FROM_DATE, ctx, false)) {
        const value = values.headerDateTime(text);
        if (value) header.fromDate = value;
      } else if (local === 'ToDtTm' && this.first(TO_DATE, ctx, false)) {
        const value = values.headerDateTime(text);
        if (value) header.toDate = value;
      }
    } else if (top === 'Acct') {
      this.sawAccount = true;
      this.accountLeaf(local, text.trim(), ctx, rel);
    }
  }

  addBalance(balance: Balance | undefined, day: string | undefined): void {
    if (balance) this.balances.push(balance);
    if (day) this.balanceDays.push(day);
  }

  /**
   * The one day the statement covers, if it says so: its `<FrToDt>` starts and ends on it, or,
   * without one, two or more balances are all dated by it (an opening and a closing balance of
   * the same day). An entry that gives no date of its own is of that day.
   */
  singleDay(): { day: string; by: string } | undefined {
    const { fromDate, toDate } = this.header;
    if (fromDate !== undefined || toDate !== undefined) {
      const day = fromDate?.slice(0, 10);
      return day !== undefined && day === toDate?.slice(0, 10) ? { day, by: 'its <FrToDt>' } : undefined;
    }
    const [day] = this.balanceDays;
    return day !== undefined && this.balanceDays.length > 1 && this.balanceDays.every((other) => other === day)
      ? { day, by: 'its balances' }
      : undefined;
  }

  /** Reports what the statement lacks and whether its balances reconcile; answers the statement. */
  finish(issues: IssueSink, at: (child: string) => SourceLocation): Statement {
    // Header elements no row needs (docs/formats.md, tolerance policy): warnings, not refusals.
    if (!this.sawId)
      issues.warning(
        'MISSING_ELEMENT',
        `expected the statement identification <Id> as the first element of <${this.elementName}>; the rows have an empty statement_id`,
        at('Id'),
      );
    if (!this.sawAccount)
      issues.warning(
        'MISSING_ELEMENT',
        `expected the account <Acct> in <${this.elementName}>; the rows have no account`,
        at('Acct'),
      );
    // Balances are mandatory (1..n) only in camt.053; reports and notifications may omit them.
    if (this.message === 'camt.053' && this.balanceElements === 0) {
      issues.warning(
        'MISSING_ELEMENT',
        'expected at least one balance <Bal> in <Stmt> (camt.053 requires opening and closing balances); no reconciliation possible, the entries are converted unchecked',
        at('Bal'),
      );
    } else if (this.entryCount > 0 && !canReconcile(this.balances)) {
      issues.note(
        'MISSING_ELEMENT',
        `no opening (OPBD/PRCD) and closing (CLBD) balance in one currency in <${this.elementName}>: no reconciliation possible`,
        at('Bal'),
      );
    }
    const statement: Statement = { ...this.header, balances: this.balances, entryCount: this.entryCount };
    // An entry refused by an error is missing from the movement: the difference it makes is no
    // news beside that error, and reads as if the balances were wrong.
    const unreconciled =
      issues.errorCount > this.errorsBefore ? undefined : reconcileBalances(statement, this.movement);
    if (unreconciled) issues.report(unreconciled);
    return statement;
  }

  private get elementName(): string {
    return STATEMENT_ELEMENT[this.message];
  }

  /** `<Acct>`: `Id/IBAN`, `Id/Othr/Id` (v01: `Id/PrtryAcct/Id`, `Id/BBAN`), `Ccy`, `Ownr/Nm`, `Svcr/FinInstnId/BIC|BICFI`. */
  private accountLeaf(local: string, text: string, ctx: LeafContext, rel: number): void {
    const account = this.header.account;
    const parent = ctx.stack.name(1);
    switch (local) {
      case 'IBAN':
        if (parent === 'Id' && rel === 3 && this.first(ACCOUNT_IBAN, ctx, true)) account.iban = text;
        return;
      case 'BBAN':
      case 'UPIC':
        if (parent === 'Id' && rel === 3 && this.first(ACCOUNT_OTHER_ID, ctx, true)) account.otherId = text;
        return;
      case 'Id':
        if ((parent === 'Othr' || parent === 'PrtryAcct') && rel === 4 && this.first(ACCOUNT_OTHER_ID, ctx, true))
          account.otherId = text;
        return;
      case 'Ccy':
        if (rel === 2 && this.first(ACCOUNT_CURRENCY, ctx, false)) account.currency = text;
        return;
      case 'Nm':
        if (parent === 'Ownr' && rel === 3 && this.first(ACCOUNT_OWNER_NAME, ctx, false)) account.ownerName = text;
        return;
      case 'BIC':
      case 'BICFI':
        if (parent === 'FinInstnId' && ctx.stack.name(2) === 'Svcr' && this.first(ACCOUNT_SERVICER_BIC, ctx, false))
          account.servicerBic = text;
        return;
      default:
        return;
    }
  }
}
