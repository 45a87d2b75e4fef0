import type { IssueSink } from '../issues';
import type { Account, Balance, SourceLocation, StatementHeader, StatementRecord } from '../types';
import type { OfxEvent } from './elements';
import { isIban } from '../mt940/identifiers';
import { readCurrencyCode } from '../issues-currency';
import { addTransactionField, buildTransaction, type TransactionFields } from './transaction';
import { parseOfxAmount, parseOfxDate } from './values';

/** Whether the element's parent is `parent` (an aggregate never indexed in paths). */
function isChildOf(event: OfxEvent, parent: string): boolean {
  const parentPath = event.path.slice(0, Math.max(0, event.path.lastIndexOf('/')));
  return parentPath === parent || parentPath.endsWith(`/${parent}`);
}

/** Statement aggregates: bank, credit card, investment (whose cash movements are `INVBANKTRAN`). */
const STATEMENTS = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS']);
/** Balance aggregates and the ISO balance type each becomes. OFX has no opening balance. */
const BALANCES = new Map([
  ['LEDGERBAL', { type: 'CLBD', amount: 'BALAMT' }],
  ['AVAILBAL', { type: 'CLAV', amount: 'BALAMT' }],
  // Investment statements: the cash available in the brokerage account.
  ['INVBAL', { type: 'CLAV', amount: 'AVAILCASH' }],
]);

interface OpenStatement {
  header: StatementHeader;
  path: string;
  currency: string | undefined;
  account: Account;
  started: boolean;
  entryCount: number;
  balances: Balance[];
  /** Statement-level DTASOF (investment statements), the date of balances that give none. */
  asOf: string | undefined;
  balance:
    | { name: string; location: SourceLocation; fields: Map<string, { value: string; location: SourceLocation }> }
    | undefined;
  /** Security trades in `<INVTRANLIST>` (BUYSTOCK, INCOME …), which are not read: counted for one warning. */
  skippedTrades: { count: number; byName: Map<string, number>; first: SourceLocation } | undefined;
  transaction:
    | {
        path: string;
        fields: TransactionFields;
        location: SourceLocation;
        /** An error made the transaction unreadable (a second `<TRNAMT>`): it yields no entry. */
        refused: boolean;
      }
    | undefined;
}

/**
 * Turns OFX element events into statement records. One `<STMTRS>`/`<CCSTMTRS>`/`<INVSTMTRS>`
 * is one statement; `statement-start` goes out before its first transaction, when the
 * currency (`CURDEF`), the account and the period (`DTSTART`/`DTEND`) are known.
 */
export class OfxStatementBuilder {
  private statement: OpenStatement | undefined;
  private index = 0;
  /** The last `<CURDEF>` seen in the file, for a statement that leaves its own empty. */
  private fileCurrency: string | undefined;

  constructor(
    private readonly issues: IssueSink,
    private readonly version: string | undefined,
  ) {}

  get statementCount(): number {
    return this.index;
  }

  accept(event: OfxEvent): StatementRecord[] {
    if (event.type === 'enter' && STATEMENTS.has(event.name)) {
      this.statement = this.open(event);
      return [];
    }
    const statement = this.statement;
    if (!statement) return [];
    const transaction = statement.transaction;
    if (transaction) {
      if (
        event.type === 'leaf' &&
        !addTransactionField(
          transaction.fields,
          event.path.slice(transaction.path.length + 1),
          event.value,
          event.location,
          this.issues,
        )
      )
        transaction.refused = true;
      if (event.type === 'exit' && event.path === transaction.path) return this.finishTransaction(statement);
      return [];
    }
    if (event.type === 'enter' && event.name === 'STMTTRN') {
      statement.transaction = { path: event.path, fields: new Map(), location: event.location, refused: false };
      return this.start(statement);
    }
    if (event.type === 'enter' && event.name !== 'INVBANKTRAN' && isChildOf(event, 'INVTRANLIST'))
      this.skipTrade(statement, event.name, event.location);
    const balance = BALANCES.get(event.name);
    if (event.type === 'enter' && balance)
      statement.balance = { name: event.name, location: event.location, fields: new Map() };
    if (event.type === 'leaf') this.leaf(statement, event.name, event.value, event.location);
    if (event.type === 'exit' && balance) this.finishBalance(statement, balance.type, balance.amount);
    if (event.type === 'exit' && event.path === statement.path) return this.close(statement);
    return [];
  }

