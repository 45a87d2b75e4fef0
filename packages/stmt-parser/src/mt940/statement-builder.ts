import { Decimal } from '../decimal';
import type { IssueSink } from '../issues';
import { BookedMovement } from '../reconcile';
import type {
  Account,
  Balance,
  ParseIssue,
  SourceLocation,
  StatementFormat,
  StatementHeader,
  StatementRecord,
} from '../types';
import { parseAccount } from './account';
import {
  floorLimitCurrency,
  isFieldProblem,
  parseBalance,
  parseReportedTotal,
  type FieldProblem,
  type ParsedBalance,
  type ReportedTotal,
} from './balance';
import { statementProblems } from './checks';
import { buildEntry, type PendingEntry } from './entry';
import { KNOWN_TAGS, type Field } from './fields';
import { isStatementLineProblem, parseStatementLine, type StatementLineProblem } from './statement-line';
import { isWholeAmount, parseDateTimeWithOffset, type Deviation } from './values';

/** Where and how the input ended, for a statement the end of input closes. */
export interface InputEnd {
  location: SourceLocation;
  /** The last line had no line break. */
  unterminated: boolean;
  /** When `unterminated`: that last line, its number and text. */
  lastLine?: { line: number; text: string };
  /** The cut was already reported there (inside a FIN envelope, right after a tag …): one place, one report. */
  truncated?: boolean;
}

/**
 * How a statement was closed: by the end of the input (`input`, with where and how it ended), or
 * by what shows that its text is complete: its message end `-` (`separator`, its line) or the
 * next statement's `:20:` (`next`, its line). `cutSeparator`: the only `-` after the statement
 * is the input's last line, a lone `-` without a line break — it may be the first character of a
 * cut continuation line (German `:86:` lines begin with `-Nr. 99`, `-ID:`), so it proves nothing
 * (`-}`, `-XXX` do).
 */
type Closing =
  | { by: 'input'; end: InputEnd; separatedAt: number | undefined; cutSeparator: boolean }
  | { by: 'separator' | 'next'; line: number };

/**
 * The end-of-statement problems as the way the statement was closed shows them. A missing
 * closing balance is a cut file only when nothing closed the statement but the end of the
 * input: that is a `TRUNCATED` error at the end of the file. After the statement's `-` or
 * before the next `:20:` the entries are all there and the statement only lacks a balance to
 * reconcile them against: a warning at the statement. A statement the end of input closed
 * without its `-`, whose last line has no line break and whose balances do not reconcile, may
 * have had its closing balance cut; that stays a balance problem (real exports end so too), with
 * one `TRUNCATED` warning beside it. A `-` that is the last line without a line break proves
 * nothing (see `Closing`): a statement it closes without a closing balance is cut, too.
 */
function asClosed(problems: readonly ParseIssue[], closing: Closing, isMt942: boolean): ParseIssue[] {
  const out: ParseIssue[] = [];
  let cutWarned = false;
  for (const problem of problems) {
    const missingClosing = problem.code === 'MISSING_ELEMENT' && problem.message.includes(':62F:');
    if (missingClosing && closing.by === 'input' && closing.separatedAt === undefined) {
      if (closing.end.truncated === true) continue;
      const message =
        'the file ends before the closing balance :62F:/:62M: of the statement, without its end-of-message line "-": the file is truncated';
      out.push({ code: 'TRUNCATED', severity: 'error', message, location: closing.end.location });
      continue;
    }
    if (missingClosing && closing.by === 'input' && closing.cutSeparator) {
      if (closing.end.truncated === true) continue;
      const message = `the file ends before the closing balance :62F:/:62M: of the statement, with a "-" on line ${closing.separatedAt ?? 0} that has no line break: it may begin a continuation line that was cut (such as "-Nr. 99" in :86:) rather than end the message; the file is truncated`;
      out.push({ code: 'TRUNCATED', severity: 'error', message, location: closing.end.location });
      continue;
    }
    if (missingClosing) {
      const line = closing.by === 'input' ? (closing.separatedAt ?? 0) : closing.line;
      const after =
        closing.by === 'next'
          ? `the next statement's :20: on line ${line} follows`
          : `its end-of-message line "-" on line ${line} follows`;
      out.push({
        ...problem,
        severity: 'warning',
        message: `${problem.message}: ${after}, so its entries are complete, but there is no closing balance to reconcile them against`,
      });
      continue;
    }
    out.push(problem);
    // An MT942 report without its `-` is already a TRUNCATED error (see `finish`).
    if (cutWarned || isMt942 || problem.code !== 'UNRECONCILED_BALANCE') continue;
    if (closing.by !== 'input' || closing.separatedAt !== undefined || !closing.end.unterminated) continue;
    if (closing.end.truncated === true) continue;
    cutWarned = true;
    const message =
      'the file ends in the middle of a line and the balances do not reconcile: the closing balance may have been cut off';
    out.push({ code: 'TRUNCATED', severity: 'warning', message, location: closing.end.location });
  }
  return out;
}

