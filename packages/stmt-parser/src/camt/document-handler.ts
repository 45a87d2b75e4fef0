import { StatementParseError } from '../errors';
import { IssueSink } from '../issues';
import { readCurrencyCode } from '../issues-currency';
import {
  ENTRY_DETAILS_PART,
  fieldTooLarge,
  maxEntryDetails,
  maxFieldSize,
  MAX_NESTING_DEPTH,
  nestedTooDeep,
} from '../limits';
import type { Entry, ParseOptions, SourceLocation, StatementRecord } from '../types';
import { BalanceDraft } from './balance-draft';
import { ElementStack } from './element-stack';
import { EntryDraft } from './entry-draft';
import { detached, type LeafContext } from './leaf';
import { MessageScope } from './message-scope';
import { StatementDraft } from './statement-draft';
import { TransactionDraft } from './transaction-draft';
import { ValueReader, type ImpliedCurrency } from './values';

/**
 * The camt state machine: turns element events into records. It knows which draft (statement,
 * balance, entry, transaction) is open and hands each closing leaf to the innermost one.
 * Per element it does a push, a pop and a switch on the local name — no allocation — because
 * it runs for every element of files that may be gigabytes long.
 */
export class DocumentHandler implements LeafContext {
  /** Records completed since the last drain, in document order. */
  out: StatementRecord[] = [];
  readonly stack: ElementStack;
  readonly values: ValueReader;
  readonly issues: IssueSink;
  currency: string | undefined;
  /** Copy leaf text out of its decoded chunk (`detached`); fragments, packed and dropped at once, skip it. */
  detachText = true;
  /** Called as the document's first entry opens: parallel parsing learns the elements around entries then. */
  onFirstEntry: (() => void) | undefined;
  private readonly scope: MessageScope;
  private chars = '';
  private sawChild = false;
  private rootClosed = false;
  private paddingWarned = false;
  private statement: StatementDraft | undefined;
  private statementLevel = -1;
  /** `Document/BkToCstmrStmt/Stmt[1]`, kept so each entry's path is one concatenation. */
  private statementPath = '';
  private balance: BalanceDraft | undefined;
  private entry: EntryDraft | undefined;
  private entryLevel = -1;
  private transactionsInEntry = 0;
  private tx: TransactionDraft | undefined;
  private txLevel = -1;
  /** Where a missing child of the open entry would be; one function for the whole document, not one per entry. */
  private readonly entryChildLocation = (child: string): SourceLocation => this.stack.location(this.entryLevel, child);

  /** The longest value read (`ParseOptions.maxFieldSize`): element text, and in the XML readers names, attribute values and comments. */
  readonly maxFieldSize: number;
  private readonly fileName: string | undefined;
  private readonly maxEntryDetails: number;
  private readonly streamEntryDetails: boolean;

  constructor(options: ParseOptions) {
    this.streamEntryDetails = options.streamEntryDetails === true;
    this.fileName = options.fileName;
    this.maxFieldSize = maxFieldSize(options);
    this.maxEntryDetails = maxEntryDetails(options);
    this.stack = new ElementStack(options.fileName);
    this.issues = new IssueSink(options);
    this.values = new ValueReader(this.issues, this.stack, () => this.impliedCurrency());
    this.scope = new MessageScope(this.stack, this.issues);
  }

  open(name: string, attributes: Readonly<Record<string, string>>, line: number, column: number): void {
    const colon = name.indexOf(':');
    const local = colon < 0 ? name : name.slice(colon + 1);
    const stack = this.stack;
    if (this.rootClosed && stack.depth === 0) this.secondRoot(local, line, column);
    if (stack.depth >= MAX_NESTING_DEPTH) throw nestedTooDeep(`<${local}>`, { ...stack.location(), line, column });
    stack.push(local, line, column);
    this.chars = '';
    this.sawChild = false;
    const level = stack.depth - 1;
    switch (local) {
      case 'Amt':
        this.currency = attributes['Ccy'];
        return;
      case 'Ntry':
        if (this.statement && !this.entry && level === this.statementLevel + 1) this.openEntry(this.statement, level);
        return;
      case 'TxDtls':
        if (this.entry && !this.tx) this.openTransaction(level);
        return;
      case 'Bal':
        if (this.statement && !this.balance && !this.entry && level === this.statementLevel + 1) {
          stack.setIndex(++this.statement.balanceElements);
          this.balance = new BalanceDraft(level, stack.location());
        }
        return;
      default:
        if (!this.statement && this.scope.open(local, name, attributes, level)) this.openStatement(level);
    }
  }

