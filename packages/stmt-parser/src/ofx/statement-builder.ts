import type { IssueSink } from '../issues';
import type { Account, Balance, Entry, SourceLocation, StatementHeader, StatementRecord } from '../types';
import type { OfxEvent } from './elements';
import { isIban } from '../mt940/identifiers';
import { readCurrencyCode } from '../issues-currency';
import { checkTransactionType, FitIds } from './identity';
import type { RepeatedWarnings } from './repeated-warnings';
import { SingleValues } from './single-values';
import { buildTransaction } from './transaction';
import { TransactionDraft } from './transaction-draft';
import { parseOfxAmount, parseOfxDate, type OfxDate } from './values';

/** Whether the element's parent is `parent` (an aggregate never indexed in paths). */
function isChildOf(event: OfxEvent, parent: string): boolean {
  const parentPath = event.path.slice(0, Math.max(0, event.path.lastIndexOf('/')));
  return parentPath === parent || parentPath.endsWith(`/${parent}`);
}

/**
 * Transaction aggregates: `STMTTRN`, the pending `STMTTRNP`, and names built on them that some
 * exporters write (`CCSTMTTRN`), which hold the same leaves.
 */
function isTransaction(name: string): boolean {
  return name.endsWith('STMTTRN') || name === 'STMTTRNP';
}

/** Statement aggregates: bank, credit card, investment (whose cash movements are `INVBANKTRAN`). */
const STATEMENTS = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS']);
/** The lists whose `<DTSTART>`/`<DTEND>` give the statement period (and `DTEND` the statement id). */
const TRANSACTION_LISTS = new Set(['BANKTRANLIST', 'INVTRANLIST']);
/**
 * Entries held while the period may still come after them, at most: beyond, memory would grow
 * with the file, so they go out with the statement id known by then.
 */