/** Tags only MT942 (interim transaction report) uses. */
const MT942_TAGS = new Set(['13D', '34F', '90D', '90C']);

interface OpenStatement {
  header: StatementHeader;
  started: boolean;
  opening: Balance | undefined;
  closing: Balance | undefined;
  balances: Balance[];
  currency: string | undefined;
  entryCount: number;
  movement: BookedMovement;
  pending: PendingEntry | undefined;
  lastTag?: string;
  totals: { tag: string; total: ReportedTotal; location: SourceLocation }[];
  isMt942: boolean;
  /** Entries read before the account currency was known (MT942 without :34F:), in order. */
  held: PendingEntry[];
  sawFloorLimit: boolean;
  /** Line of the `:86:` that follows the pending entry's `:61:`. */
  informationLine?: number;
  /** Line of a `-` separator after which no new `:20:` has come yet. */
  separatedAt?: number;
  /** Another `-` stood before the one at `separatedAt`, with no field between them. */
  separatedBefore?: boolean;
  /** The statement's `:25:`: the first one, which is kept (see `account`). */
  accountField?: { account: Account; text: string; line: number };
  /**
   * The currency `:25:` names after the account (`NL50RABO0156750961 EUR`, `1291.99.348EUR`),
   * its line, and whether a balance (or `:34F:`) has been compared with it yet.
   */
  accountCurrency?: { code: string; line: number; compared: boolean };
  /** The field that gave the statement its currency (`:34F:`, a balance, `:25:`, `:90D:`), and its line. */
  currencySource?: { tag: string; line: number };
  /** The currencies of `:90D:`/`:90C:` already reported as not the statement's. */
  conflictingTotals?: Set<string>;
  /** Unknown tags already reported in this statement (see `unknownTag`). */
  unknownTags?: Set<string>;
}

/** Entries held while the currency is unknown, at most: beyond, memory would grow with the file. */
const HELD_LIMIT = 10_000;

/** How the file writes its amounts so far: how many with the decimal comma, how many without. */
interface AmountStyle {
  comma: number;
  whole: number;
}

/** A message end that could also be the first character of a cut continuation line. */
const LONE_SEPARATOR = /^-\s*$/;

/** Fields that, after a `-` separator without a new `:20:`, continue the statement before it. */
const CONTINUING_TAGS = new Set(['61', '86', '62F', '62M', '64', '65', '90D', '90C']);

/**
 * The MT940/MT942 state machine: fields in, records out. A statement opens at `:20:` and
 * closes at the next `:20:`, at a message end (`-`) followed by anything but its own
 * continuation, or at the end of the file; its `statement-start` is emitted before its first
 * entry, once `:25:`, `:28C:` and the currency (`:60F:`, or MT942's `:34F:`/`:90D:`) are known.
 */
export class Mt940StatementBuilder {
  private statement: OpenStatement | undefined;
  private index = 0;
  /** How the input ends, once known (see `inputEnds`). */
  private ending: InputEnd | undefined;
  /** A cut was reported inside the last field (see `cutAmount`). */
  private cutReported = false;
  /** The amounts of the file's balances and of its entries, by how they are written. */
  private readonly amounts: { balances: AmountStyle; entries: AmountStyle } = {
    balances: { comma: 0, whole: 0 },
    entries: { comma: 0, whole: 0 },
  };

  constructor(
    private readonly issues: IssueSink,
    private readonly fileName: string | undefined,
    private readonly forcedFormat: StatementFormat | undefined,
  ) {}