  appendText(chunk: string): void {
    // Text after a child element closed is indentation between siblings (camt has no mixed
    // content), so only text before the first child can belong to a leaf.
    if (this.sawChild) return;
    this.chars += chunk;
    if (this.chars.length > this.maxFieldSize)
      throw fieldTooLarge(`<${this.stack.name()}>`, this.maxFieldSize, this.stack.location());
  }

  close(): void {
    const level = this.stack.depth - 1;
    const local = this.stack.name();
    const isLeaf = !this.sawChild;
    const text = isLeaf && this.detachText ? detached(this.chars) : this.chars;
    if (this.tx) {
      if (level === this.txLevel) this.closeTransaction(this.tx);
      else if (isLeaf) this.tx.leaf(local, text, this);
    } else if (this.entry) {
      if (level === this.entryLevel) this.closeEntry(this.entry);
      else if (isLeaf) this.entry.leaf(local, text, this);
    } else if (this.balance) {
      if (level === this.balance.level) this.closeBalance(this.balance);
      else if (isLeaf) this.balance.leaf(local, text, this);
    } else if (this.statement) {
      if (level === this.statementLevel) this.closeStatement(this.statement);
      else if (isLeaf) this.statement.leaf(local, text, this, level - this.statementLevel);
    } else {
      this.scope.close(level);
    }
    if (level === 0) this.rootClosed = true;
    this.stack.pop();
    this.chars = '';
    this.sawChild = true;
  }

  /** `line` and `column` of this file, in the innermost open element or (`child`) in a child of it being opened. */
  locationAt(line: number, column: number, child?: string): SourceLocation {
    const inside = this.stack.depth > 0 ? this.stack.path() : undefined;
    const path = child === undefined ? inside : inside === undefined ? child : `${inside}/${child}`;
    return {
      ...(this.fileName === undefined ? {} : { file: this.fileName }),
      line,
      column,
      ...(path === undefined ? {} : { path }),
    };
  }

  /**
   * A character XML 1.0 does not allow (a C0 control other than tab, line feed and carriage
   * return; U+FFFE, U+FFFF), written or as a character reference, at `line` and `column`. The
   * value it is in is still meaningful, so it is read, with U+FFFD in its place, and a warning.
   */
  invalidCharacter(code: number, line: number, column: number): void {
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    this.issues.warning(
      'NOT_WELL_FORMED',
      code >= 0x80 && code <= 0x9f
        ? `the C1 control character U+${hex} is no text (XML discourages it; in ISO-8859-1 it often stands for a windows-1252 character such as € or „); read as U+FFFD (the replacement character)`
        : `the ${code < 0x20 ? 'control ' : ''}character U+${hex} is not allowed in XML; read as U+FFFD (the replacement character)`,
      this.locationAt(line, column),
    );
  }

  /**
   * A NUL or Ctrl-Z (U+001A) after the root element's end, at `line` and `column`: padding (DOS
   * ends files with Ctrl-Z, fixed-size transfers pad with NUL), not a second document. Skipped,
   * with a warning at the first; anything else after the root element stays an error.
   */
  padding(code: number, line: number, column: number): void {
    if (this.paddingWarned) return;
    this.paddingWarned = true;
    const what = code === 0 ? 'a NUL byte (U+0000)' : 'a Ctrl-Z (U+001A, the DOS end-of-file mark)';
    this.issues.warning(
      'NOT_WELL_FORMED',
      `the document has ended, but ${what} follows: read as padding and ignored, with any more NUL or Ctrl-Z after it`,
      this.locationAt(line, column),
    );
  }

  /** The XML declaration at `at` is preceded by white space, where XML 1.0 wants it first in the file. */
  declarationNotFirst(at: { line: number; column: number }): void {
    this.issues.warning(
      'NOT_WELL_FORMED',
      'the XML declaration <?xml …?> does not start the file (white space comes before it), as XML requires; read as if it did',
      this.locationAt(at.line, at.column),
    );
  }

