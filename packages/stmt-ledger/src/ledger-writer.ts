import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { StatementRow } from '@stmt/export';
import { Decimal, signed, type Balance, type Statement } from '@stmt/parser';
import { AccountMap } from './account-map';
import { ledgerFormat, type LedgerBalance, type LedgerFormatName } from './formats';

export interface LedgerWriterOptions {
  format: LedgerFormatName;
  accounts?: AccountMap;
  /** Told about a statement balance that the booked rows do not reach (it is written as a comment). */
  onWarning?: (message: string) => void;
  /**
   * Write opening-balance transactions (default). A `--since-last` run after the first leaves them
   * out: the books already have them, and its closing balances are then left as comments.
   */
  openings?: boolean;
  /**
   * Accounts an earlier `--since-last` run opened (beancount `open`), with the date of their
   * `open` ('' when unknown): they are not opened again, since beancount refuses a second `open`
   * of an account in one set of books, and a booking dated before its account's `open` is
   * reported (`onWarning`), since `bean-check` refuses it. The accounts this run opens are added,
   * with this run's first date, for the caller to remember.
   */
  opened?: Map<string, string>;
}

/** Per statement account and currency: what the journal knows about its balance. */
interface AccountState {
  account: string;
  currency: string;
  opening?: LedgerBalance;
  /** The opening transaction went out ahead of the rows (see `statementsRead`). */
  openingWritten?: boolean;
  /** Last stated closing balance per day (a later statement of the same day wins: camt.052 then camt.053). */
  closings: Map<string, LedgerBalance>;
  /** Sum of the booked rows per day, to check the closings before asserting them. */
  movement: Map<string, Decimal>;
  /** Balances without a date (`date` ''), given one by the rows once they are known (see `dateUndated`). */
  undated: { opening?: LedgerBalance; closings: LedgerBalance[] };
}

/**
 * Writes statement rows as a plain-text journal. Each booked row is a transaction with two
 * postings: the statement account and the category's account. A statement's opening balance
 * (the earliest per account and currency) becomes an opening-balances transaction, each closing
 * balance an assertion, written at the end once every row is known. The opening transactions go
 * ahead of the rows instead when every statement is known before the rows are written (see
 * `statementsRead`): at the top of the journal, or at the top of the account's QIF register,
 * where Quicken looks for an opening balance. An assertion the rows
 * cannot meet (a statement whose balances do not reconcile, a gap between statements) is written
 * as a comment instead, and reported, so the journal always passes `hledger check` / `bean-check`.
 *
 * Pending rows are not booked and would break the assertions: they are written as comments.
 * Memory: one entry per account, currency and booking day, never the rows.
 */
export class LedgerWriter {
  private readonly format;
  private readonly accounts: AccountMap;
  private readonly states = new Map<string, AccountState>();
  private readonly used = new Set<string>();
  private firstDate: string | undefined;
  /** Per account an earlier run opened: this run's bookings dated before that `open`, and the earliest of them. */
  private readonly beforeOpen = new Map<string, { count: number; first: string }>();
  private started = false;
  /** Set by `statementsRead`: opening transactions go ahead of the rows. */
  private openingsFirst = false;
  /** The section texts (QIF `!Account` blocks) made so far, one per account and currency, with the key of its state. */
  private readonly sections = new Map<string, string>();
  /** The section the text written last ended in. */
  private lastSection: string | undefined;

  constructor(
    private readonly out: Writable,
    private readonly options: LedgerWriterOptions,
  ) {
    this.format = ledgerFormat(options.format);
    this.accounts = options.accounts ?? new AccountMap();
  }

  async write(rows: readonly StatementRow[]): Promise<void> {
    await this.writeText(this.transactions(rows));
  }

  /**
   * The rows' journal text, to be written with `writeText` (later, and in another order: a sort
   * arranges such texts). The balances `end` asserts count the rows from here on.
   */
  transactions(rows: readonly StatementRow[]): string {
    let text = '';
    // Each text starts its own section (QIF register), since a sort may put it after another account's.
    let section: string | undefined;
    for (const row of rows) {
      const transaction = this.transaction(row);
      if (transaction.section !== undefined && transaction.section !== section) {
        section = transaction.section;
        const header = this.format.section?.(transaction.account, transaction.currency) ?? '';
        if (header !== '') this.sections.set(header, transaction.section);
        text += header;
      }
      text += transaction.text;
    }
    return text;
  }

  /**
   * Writes text `transactions` made (one, or several a sort joined): the journal's header first,
   * when it is not out yet, and without the sections (QIF `!Account` blocks) that repeat the one in
   * effect, so an account's register runs on until another account's transactions come between.
   */
  async writeText(text: string | Uint8Array): Promise<void> {
    if (!this.started) {
      this.started = true;
      // Without sections, every opening goes at the top; with them, each at the top of its register.
      let openings = '';
      if (this.format.section === undefined)
        for (const state of this.states.values()) openings += this.openingAhead(state);
      await this.emit(this.format.header() + openings);
    }
    if (this.sections.size === 0) return this.emit(text);
    const written =
      typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString();
    await this.emit(this.withoutRepeatedSections(written));
  }