  field(field: Field): StatementRecord[] {
    const out: StatementRecord[] = [];
    const separated = this.statement?.separatedAt;
    if (separated !== undefined && field.tag !== '20' && this.statement) {
      if (CONTINUING_TAGS.has(field.tag)) {
        delete this.statement.separatedAt;
        delete this.statement.separatedBefore;
        this.issues.warning(
          'MISSING_ELEMENT',
          `the statement goes on after the "-" separator on line ${separated} without a new :20:; read as the same statement`,
          this.location(field),
        );
      } else {
        out.push(...this.close({ by: 'separator', line: separated }));
      }
    }
    if (field.tag === '20') {
      const separator = this.statement?.separatedAt;
      out.push(
        ...this.close(
          separator === undefined ? { by: 'next', line: field.line } : { by: 'separator', line: separator },
        ),
      );
      this.statement = this.open(field.lines[0]?.trim() ?? '', this.location(field));
    }
    const statement = this.statement ?? this.implicitStatement(field);
    if (MT942_TAGS.has(field.tag)) statement.isMt942 = true;
    const previousTag = statement.lastTag;
    // `:NS:` (bank-specific) lines between `:61:` and its `:86:` do not part them, nor do unknown tags (reported below).
    if (field.tag !== 'NS' && KNOWN_TAGS.has(field.tag)) statement.lastTag = field.tag;
    const value = field.lines[0] ?? '';
    switch (field.tag) {
      case '25':
        this.account(statement, field);
        break;
      case '28':
      case '28C':
        statement.header.electronicSequenceNumber = value.trim();
        break;
      case '13D': {
        const createdAt = parseDateTimeWithOffset(value);
        if (createdAt) statement.header.createdAt = createdAt;
        else
          this.problem(field, {
            code: 'INVALID_DATE',
            message: `expected date and time YYMMDDHHMM+ZZZZ, found "${value.trim()}"`,
            offset: 0,
          });
        break;
      }
      case '34F': {
        const floor = floorLimitCurrency(value);
        statement.sawFloorLimit = true;
        for (const deviation of floor?.deviations ?? []) this.deviation(field, deviation);
        if (floor) this.currencyFrom(statement, field, floor.currency, 0);
        out.push(...this.release(statement));
        break;
      }
      case '60F':
      case '60M':
      case '62F':
      case '62M':
      case '64':
      case '65':
        out.push(...this.flushEntry(statement));
        this.balance(statement, field);
        out.push(...this.release(statement));
        break;
      case '61':
        // Without a balance (or :34F:) before the entries, the currency after the account is theirs.
        if (statement.currency === undefined && statement.accountCurrency) {
          statement.currency = statement.accountCurrency.code;
          statement.currencySource = { tag: '25', line: statement.accountCurrency.line };
        }
        out.push(...this.flushEntry(statement), ...(statement.currency ? this.start(statement) : []));
        this.statementLine(statement, field);
        break;
      case '86':
        // After `:61:` (or another `:86:` of the same entry) the text describes the entry;
        // elsewhere it describes the statement, which our records do not carry.
        if (statement.pending && (previousTag === '61' || previousTag === '86')) {
          if (previousTag === '61') {
            statement.informationLine = field.line;
            statement.pending.informationLocation = this.location(field);
          } else
            this.issues.warning(
              'INVALID_VALUE',
              `another :86: for the :61: on line ${statement.pending.location.line}: its text is joined to that of the first :86:, on line ${statement.informationLine ?? field.line}, as the entry's information`,
              this.location(field),
            );
          // One at a time: a spread passes every line as an argument, and a field of 150,000
          // short lines overflowed the stack.
          for (const line of field.lines) statement.pending.information.push(line);
        }
        break;
      case '90D':
      case '90C': {
        const total = parseReportedTotal(value);
        if (isFieldProblem(total)) this.problem(field, total);
        else {
          if (total.deviation) this.deviation(field, total.deviation);
          statement.totals.push({ tag: field.tag, total, location: this.location(field) });
          if (!statement.currency && !statement.sawFloorLimit) {
            this.issues.warning(
              'MISSING_ELEMENT',
              `no :34F: floor limit (and no balance) gives the account currency; taken from :${field.tag}: as ${total.currency}`,
              this.location(field),
            );
          }
          if (statement.currency === undefined) {
            statement.currency = total.currency;
            statement.currencySource = { tag: field.tag, line: field.line };
          } else if (total.currency !== statement.currency) this.totalCurrency(statement, field, total.currency);
          out.push(...this.release(statement));
        }
        break;
      }
      default:
        // :21: related reference and :NS: bank-specific fields carry nothing we map.
        if (!KNOWN_TAGS.has(field.tag)) this.unknownTag(statement, field, previousTag);
        break;
    }
    return out;
  }