  private open(event: OfxEvent): OpenStatement {
    const header: StatementHeader = {
      format: 'ofx',
      index: this.index++,
      statementId: '',
      account: {},
      location: event.location,
    };
    if (this.version) header.version = this.version;
    return {
      header,
      path: event.path,
      currency: undefined,
      account: {},
      started: false,
      entryCount: 0,
      balances: [],
      asOf: undefined,
      balance: undefined,
      skippedTrades: undefined,
      transaction: undefined,
    };
  }

  private leaf(statement: OpenStatement, name: string, value: string, location: SourceLocation): void {
    if (statement.balance) {
      statement.balance.fields.set(name, { value, location });
      return;
    }
    if (value === '') return;
    if (name === 'CURDEF') statement.currency = this.fileCurrency = this.currency(value, location);
    else if (name === 'ACCTID')
      statement.account = isIban(value)
        ? { ...statement.account, iban: value.replace(/\s/g, '') }
        : { ...statement.account, otherId: value };
    else if (name === 'DTASOF') statement.asOf = parseOfxDate(value)?.date;
    else if (name === 'DTSTART' || name === 'DTEND') {
      const date = parseOfxDate(value);
      if (!date)
        this.issues.error('INVALID_DATE', `expected a date YYYYMMDD…, found ${JSON.stringify(value)}`, location);
      else if (name === 'DTSTART') statement.header.fromDate = date.date;
      else statement.header.toDate = date.date;
    }
  }

  /** `<CURDEF>` as an upper-case code: `usd` is read as USD with a warning, `XYZ` kept with one. */
  private currency(value: string, location: SourceLocation): string {
    const reading = readCurrencyCode(value);
    if (!reading) {
      this.issues.error(
        'INVALID_VALUE',
        `expected a three-letter ISO 4217 currency code in <CURDEF>, found ${JSON.stringify(value)}`,
        location,
      );
      return value;
    }
    if (reading.deviation !== undefined) this.issues.warning('INVALID_VALUE', reading.deviation, location);
    return reading.code;
  }

  private start(statement: OpenStatement): StatementRecord[] {
    if (statement.started) return [];
    statement.started = true;
    const header = statement.header;
    if (!statement.currency && this.fileCurrency) {
      statement.currency = this.fileCurrency;
      this.issues.warning(
        'MISSING_ELEMENT',
        `<CURDEF> (statement currency) is empty or missing; taken from the file's other statement as ${this.fileCurrency}`,
        header.location,
      );
    }
    if (!statement.currency)
      this.issues.error(
        'MISSING_ELEMENT',
        'expected <CURDEF> (statement currency) before the transactions',
        header.location,
      );
    // No account changes no row's amount or date (docs/formats.md, tolerance policy): a warning.
    if (!statement.account.iban && !statement.account.otherId)
      this.issues.warning(
        'MISSING_ELEMENT',
        'expected <ACCTID> in the account aggregate (BANKACCTFROM, CCACCTFROM or INVACCTFROM); the rows have no account',
        header.location,
      );
    header.account = statement.currency ? { ...statement.account, currency: statement.currency } : statement.account;
    const id = header.account.iban ?? header.account.otherId ?? '';
    header.statementId = header.toDate && id !== '' ? `${id}-${header.toDate.replace(/-/g, '')}` : id;
    return [{ kind: 'statement-start', statement: { ...header } }];
  }