  /** A start tag after the root element's end: the file holds a second document, which no reader can tell apart from a broken one. */
  private secondRoot(local: string, line: number, column: number): never {
    throw new StatementParseError(
      'NOT_WELL_FORMED',
      `the file holds a second document: a second root element <${local}> starts here, after the first one ended; an XML file holds one document — split the file into one file per document and convert each`,
      { location: this.locationAt(line, column, local) },
    );
  }

  /** `&name;` is an HTML entity, not one XML defines; it is read as `value`, its HTML meaning. */
  htmlEntity(name: string, value: string, line: number, column: number): void {
    const shown = value === '\u00a0' ? 'a no-break space' : JSON.stringify(value);
    this.issues.warning(
      'NOT_WELL_FORMED',
      `the entity &${name}; is not defined in XML (it is HTML's); read as ${shown}`,
      this.locationAt(line, column),
    );
  }

  /**
   * The start tag just opened gives the attribute `name` twice (the XML reader keeps the first),
   * the second ending at `line` and `column`. Which value is meant cannot be told (`Ccy="EUR"
   * Ccy="USD"`), so it is an error.
   */
  repeatedAttribute(name: string, first: string, second: string, line: number, column: number): void {
    this.issues.error(
      'NOT_WELL_FORMED',
      `the attribute ${name} is given twice in <${this.stack.name()}> (${JSON.stringify(first)}, then ${JSON.stringify(second)}): the XML is not well-formed, and which value is meant cannot be told`,
      this.locationAt(line, column),
    );
  }

  /** Called when the input ends, before the XML parser is closed: a missing end is truncation. */
  end(line: number, column: number): void {
    const file = this.stack.location(0).file;
    const where = { ...(file === undefined ? {} : { file }), line, column };
    if (!this.rootClosed) {
      const inside = this.stack.depth > 0 ? this.stack.path() : undefined;
      throw new StatementParseError(
        'TRUNCATED',
        inside
          ? `the file ends inside <${this.stack.name()}>; expected the rest of the document up to </${this.stack.name(this.stack.depth - 1)}> — the file is truncated`
          : 'the file ends before its root element; expected an XML document',
        { location: inside ? { ...where, path: inside } : where },
      );
    }
    this.scope.end(where);
  }

  /**
   * Whether the handler stands between two entries of an open statement, `depth` elements
   * deep: the one place where entries read elsewhere (a fragment) can be taken over.
   */
  betweenEntries(depth: number): boolean {
    return (
      this.statement !== undefined &&
      !this.entry &&
      !this.balance &&
      this.stack.depth === depth &&
      this.statementLevel === depth - 1
    );
  }

  /**
   * Takes over entries that another handler read from the text right after this point, as if
   * they had been read here: indices, paths and statement fields become this statement's, and
   * lines and columns (relative to the fragment, line 1 being the current one) absolute, and
   * locations name this handler's file.
   * Call only when `betweenEntries` holds.
   */
  adoptEntries(entries: readonly Entry[], line: number, column: number): void {
    const statement = this.statement as StatementDraft;
    this.emitHeader(statement);
    const { statementId, index: statementIndex, account } = statement.header;
    for (const entry of entries) {
      const index = statement.entryElements++;
      const at = entry.location;
      const path = `${this.statementPath}/Ntry[${index + 1}]`;
      const entryLine = line + at.line - 1;
      const entryColumn = at.line === 1 ? column + at.column : at.column;
      entry.statementId = statementId;
      entry.statementIndex = statementIndex;
      entry.account = account;
      entry.index = index;
      entry.location =
        this.fileName === undefined
          ? { line: entryLine, column: entryColumn, path }
          : { file: this.fileName, line: entryLine, column: entryColumn, path };
      statement.entryCount++;
      statement.movement.add(entry);
      this.out.push({ kind: 'entry', entry });
    }
  }

  /** Takes the completed records. */
  drain(): StatementRecord[] {
    const records = this.out;
    this.out = [];
    return records;
  }

  private openStatement(level: number): void {
    const index = this.scope.statementCount - 1;
    this.stack.setIndex(index + 1);
    const location = this.stack.location();
    this.statement = new StatementDraft(
      this.scope.messageType,
      this.scope.version,
      index,
      location,
      this.issues.errorCount,
    );
    this.statementLevel = level;
    this.statementPath = location.path ?? this.stack.path();
  }