  /**
   * A tag MT940/MT942 does not define (`:72:`, `:99:`): its text is not read, with a warning at
   * it, once per tag and statement. Where it follows an entry's `:61:` or `:86:` it may be the
   * `:86:` misspelt or a continuation line of it, so the warning names the entry.
   */
  private unknownTag(statement: OpenStatement, field: Field, previousTag: string | undefined): void {
    const seen = (statement.unknownTags ??= new Set());
    if (seen.has(field.tag)) return;
    seen.add(field.tag);
    const pending = statement.pending;
    let entry = '';
    if (pending && previousTag === '61')
      entry = `; it stands where the :86: of the entry :61: on line ${pending.location.line} would: that entry is read without it`;
    else if (pending && previousTag === '86')
      entry = `; if it is text of the :86: on line ${statement.informationLine ?? pending.location.line} (a continuation line that looks like a tag), that text is missing from the entry :61: on line ${pending.location.line}`;
    this.issues.warning(
      'INVALID_VALUE',
      `unknown tag :${field.tag}:, which MT940/MT942 does not define: its text is not read${entry}; further :${field.tag}: fields in this statement are skipped without another warning`,
      this.location(field),
    );
  }

  /**
   * A `-` separator on `line`. It closes the statement only when something other than its
   * continuation follows (see `field`).
   */
  endOfMessage(line: number): StatementRecord[] {
    if (this.statement) {
      this.statement.separatedBefore = this.statement.separatedAt !== undefined;
      this.statement.separatedAt = line;
    }
    return [];
  }

  /**
   * How the input ends, told before the field still open at the end is given to `field`: a
   * balance on the last line without a line break may have been cut inside its amount.
   */
  inputEnds(end: InputEnd): void {
    this.ending = end;
  }

  /**
   * The input ended. A statement still open was not closed by `-`: that is how bare bank
   * exports end, but an MT942 report (no closing balance) must have its `-`, and when the
   * last line had no line break a balance that does not reconcile means the file was cut.
   */
  finish(input: InputEnd): StatementRecord[] {
    const statement = this.statement;
    // A cut already reported inside the last field is the one report of it.
    const end = this.cutReported ? { ...input, truncated: true } : input;
    if (statement?.isMt942 && statement.separatedAt === undefined && end.truncated !== true)
      this.issues.error(
        'TRUNCATED',
        'the file ends inside an MT942 report: expected its end-of-message line "-"; the file is truncated',
        end.location,
      );
    const separatedAt = statement?.separatedAt;
    const last = end.lastLine;
    const cutSeparator =
      separatedAt !== undefined &&
      separatedAt === last?.line &&
      LONE_SEPARATOR.test(last.text) &&
      statement?.separatedBefore !== true;
    return this.close({ by: 'input', end, separatedAt, cutSeparator });
  }

  private open(statementId: string, location: SourceLocation): OpenStatement {
    const header: StatementHeader = {
      format: this.forcedFormat ?? 'mt940',
      index: this.index++,
      statementId,
      account: {},
      location,
    };
    return {
      header,
      started: false,
      currency: undefined,
      pending: undefined,
      opening: undefined,
      closing: undefined,
      balances: [],
      entryCount: 0,
      movement: new BookedMovement(),
      totals: [],
      isMt942: false,
      held: [],
      sawFloorLimit: false,
    };
  }

  /** Fields before any `:20:`: report it once, then read them as a statement without a reference. */
  private implicitStatement(field: Field): OpenStatement {
    this.issues.warning(
      'MISSING_ELEMENT',
      `expected the statement to begin with field :20: (transaction reference), found :${field.tag}:`,
      this.location(field),
    );
    this.statement = this.open('', this.location(field));
    return this.statement;
  }