  /**
   * Every statement is known, and no row has been written yet (the rows were sorted): the opening
   * transactions are then written ahead of the rows, not at the end. Not called in a streaming
   * run, where an older statement may still come.
   */
  statementsRead(): void {
    this.openingsFirst = !this.started && this.options.openings !== false;
    for (const state of this.states.values()) this.dateUndated(state);
  }

  /**
   * Balances whose statement gives them no date (neither the balance nor the statement period):
   * an opening is dated on the account's first booked day, when no dated opening is known; a
   * closing on its last. Without booked rows they are left out, with a warning.
   */
  private dateUndated(state: AccountState): void {
    const { opening, closings } = state.undated;
    state.undated = { closings: [] };
    if (opening === undefined && closings.length === 0) return;
    const days = [...state.movement.keys()].sort();
    const first = days[0];
    const last = days[days.length - 1];
    if (opening !== undefined && state.opening === undefined) {
      if (first === undefined) this.undatedLeftOut(opening, 'opening');
      else state.opening = { ...opening, date: first };
    }
    for (const closing of closings) {
      if (last === undefined) this.undatedLeftOut(closing, 'closing');
      else if (!state.closings.has(last)) state.closings.set(last, { ...closing, date: last });
    }
  }

  private undatedLeftOut(balance: LedgerBalance, kind: 'opening' | 'closing'): void {
    this.options.onWarning?.(
      `${kind} balance ${balance.amount} ${balance.currency} of ${balance.account} (${balance.note}) left out: neither the balance nor its statement gives a date, and the account has no booked rows to date it by`,
    );
  }

  /** The state's opening transaction, when it goes ahead of the rows and is not out yet; else ''. */
  private openingAhead(state: AccountState | undefined): string {
    if (!this.openingsFirst || state?.opening === undefined || state.openingWritten === true) return '';
    state.openingWritten = true;
    return this.openingText(state.opening);
  }

  /** The opening transaction's text; its accounts count as used from its date. */
  private openingText(opening: LedgerBalance): string {
    this.use(opening.account, opening.date);
    this.use(this.accounts.openingAccount, opening.date);
    return this.format.opening(opening, this.accounts.openingAccount);
  }

  /**
   * `text` without the sections that repeat the one in effect: each text `transactions` made
   * starts with its section, and a sort hands several such texts back joined in one. A section's
   * first appearance is followed by its account's opening transaction, when that goes ahead.
   */
  private withoutRepeatedSections(text: string): string {
    const found: [number, string][] = [];
    for (const section of this.sections.keys())
      for (let at = text.indexOf(section); at >= 0; at = text.indexOf(section, at + section.length))
        found.push([at, section]);
    found.sort((a, b) => a[0] - b[0]);
    let out = '';
    let from = 0;
    for (const [at, section] of found) {
      if (section !== this.lastSection) {
        this.lastSection = section;
        const opening = this.openingAhead(this.states.get(this.sections.get(section) as string));
        if (opening !== '') {
          out += text.slice(from, at + section.length) + opening;
          from = at + section.length;
        }
        continue;
      }
      out += text.slice(from, at);
      from = at + section.length;
    }
    return from === 0 ? text : out + text.slice(from);
  }

  /** Remembers a finished statement's balances (records arrive before their rows are written). */
  statement(statement: Statement): void {
    const opening = pick(statement.balances, ['OPBD', 'PRCD']);
    const closing = pick(statement.balances, ['CLBD']);
    const id = statement.account.iban ?? statement.account.otherId ?? statement.statementId;
    const account = this.accounts.statementAccount({
      account_iban: id,
      statement_id: statement.statementId,
    } as StatementRow);
    for (const balance of [opening, closing]) {
      if (balance === undefined) continue;
      const currency = balance.money.currency;
      const state = this.state(account, currency);
      const date = (balance.date ?? (balance === opening ? statement.fromDate : statement.toDate) ?? '').slice(0, 10);
      const entry = {
        date,
        account,
        amount: signed(balance).toString(),
        currency,
        note: `statement ${statement.statementId}`,
      };
      if (date === '') {
        if (balance === opening) state.undated.opening ??= entry;
        else state.undated.closings.push(entry);
        continue;
      }
      // The earliest statement's opening: statements may come newest first, in one file or several.
      if (balance === opening) {
        if (state.opening === undefined || entry.date < state.opening.date) state.opening = entry;
      } else state.closings.set(date, entry);
    }
  }