  private finishTransaction(statement: OpenStatement): StatementRecord[] {
    const transaction = statement.transaction;
    statement.transaction = undefined;
    if (!transaction || transaction.refused) return [];
    const header = statement.header;
    const entry = buildTransaction(
      transaction.fields,
      {
        statementId: header.statementId,
        statementIndex: header.index,
        account: header.account,
        currency: statement.currency ?? 'XXX',
        index: statement.entryCount,
        location: transaction.location,
      },
      this.issues,
    );
    if (!entry) return [];
    statement.entryCount++;
    return [{ kind: 'entry', entry }];
  }

  /**
   * One balance aggregate. No row depends on a balance (OFX has none to reconcile with), so one
   * whose amount is missing, empty or not a number is left out with a warning, as camt does.
   */
  private finishBalance(statement: OpenStatement, type: string, amountKey: string): void {
    const aggregate = statement.balance;
    statement.balance = undefined;
    if (!aggregate) return;
    const fields = aggregate.fields;
    const amount = fields.get(amountKey);
    const leftOut = 'the balance is left out (no row depends on it)';
    if (!amount || amount.value === '')
      return this.issues.warning(
        'MISSING_ELEMENT',
        `${amount ? `empty <${amountKey}>` : `expected <${amountKey}>`} in <${aggregate.name}>; ${leftOut}`,
        amount?.location ?? aggregate.location,
      );
    const signed = parseOfxAmount(amount.value);
    if (!signed)
      return this.issues.warning(
        'INVALID_AMOUNT',
        `expected a decimal amount in <${amountKey}>, found ${JSON.stringify(amount.value)}; ${leftOut}`,
        amount.location,
      );
    const balance: Balance = {
      type,
      money: { amount: signed.amount, currency: statement.currency ?? 'XXX' },
      creditDebit: signed.creditDebit,
      location: amount.location,
    };
    const asOf = fields.get('DTASOF');
    const date = asOf ? parseOfxDate(asOf.value) : undefined;
    if (asOf && !date)
      this.issues.error(
        'INVALID_DATE',
        `expected a date YYYYMMDD…, found ${JSON.stringify(asOf.value)}`,
        asOf.location,
      );
    const balanceDate = date?.date ?? statement.asOf;
    if (balanceDate) balance.date = balanceDate;
    statement.balances.push(balance);
  }

  /** A trade in `<INVTRANLIST>` (anything but INVBANKTRAN): not read, counted for {@link reportSkippedTrades}. */
  private skipTrade(statement: OpenStatement, name: string, location: SourceLocation): void {
    statement.skippedTrades ??= { count: 0, byName: new Map(), first: location };
    statement.skippedTrades.count++;
    statement.skippedTrades.byName.set(name, (statement.skippedTrades.byName.get(name) ?? 0) + 1);
  }

  /**
   * One warning per statement at its first skipped trade, with the count per element, so a file
   * with 10,000 trades gives one line. Trades move securities (and cash with them), which the
   * rows do not show: only INVBANKTRAN cash movements are rows.
   */
  private reportSkippedTrades(statement: OpenStatement): void {
    const skipped = statement.skippedTrades;
    if (!skipped) return;
    const kinds = [...skipped.byName].map(([name, count]) => `${count} ${name}`).join(', ');
    const rule = 'only <INVBANKTRAN> cash movements become rows';
    this.issues.warning(
      'UNSUPPORTED_MESSAGE',
      skipped.count === 1
        ? `security transaction <${[...skipped.byName.keys()].join('')}> in <INVTRANLIST> not read: ${rule}`
        : `${skipped.count} security transactions in <INVTRANLIST> (${kinds}) not read: ${rule}; the first is here`,
      skipped.first,
    );
  }

  private close(statement: OpenStatement): StatementRecord[] {
    this.statement = undefined;
    this.reportSkippedTrades(statement);
    const out = this.start(statement);
    // OFX carries no opening balance, so there is nothing to reconcile the entries against.
    if (statement.entryCount > 0)
      this.issues.note(
        'MISSING_ELEMENT',
        'OFX gives no opening balance: no reconciliation possible',
        statement.header.location,
      );
    out.push({
      kind: 'statement-end',
      statement: { ...statement.header, balances: statement.balances, entryCount: statement.entryCount },
    });
    return out;
  }
}