  private start(statement: OpenStatement): StatementRecord[] {
    if (statement.started) return [];
    statement.started = true;
    if (!this.forcedFormat || this.forcedFormat === 'mt940' || this.forcedFormat === 'mt942') {
      statement.header.format = statement.isMt942 ? 'mt942' : 'mt940';
    }
    if (!statement.header.account.iban && !statement.header.account.otherId) {
      this.issues.warning(
        'MISSING_ELEMENT',
        'expected field :25: (account identification) before the first entry; the rows have no account',
        statement.header.location,
      );
    }
    if (statement.currency && !statement.header.account.currency)
      statement.header.account = { ...statement.header.account, currency: statement.currency };
    return [{ kind: 'statement-start', statement: { ...statement.header } }];
  }

  /**
   * `:25:`. One statement has one account: a second `:25:` naming another account is not used
   * (the statement and its entries, the one pending before it too, keep the first), with a
   * warning; an empty first gives way to it.
   */
  private account(statement: OpenStatement, field: Field): void {
    const text = (field.lines[0] ?? '').trim();
    const account = parseAccount(text);
    const first = statement.accountField;
    if (first && first.text !== '') {
      if (!sameAccount(first.account, account))
        this.issues.warning(
          'INVALID_VALUE',
          `a second account :25: "${text}" in the statement: the first, "${first.text}" (:25: on line ${first.line}), is kept and this one is not used`,
          this.location(field),
        );
      return;
    }
    statement.accountField = { account, text, line: field.line };
    statement.header.account = account;
    const code = account.currency;
    if (code) statement.accountCurrency = { code, line: field.line, compared: false };
    else delete statement.accountCurrency;
  }

  private balance(statement: OpenStatement, field: Field): void {
    const parsed = parseBalance(field.tag, field.lines[0] ?? '', statement.currency ?? statement.accountCurrency?.code);
    if (isFieldProblem(parsed)) return this.unreadBalance(statement, field, parsed);
    const whole = parsed.deviations.some(isWholeAmount);
    if (whole && this.cutAmount(field, parsed)) return;
    this.amounts.balances[whole ? 'whole' : 'comma']++;
    for (const deviation of parsed.deviations) this.deviation(field, deviation);
    const balance = parsed.balance;
    balance.location = this.location(field);
    this.currencyFrom(statement, field, balance.money.currency, 7);
    const opening = field.tag.startsWith('60');
    const closing = field.tag.startsWith('62');
    const earlier = opening ? statement.opening : closing ? statement.closing : undefined;
    if (earlier) {
      // One statement has one opening and one closing balance. The opening stands before the
      // entries, so the first is kept; the closing after them, so the last is.
      const first = `${earlier.location?.path ?? ''} on line ${earlier.location?.line ?? 0}`;
      this.issues.warning(
        'INVALID_VALUE',
        opening
          ? `a second opening balance ${balance.location.path ?? ''} in the statement: the first, ${first}, is kept and this one is not used`
          : `a second closing balance ${balance.location.path ?? ''} in the statement: the first, ${first}, is replaced by this one (the last closing balance is the statement's)`,
        balance.location,
      );
      if (opening) return;
      statement.balances.splice(statement.balances.indexOf(earlier), 1);
    }
    statement.balances.push(balance);
    if (opening) statement.opening = balance;
    if (closing) statement.closing = balance;
  }

  /**
   * A balance that cannot be read. Only its amount unreadable, no row depends on it: it is left
   * out with a warning, and the currency written before the amount still counts as the
   * statement's. A statement left without a closing balance so is still cut when the file ends
   * without its "-" (`asClosed`). A balance garbled before its currency is refused.
   */
  private unreadBalance(statement: OpenStatement, field: Field, problem: FieldProblem): void {
    if (problem.currency === undefined) return this.problem(field, problem);
    this.currencyFrom(statement, field, problem.currency, 7);
    this.problem(field, problem, this.issues.downgraded('the balance is left out (no row depends on it)'));
  }