  private closeStatement(statement: StatementDraft): void {
    this.emitHeader(statement);
    const result = statement.finish(this.issues, (child) => this.stack.location(this.statementLevel, child));
    this.out.push({ kind: 'statement-end', statement: result });
    this.statement = undefined;
    this.statementLevel = -1;
  }

  private closeBalance(balance: BalanceDraft): void {
    this.statement?.addBalance(
      balance.finish(this.issues, (child) => this.stack.location(balance.level, child)),
      balance.day,
    );
    this.balance = undefined;
  }

  private openEntry(statement: StatementDraft, level: number): void {
    if (this.onFirstEntry) {
      this.onFirstEntry();
      this.onFirstEntry = undefined;
    }
    this.emitHeader(statement);
    const index = statement.entryElements++;
    this.stack.setIndex(index + 1);
    const { statementId, index: statementIndex, account } = statement.header;
    const location = this.stack.locationWithPath(`${this.statementPath}/${this.stack.name()}[${index + 1}]`);
    this.entry = new EntryDraft({
      statementId,
      statementIndex,
      account,
      index,
      location,
      bookedOnly: statement.header.format === 'camt.053',
      statementDay: statement.singleDay(),
    });
    this.entryLevel = level;
    this.transactionsInEntry = 0;
  }

  private closeEntry(draft: EntryDraft): void {
    const entry = draft.finish(this.issues, this.entryChildLocation);
    this.entry = undefined;
    this.entryLevel = -1;
    if (!entry || !this.statement) return;
    this.statement.entryCount++;
    this.statement.movement.add(entry);
    this.out.push({ kind: 'entry', entry });
  }

  private openTransaction(level: number): void {
    this.stack.setIndex(++this.transactionsInEntry);
    // Counts the details held, not read: handed-out parts (streamEntryDetails) no longer count.
    if ((this.entry?.details.length ?? 0) >= this.maxEntryDetails) {
      throw new StatementParseError(
        'LIMIT_EXCEEDED',
        this.streamEntryDetails
          ? `the entry has more than ${this.maxEntryDetails} transaction details <TxDtls> before its amount, direction and status, so they are held in memory and larger batches are refused (--max-entry-details)`
          : `the entry has more than ${this.maxEntryDetails} transaction details <TxDtls>; one row joins them all, so the entry is held in memory and larger batches are refused. Use --split-batches (one row per detail, any number of details) or raise --max-entry-details`,
        { location: this.stack.location() },
      );
    }
    this.tx = new TransactionDraft();
    this.txLevel = level;
  }

  private closeTransaction(tx: TransactionDraft): void {
    const entry = this.entry;
    entry?.addDetail(tx.finish());
    if (
      this.streamEntryDetails &&
      entry &&
      entry.details.length >= Math.min(ENTRY_DETAILS_PART, this.maxEntryDetails)
    ) {
      const part = entry.takePart();
      if (part) this.out.push({ kind: 'entry', entry: part });
    }
    this.tx = undefined;
    this.txLevel = -1;
  }

  /**
   * The currency of an `<Amt>` without `Ccy`: the account's (`<Acct>` comes before balances and
   * entries), else, inside an entry, that of the entry's own amount (which comes before its charges,
   * amount details and transaction details). A fragment read on another thread knows no `<Acct>`;
   * the warning stops it, and the document reader reads the entry again, knowing it.
   */
  private impliedCurrency(): ImpliedCurrency | undefined {
    const account = this.statement?.header.account.currency;
    const reading = account === undefined ? undefined : readCurrencyCode(account);
    if (reading) return { code: reading.code, source: 'the account currency (<Acct><Ccy>)' };
    const entryCurrency = this.entry?.movement.money?.currency;
    if (entryCurrency) return { code: entryCurrency, source: 'the currency of the entry amount (<Ntry><Amt>)' };
    return undefined;
  }

  private emitHeader(statement: StatementDraft): void {
    if (statement.headerEmitted) return;
    statement.headerEmitted = true;
    this.out.push({ kind: 'statement-start', statement: statement.header });
  }
}