  async end(): Promise<void> {
    let text = this.started ? '' : this.format.header();
    this.started = true;
    for (const state of this.states.values()) {
      this.dateUndated(state);
      text += this.balances(state);
    }
    if (this.firstDate !== undefined) {
      const opened = this.options.opened;
      const fresh =
        opened === undefined ? this.used : new Set([...this.used].filter((account) => !opened.has(account)));
      if (fresh.size > 0) text += this.format.footer(fresh, this.firstDate);
      for (const account of fresh) opened?.set(account, this.firstDate);
    }
    for (const [account, { count, first }] of this.beforeOpen)
      this.options.onWarning?.(
        `${count} booking${count === 1 ? '' : 's'} of ${account} dated from ${first}, before the account's open directive (${this.options.opened?.get(account) ?? ''}) in an earlier output: bean-check refuses ${count === 1 ? 'it' : 'them'}. Convert this statement into a fresh output, or move that open directive to ${first} or earlier.`,
      );
    await this.emit(text);
    this.out.end();
    await once(this.out, 'finish');
  }

  private transaction(row: StatementRow): { text: string; section?: string; account: string; currency: string } {
    const date = (row.booking_date || row.value_date).slice(0, 10);
    if (row.status !== 'BOOK' || row.amount === '' || date === '') {
      // Why: not booked, or booked but without the amount or date a transaction needs.
      const why = [
        ...(row.status === 'BOOK' ? [] : [`not booked (${row.status})`]),
        ...(row.amount === '' ? ['no amount'] : []),
        ...(date === '' ? ['no date'] : []),
      ].join(', ');
      const text = this.format.comment(
        `${why}, left out: ${[date, row.amount, row.currency, row.counterparty_name, row.remittance_info].filter((part) => part !== '').join(' ')} [${row.transaction_id}]`,
      );
      return { text, account: '', currency: row.currency };
    }
    const statementAccount = this.accounts.statementAccount(row);
    const otherAccount = this.accounts.categoryAccount(row);
    this.use(statementAccount, date);
    this.use(otherAccount, date);
    const state = this.state(statementAccount, row.currency);
    state.movement.set(date, (state.movement.get(date) ?? Decimal.zero()).plus(Decimal.parse(row.amount)));
    const text = this.format.transaction({
      date,
      payee: row.counterparty_name || row.remittance_info || 'Unknown',
      narration: row.counterparty_name === '' ? '' : row.remittance_info,
      transactionId: row.transaction_id,
      amount: row.amount,
      currency: row.currency,
      statementAccount,
      otherAccount,
    });
    return {
      text,
      section: `${statementAccount}\u0000${row.currency}`,
      account: statementAccount,
      currency: row.currency,
    };
  }

  /** The opening transaction, then each closing the booked rows reach, in date order. */
  private balances(state: AccountState): string {
    let text = '';
    let running = Decimal.zero();
    if (state.opening !== undefined && this.options.openings === false) delete state.opening;
    if (state.opening !== undefined) {
      if (state.openingWritten !== true) {
        const header = this.format.section?.(state.account, state.currency);
        if (header !== undefined && header !== this.lastSection) text += header;
        this.lastSection = header;
        text += this.openingText(state.opening);
      }
      running = Decimal.parse(state.opening.amount);
    }
    const days = [...state.movement.keys()].sort();
    let next = 0;
    for (const date of [...state.closings.keys()].sort()) {
      while (next < days.length && (days[next] as string) <= date)
        running = running.plus(state.movement.get(days[next++] as string) as Decimal);
      const closing = state.closings.get(date) as LedgerBalance;
      const assertion = this.format.assertion(closing);
      if (assertion === undefined) continue;
      if (state.opening !== undefined && running.eq(Decimal.parse(closing.amount))) {
        this.use(closing.account, date);
        text += assertion;
      } else {
        const reason =
          state.opening !== undefined
            ? `the booked rows give ${running.toString()} ${closing.currency}`
            : this.options.openings === false
              ? 'the opening balance is in an earlier output'
              : 'no opening balance to start from';
        this.options.onWarning?.(
          `closing balance ${closing.amount} ${closing.currency} of ${closing.account} on ${date} (${closing.note}) not asserted: ${reason}`,
        );
        text += this.format.comment(
          `not asserted (${reason}): ${date} ${closing.account} = ${closing.amount} ${closing.currency}, ${closing.note}`,
        );
      }
    }
    return text;
  }

  private state(account: string, currency: string): AccountState {
    const key = `${account}\u0000${currency}`;
    let state = this.states.get(key);
    if (state === undefined) {
      state = { account, currency, closings: new Map(), movement: new Map(), undated: { closings: [] } };
      this.states.set(key, state);
    }
    return state;
  }

  private use(account: string, date: string): void {
    this.used.add(account);
    const openedOn = this.options.opened?.get(account);
    if (openedOn !== undefined && date < openedOn) {
      const early = this.beforeOpen.get(account);
      if (early === undefined) this.beforeOpen.set(account, { count: 1, first: date });
      else {
        early.count += 1;
        if (date < early.first) early.first = date;
      }
    }
    if (this.firstDate === undefined || date < this.firstDate) this.firstDate = date;
  }

  private async emit(text: string | Uint8Array): Promise<void> {
    if (text.length > 0 && !this.out.write(text)) await once(this.out, 'drain');
  }
}

function pick(balances: readonly Balance[], types: readonly string[]): Balance | undefined {
  for (const type of types) {
    const found = balances.find((balance) => balance.type === type);
    if (found) return found;
  }
  return undefined;
}