  /**
   * Whether the balance `field`, whose amount has no decimal comma, is the input's last line
   * without a line break while the file's other balances (or, with none, its entries) all have
   * the comma: then the file was cut inside the amount (`15` of `15,00`). That is reported as
   * `TRUNCATED` at the end of the file, once, and the balance is not used. A file that writes its
   * amounts without the comma keeps the whole-amount reading. `10,` and `10,0` are SWIFT amounts:
   * a cut after the comma cannot be told from them.
   */
  private cutAmount(field: Field, parsed: ParsedBalance): boolean {
    const end = this.ending;
    if (!end?.unterminated || end.truncated === true || end.lastLine?.line !== field.line || field.lines.length !== 1)
      return false;
    const { balances, entries } = this.amounts;
    const others = balances.comma + balances.whole > 0 ? balances : entries;
    if (others.comma === 0 || others.whole > 0) return false;
    const which = others === balances ? 'balances' : 'entries';
    this.cutReported = true;
    this.issues.error(
      'TRUNCATED',
      `the file ends inside the amount of :${field.tag}: on its last line ${field.line}, which has no line break: "${parsed.amountText}" has no decimal comma, while the file's other ${which} have one; the balance is not used and the file is truncated`,
      { ...end.location, path: `:${field.tag}:` },
    );
    return true;
  }

  /**
   * Whether the `:61:` `field`, which cannot be read, is the input's last line without a line
   * break: then the file was cut inside it (`:61:240103C2` of `:61:240103C2500,00NTRF…`), and
   * that is what is reported — `TRUNCATED` at the end of the file, once — not the part it lacks.
   */
  private cutStatementLine(field: Field, problem: StatementLineProblem): boolean {
    const end = this.ending;
    if (!end?.unterminated || end.truncated === true || end.lastLine?.line !== field.line || field.lines.length !== 1)
      return false;
    this.cutReported = true;
    const why = problem.message.charAt(0).toLowerCase() + problem.message.slice(1);
    this.issues.error(
      'TRUNCATED',
      `the file ends inside the statement line :61: on its last line ${field.line}, which has no line break: "${(field.lines[0] ?? '').trim()}" is not a whole entry (${why}); the file is truncated`,
      { ...end.location, path: ':61:' },
    );
    return true;
  }

  /**
   * A currency the statement states (a balance's, `:34F:`'s): the statement's currency unless an
   * earlier one set it. The first is compared with the currency after the account in `:25:`;
   * where they differ the balance is SWIFT's place for the currency, so it is the entries'.
   */
  private currencyFrom(statement: OpenStatement, field: Field, currency: string, offset: number): void {
    const named = statement.accountCurrency;
    if (named && !named.compared) {
      named.compared = true;
      if (named.code !== currency) {
        const entries = statement.currency ?? currency;
        this.deviation(field, {
          message: `:${field.tag}: is in ${currency}, but the account :25: on line ${named.line} is followed by currency ${named.code}; the entries are read in ${entries}`,
          offset,
        });
      }
    }
    if (statement.currency === undefined) {
      statement.currency = currency;
      statement.currencySource = { tag: field.tag, line: field.line };
    }
  }

  /**
   * A `:90D:`/`:90C:` whose currency is not the statement's (`:34F:DKKD1,00` beside
   * `:90C:1EUR25,`): one of the two is wrong, and the file does not say which. The entries stay in
   * the statement's currency, the sum is compared with theirs (see `statementProblems`), and the
   * conflict is reported once per currency.
   */
  private totalCurrency(statement: OpenStatement, field: Field, currency: string): void {
    const seen = (statement.conflictingTotals ??= new Set());
    if (seen.has(currency)) return;
    seen.add(currency);
    const source = statement.currencySource;
    const from = source ? `:${source.tag}: on line ${source.line}` : 'the statement';
    this.issues.warning(
      'INVALID_VALUE',
      `:${field.tag}: states its sum in ${currency}, but ${from} gives the currency ${statement.currency ?? ''}: the two disagree; the entries are read in ${statement.currency ?? ''}, and the sum is compared with theirs`,
      this.location(field),
    );
  }

  private statementLine(statement: OpenStatement, field: Field): void {
    const line = parseStatementLine(field.lines);
    if (isStatementLineProblem(line)) {
      if (this.cutStatementLine(field, line)) return;
      return this.problem(field, line);
    }
    this.amounts.entries[line.deviations.some(isWholeAmount) ? 'whole' : 'comma']++;
    for (const deviation of line.deviations) this.deviation(field, deviation);
    const location = this.location(field);
    statement.pending = { line, amount: Decimal.parse(line.amountText), location, information: [] };
    const at = line.supplementaryAt;
    if (at) {
      const first = at.line === 0;
      statement.pending.supplementaryLocation = {
        ...location,
        line: field.lineNumbers[at.line] ?? field.line,
        column: (first ? location.column : 1) + at.offset,
      };
    }
  }