const HELD_LIMIT = 10_000;
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
  /** `<CURDEF>` and `<ACCTID>`, of which a statement has one each. */
  values: SingleValues;
  currency: string | undefined;
  /** Where an empty `<CURDEF>` was, for the error when no currency is known. */
  emptyCurrency: SourceLocation | undefined;
  account: Account;
  /** From the first transaction on; the header's currency and account are then fixed (see {@link OfxStatementBuilder.fix}), unless transactions wait in {@link unbuilt}. */
  started: boolean;
  /**
   * Set while transactions wait for a `<CURDEF>` written after them: they are built in its
   * currency when it comes (or without one when the statement ends first), at most {@link HELD_LIMIT}.
   */
  unbuilt: TransactionDraft[] | undefined;
  /** The end of the transaction list came while they waited: `statement-start` goes out when they are built. */
  releaseDue: boolean;
  fitIds: FitIds;
  /**
   * Set from the first transaction until `statement-start` goes out: `<DTSTART>`/`<DTEND>`
   * written after the transactions (the statement id takes DTEND's date), so the entries in
   * {@link held} wait for the end of their list.
   */
  holding: boolean;
  held: Entry[];
  entryCount: number;
  balances: Balance[];
  /** Statement-level DTASOF (investment statements), the date of balances that give none. */
  asOf: string | undefined;
  balance:
    | { name: string; location: SourceLocation; fields: Map<string, { value: string; location: SourceLocation }> }
    | undefined;
  /** Security trades in `<INVTRANLIST>` (BUYSTOCK, INCOME …), which are not read: counted for one warning. */
  skippedTrades: { count: number; byName: Map<string, number>; first: SourceLocation } | undefined;
  /** The path of the `<BANKTRANLISTP>` being read (pending transactions), while it is open. */
  pendingList: string | undefined;
  transaction: TransactionDraft | undefined;
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
  /** The `<STATUS>` of a response wrapper (`…TRNRS`, `SONRS`) being read: its leaves. */
  private statusRead: { path: string; fields: Map<string, string>; location: SourceLocation } | undefined;
  /** The last error a bank answered with (`<SEVERITY>ERROR`), for the message when no statement came. */
  bankError: string | undefined;

  constructor(
    private readonly issues: IssueSink,
    private readonly version: string | undefined,
    /** The file's warnings that may repeat without bound (an unknown element, a TRNTYPE, a FITID). */
    private readonly repeats: RepeatedWarnings,
  ) {}

  get statementCount(): number {
    return this.index;
  }

  /**
   * Values held for the open statement and transaction, transactions waiting for a currency, and
   * warning kinds counted: for the test that proves what a transaction holds is bounded.
   */
  get retained(): number {
    const statement = this.statement;
    return (
      (statement?.values.values.size ?? 0) +
      (statement?.transaction?.values.values.size ?? 0) +
      (statement?.unbuilt?.length ?? 0) +
      this.repeats.kinds
    );
  }

  accept(event: OfxEvent): StatementRecord[] {
    if (event.type === 'enter' && STATEMENTS.has(event.name)) {
      this.statement = this.open(event);
      return [];
    }
    this.status(event);
    const statement = this.statement;
    if (!statement) {
      // A transaction outside any statement has no account or currency: its row cannot be made.
      if (event.type === 'enter' && isTransaction(event.name))
        this.issues.error(
          'MISSING_ELEMENT',
          `a transaction <${event.name}> outside any statement (<STMTRS>, <CCSTMTRS> or <INVSTMTRS>): its account and currency are unknown, so it cannot be converted`,
          event.location,
        );
      return [];
    }
    const transaction = statement.transaction;
    if (transaction) {
      if (event.type === 'leaf') transaction.leaf(event);
      if (event.type === 'exit' && event.path === transaction.path) return this.finishTransaction(statement);
      return [];
    }
    if (statement.pendingList !== undefined) {
      if (event.type === 'exit' && event.path === statement.pendingList) statement.pendingList = undefined;
      else if (event.type === 'enter' && isChildOf(event, 'BANKTRANLISTP')) {
        // OFX 2.1 §11.4.2.2: pending transactions, which the bank has not posted yet (`PDNG` rows, as in camt).
        statement.transaction = new TransactionDraft(event, true, this.issues, this.repeats);
        return this.start(statement, true);
      }
      return [];
    }
    if (event.type === 'enter' && event.name === 'BANKTRANLISTP') {
      statement.pendingList = event.path;
      return [];
    }
    if (event.type === 'enter' && isTransaction(event.name)) {
      const pending = event.name === 'STMTTRNP';
      if (event.name !== 'STMTTRN')
        this.issues.warning(
          'INVALID_VALUE',
          pending
            ? 'a pending transaction <STMTTRNP> in a list of posted ones, not in <BANKTRANLISTP>; read as pending'
            : `<${event.name}> is not an OFX transaction aggregate; read as a <STMTTRN>`,
          event.location,
        );
      statement.transaction = new TransactionDraft(event, pending, this.issues, this.repeats);
      return this.start(statement, true);
    }
    if (event.type === 'enter' && event.name !== 'INVBANKTRAN' && isChildOf(event, 'INVTRANLIST'))
      this.skipTrade(statement, event.name, event.location);
    const balance = BALANCES.get(event.name);
    if (event.type === 'enter' && balance)
      statement.balance = { name: event.name, location: event.location, fields: new Map() };
    if (event.type === 'leaf') return this.leaf(statement, event, event.value);
    if (event.type === 'exit' && balance) this.finishBalance(statement, balance.type, balance.amount);
    if (event.type === 'exit' && TRANSACTION_LISTS.has(event.name)) return this.release(statement);
    if (event.type === 'exit' && event.path === statement.path) return this.close(statement);
    return [];
  }

  /**
   * OFX 1.6 §3.1.5: a response wrapper's `<STATUS>` with `<SEVERITY>ERROR` is the bank's answer
   * instead of the statement asked for (an account not found, a sign-on refused): its rows are not
   * in the file, which a warning says, with the bank's code and message.
   */
  private status(event: OfxEvent): void {
    const read = this.statusRead;
    if (read === undefined) {
      if (event.type !== 'enter' || event.name !== 'STATUS') return;
      const parent = event.path.slice(0, Math.max(0, event.path.lastIndexOf('/')));
      const wrapper = parent.slice(parent.lastIndexOf('/') + 1).replace(/\[\d+\]$/, '');
      if (wrapper.endsWith('TRNRS') || wrapper === 'SONRS')
        this.statusRead = { path: event.path, fields: new Map(), location: event.location };
      return;
    }
    if (event.type === 'leaf') read.fields.set(event.name, event.value.trim());
    if (event.type !== 'exit' || event.path !== read.path) return;
    this.statusRead = undefined;
    if (read.fields.get('SEVERITY')?.toUpperCase() !== 'ERROR') return;
    const code = read.fields.get('CODE') ?? '';
    const message = read.fields.get('MESSAGE') ?? '';
    this.bankError = `<CODE>${code}${message === '' ? '' : ` <MESSAGE>${message}`}`;
    this.issues.warning(
      'MISSING_ELEMENT',
      `the bank answered with an error (${this.bankError}) instead of ${read.path.includes('SONRS') ? 'signing on: the file holds no statement' : "this account's statement: its rows are not in the file"}`,
      read.location,
    );
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
      values: new SingleValues(this.issues, this.repeats, 'statement', "so the statement's rows cannot be converted"),
      currency: undefined,
      emptyCurrency: undefined,
      account: {},
      started: false,
      unbuilt: undefined,
      releaseDue: false,
      fitIds: new FitIds(),
      holding: false,
      held: [],
      entryCount: 0,
      balances: [],
      asOf: undefined,
      balance: undefined,
      skippedTrades: undefined,
      pendingList: undefined,
      transaction: undefined,
    };
  }

  private leaf(statement: OpenStatement, event: OfxEvent, value: string): StatementRecord[] {
    const { name, location } = event;
    if (statement.balance) {
      statement.balance.fields.set(name, { value, location });
      return [];
    }
    if (name === 'DTSTART' || name === 'DTEND') {
      this.period(statement, name, value, location);
      return [];
    }
    // The statement's own DTASOF (investment statements); one inside another aggregate (BAL) is not read.
    if (name === 'DTASOF' && event.path === `${statement.path}/DTASOF`) {
      statement.asOf = this.optionalDate(
        '<DTASOF>',
        value,
        location,
        'the balances that give no date of their own are left without one (no row depends on it)',
      );
      return [];
    }
    if (value === '') {
      if (name === 'CURDEF') statement.emptyCurrency ??= location;
      return [];
    }
    if (name === 'CURDEF') return this.statementCurrency(statement, this.currency(value, location), location);
    // Every row carries the account: of two different ones, which is meant is unknown.
    if (name === 'ACCTID') {
      const first = !statement.values.values.has('ACCTID');
      statement.values.add('ACCTID', value, location, 'refuse-other');
      if (first)
        statement.account = isIban(value)
          ? { ...statement.account, iban: value.replace(/\s/g, '') }
          : { ...statement.account, otherId: value };
    }
    return [];
  }

  /**
   * `<CURDEF>`, the currency of every row: a second one with another code is an error (which is
   * meant is unknown), with the same a warning. Written after the transactions, it is the one
   * they wait for ({@link settleCurrency}); after {@link HELD_LIMIT} of them it comes too late.
   */
  private statementCurrency(statement: OpenStatement, code: string, location: SourceLocation): StatementRecord[] {
    const first = !statement.values.values.has('CURDEF');
    statement.values.add('CURDEF', code, location, 'refuse-other');
    if (!first) return [];
    this.fileCurrency = code;
    if (statement.unbuilt) {
      statement.currency = code;
      return this.settleCurrency(statement, location);
    }
    // Before the first transaction the header has not fixed its currency: it takes this one.
    if (!statement.started) {
      statement.currency = code;
      return [];
    }
    // After more transactions than wait for it, which were read in the file's other currency or in none.
    const late = `<CURDEF>${code} comes after ${statement.entryCount.toLocaleString('en')} transactions, where OFX writes it before them`;
    if (code === statement.currency)
      this.issues.warning('MISSING_ELEMENT', `${late}; they were read in ${code} all the same`, location);
    else
      this.issues.error(
        'INVALID_VALUE',
        `${late}: they were read ${statement.currency ? `in ${statement.currency}` : 'without a currency'}, as at most ${HELD_LIMIT.toLocaleString('en')} wait for it; write it before the transactions in a copy of the file and convert that`,
        location,
      );
    return [];
  }

  /**
   * `<DTSTART>`/`<DTEND>`: no row depends on the period, so one that cannot be read leaves it
   * open with a warning. DTEND gives the statement id its date; written after the transactions,
   * it is waited for until their list ends (see {@link release}), beyond that it comes too late.
   */
  private period(statement: OpenStatement, name: 'DTSTART' | 'DTEND', value: string, location: SourceLocation): void {
    const header = statement.header;
    const leftOut =
      name === 'DTSTART'
        ? 'the statement period is left without its start (no row depends on it)'
        : "the statement period is left without its end, and the statement id without its date (no row's amount or date depends on it)";
    const date = this.optionalDate(`<${name}>`, value, location, leftOut);
    if (date === undefined) return;
    if (name === 'DTSTART') {
      header.fromDate = date;
      return;
    }
    header.toDate = date;
    if (!statement.started || statement.holding || statement.entryCount === 0) return;
    if (header.statementId !== '' && header.statementId === (header.account.iban ?? header.account.otherId))
      this.issues.warning(
        'INVALID_VALUE',
        `<DTEND> comes after ${statement.entryCount} transactions that went out with the statement id ${JSON.stringify(header.statementId)}, which they keep: the id takes the date of a <DTEND> that comes before the end of the transaction list and before its ${HELD_LIMIT.toLocaleString('en')}th transaction`,
        location,
      );
  }

  /**
   * A date no row depends on (`DTSTART`, `DTEND`, `DTASOF`). Empty or not a date: left out
   * (undefined) with a warning ending in `leftOut`. A time or zone not in OFX's shape: the date,
   * with a warning.
   */
  private optionalDate(
    element: string,
    value: string,
    location: SourceLocation,
    leftOut: string,
    within = '',
  ): string | undefined {
    if (value === '') {
      this.issues.warning('MISSING_ELEMENT', `empty ${element}${within}; ${leftOut}`, location);
      return undefined;
    }
    const date = parseOfxDate(value);
    if (!date) {
      this.issues.warning(
        'INVALID_DATE',
        `expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]] in ${element}${within}, found ${JSON.stringify(value)}; ${leftOut}`,
        location,
      );
      return undefined;
    }
    this.dateShape(element, value, date, location);
    return date.date;
  }

  /** A date whose time or zone is not in OFX's shape is read as its first eight digits: a warning says so. */
  private dateShape(element: string, value: string, date: OfxDate, location: SourceLocation): void {
    if (date.deviation !== undefined)
      this.issues.warning(
        'INVALID_DATE',
        `date ${JSON.stringify(value)} in ${element}: ${date.deviation}; read as ${date.date}, the date as written`,
        location,
      );
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

  /**
   * At the first transaction (or the end of a statement without any): the currency and the
   * account are fixed, and `statement-start` goes out, unless `hold` and the period has not come
   * yet (`<DTEND>` after the transactions): then it waits, with the entries, for {@link release}.
   */
  private start(statement: OpenStatement, hold = false): StatementRecord[] {
    if (statement.started) return [];
    statement.started = true;
    statement.holding = true;
    // OFX writes <CURDEF> first, but the statement may give it after its transactions: they wait.
    if (!statement.currency && hold) {
      statement.unbuilt = [];
      return [];
    }
    this.fix(statement);
    return hold && !statement.header.toDate ? [] : this.release(statement);
  }

  /**
   * The transactions that waited for a `<CURDEF>` after them are built: in its currency, with a
   * warning at it, or (`curdef` undefined: the statement ended, or too many waited) as
   * {@link fix} decides. `statement-start` goes out if their list has ended or the period is known.
   */
  private settleCurrency(statement: OpenStatement, curdef?: SourceLocation): StatementRecord[] {
    const waiting = statement.unbuilt ?? [];
    statement.unbuilt = undefined;
    if (curdef && waiting.length > 0)
      this.issues.warning(
        'MISSING_ELEMENT',
        `<CURDEF> comes after ${waiting.length.toLocaleString('en')} transaction${waiting.length === 1 ? '' : 's'}, where OFX writes it before them; they are read in ${statement.currency ?? ''}, the currency the statement gives`,
        curdef,
      );
    this.fix(statement);
    const out: StatementRecord[] = [];
    for (const transaction of waiting) for (const record of this.build(statement, transaction)) out.push(record);
    if (statement.releaseDue || statement.header.toDate) for (const record of this.release(statement)) out.push(record);
    return out;
  }

  /**
   * The statement's currency and account are fixed in its header: the currency from `<CURDEF>`,
   * else the file's other statement's (a warning), else none (an error); no account is a warning.
   */
  private fix(statement: OpenStatement): void {
    const header = statement.header;
    if (!statement.currency && this.fileCurrency) {
      statement.currency = this.fileCurrency;
      this.issues.warning(
        'MISSING_ELEMENT',
        `<CURDEF> (statement currency) is empty or missing; taken from the file's other statement as ${this.fileCurrency}`,
        header.location,
      );
    }
    if (!statement.currency && statement.emptyCurrency)
      this.issues.error(
        'MISSING_ELEMENT',
        "<CURDEF> (statement currency) is empty, and no statement before it in the file gives a currency: the amounts' currency is unknown. Write the account's currency code into <CURDEF> (such as <CURDEF>EUR) in a copy of the file and convert that",
        statement.emptyCurrency,
      );
    else if (!statement.currency)
      this.issues.error(
        'MISSING_ELEMENT',
        "expected <CURDEF> (statement currency) in the statement: the amounts' currency is unknown",
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
  }

  /** Sends `statement-start`, with the id now that the period is as known as it will be, and the entries held. */
  private release(statement: OpenStatement): StatementRecord[] {
    if (!statement.holding) return [];
    if (statement.unbuilt) {
      statement.releaseDue = true;
      return [];
    }
    statement.holding = false;
    statement.releaseDue = false;
    const header = statement.header;
    const id = header.account.iban ?? header.account.otherId ?? '';
    header.statementId = header.toDate && id !== '' ? `${id}-${header.toDate.replace(/-/g, '')}` : id;
    const out: StatementRecord[] = [{ kind: 'statement-start', statement: { ...header } }];
    for (const entry of statement.held) {
      entry.statementId = header.statementId;
      out.push({ kind: 'entry', entry });
    }
    statement.held = [];
    return out;
  }

  private finishTransaction(statement: OpenStatement): StatementRecord[] {
    const transaction = statement.transaction;
    statement.transaction = undefined;
    if (!transaction || transaction.values.refused) return [];
    if (!statement.unbuilt) return this.build(statement, transaction);
    statement.unbuilt.push(transaction);
    return statement.unbuilt.length < HELD_LIMIT ? [] : this.settleCurrency(statement);
  }

  /** The entry of a transaction, with the checks of its values that need no other transaction but a FITID. */
  private build(statement: OpenStatement, transaction: TransactionDraft): StatementRecord[] {
    const header = statement.header;
    const fields = transaction.values.values;
    const entry = buildTransaction(
      fields,
      {
        statementId: header.statementId,
        statementIndex: header.index,
        account: header.account,
        currency: statement.currency ?? 'XXX',
        index: statement.entryCount,
        location: transaction.location,
        pending: transaction.pending,
      },
      this.issues,
    );
    if (!entry) return [];
    for (const key of ['DTPOSTED', 'DTAVAIL', 'DTTRAN']) {
      const field = fields.get(key);
      const date = field === undefined || field.value === '' ? undefined : parseOfxDate(field.value);
      if (field && date) this.dateShape(`<${key}>`, field.value, date, field.location);
    }
    const type = fields.get('TRNTYPE');
    if (type && type.value !== '') checkTransactionType(type.value, type.location, this.repeats, this.issues);
    const fitId = fields.get('FITID');
    if (fitId && fitId.value !== '') statement.fitIds.check(fitId.value, fitId.location, this.repeats, this.issues);
    statement.entryCount++;
    if (!statement.holding) return [{ kind: 'entry', entry }];
    statement.held.push(entry);
    return statement.held.length < HELD_LIMIT ? [] : this.release(statement);
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
    if (signed.trailingSign)
      this.issues.warning(
        'INVALID_AMOUNT',
        `amount ${JSON.stringify(amount.value)} in <${amountKey}> has its sign after the digits, where OFX writes it before them; read as ${signed.creditDebit === 'DBIT' ? '-' : ''}${signed.amount.toString()}`,
        amount.location,
      );
    // The currency may still come (a <CURDEF> after the balance): it is filled in at the statement's end.
    const balance: Balance = {
      type,
      money: { amount: signed.amount, currency: statement.currency ?? '' },
      creditDebit: signed.creditDebit,
      location: amount.location,
    };
    // A date that cannot be read leaves the balance undated: no row depends on it.
    const asOf = fields.get('DTASOF');
    const balanceDate = asOf
      ? this.optionalDate(
          '<DTASOF>',
          asOf.value,
          asOf.location,
          'the balance is kept without a date (no row depends on it)',
          ` in <${aggregate.name}>`,
        )
      : statement.asOf;
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
    const out = [
      ...this.start(statement),
      ...(statement.unbuilt ? this.settleCurrency(statement) : []),
      ...this.release(statement),
    ];
    for (const balance of statement.balances)
      if (balance.money.currency === '') balance.money.currency = statement.currency ?? 'XXX';
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