  private flushEntry(statement: OpenStatement): StatementRecord[] {
    const pending = statement.pending;
    if (!pending) return [];
    statement.pending = undefined;
    if (!statement.currency) {
      // MT942 may name its currency only in :90D:/:90C: after the entries: wait for it.
      statement.held.push(pending);
      return statement.held.length < HELD_LIMIT ? [] : this.release(statement, true);
    }
    return [...this.start(statement), this.entry(statement, pending)];
  }

  /** The held entries, once the currency is known (or at the end of the statement, when it never was). */
  private release(statement: OpenStatement, giveUp = false): StatementRecord[] {
    if (statement.held.length === 0 || (!statement.currency && this.statement === statement && !giveUp)) return [];
    if (!statement.currency) {
      const first = statement.held[0] as PendingEntry;
      const waited =
        statement.held.length >= HELD_LIMIT
          ? ` before its first ${HELD_LIMIT.toLocaleString('en-US')} entries (a statement without its opening balance is held only that far, waiting for its closing balance to give the currency)`
          : '';
      this.issues.error(
        'MISSING_ELEMENT',
        `the account currency is unknown${waited}: expected :60F:/:60M: (or in MT942 :34F:, :90D: or :90C:) to give it`,
        first.location,
      );
    }
    const held = statement.held;
    statement.held = [];
    return [...this.start(statement), ...held.map((pending) => this.entry(statement, pending))];
  }

  private entry(statement: OpenStatement, pending: PendingEntry): StatementRecord {
    const header = statement.header;
    const hidden = (text: string): void =>
      this.issues.note(
        'INVALID_VALUE',
        `the supplementary details "${text}" of :61: are kept as the entry's additional information; the row's remittance_info is the :86: text`,
        pending.supplementaryLocation ?? pending.location,
      );
    const context = {
      statementId: header.statementId,
      statementIndex: header.index,
      account: header.account,
      currency: statement.currency ?? 'XXX',
      index: statement.entryCount++,
    };
    const problem = (message: string): void =>
      this.issues.warning('INVALID_VALUE', `:86:: ${message}`, pending.informationLocation ?? pending.location);
    const entry = buildEntry(pending, context, hidden, problem);
    statement.movement.add(entry);
    return { kind: 'entry', entry };
  }

  private close(closedBy: Closing): StatementRecord[] {
    const statement = this.statement;
    if (!statement) return [];
    this.statement = undefined;
    const out = [...this.flushEntry(statement), ...this.release(statement), ...this.start(statement)];
    const { header, isMt942, opening, closing, movement, totals } = statement;
    const problems = statementProblems({
      header,
      isMt942,
      opening,
      closing,
      movement,
      reported: totals,
      ...(statement.currency === undefined ? {} : { currency: statement.currency }),
    });
    for (const issue of asClosed(problems, closedBy, isMt942)) this.issues.report(issue);
    const end = { ...header, balances: statement.balances, entryCount: statement.entryCount };
    if (statement.closing?.date) end.toDate = statement.closing.date;
    out.push({ kind: 'statement-end', statement: end });
    return out;
  }

  private deviation(field: Field, deviation: Deviation): void {
    const location = this.location(field);
    this.issues.warning('INVALID_VALUE', deviation.message, {
      ...location,
      column: location.column + deviation.offset,
    });
  }

  private problem(field: Field, problem: FieldProblem, issues: IssueSink = this.issues): void {
    issues.error(problem.code, problem.message, this.location(field, problem.offset));
  }

  /** Where `field` begins, or `offset` characters into its value. */
  private location(field: Field, offset = 0): SourceLocation {
    const location: SourceLocation = { line: field.line, column: field.column + offset, path: `:${field.tag}:` };
    if (this.fileName !== undefined) location.file = this.fileName;
    return location;
  }
}

/** The same account, however `:25:` spelt it (`NL50RABO0156750961 EUR`, `NL50RABO0156750961EUR`). */
function sameAccount(a: Account, b: Account): boolean {
  return a.iban === b.iban && a.otherId === b.otherId && a.servicerBic === b.servicerBic && a.currency === b.currency;
}
