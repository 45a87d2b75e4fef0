import { StatementParseError } from '../errors';
import type { IssueSink } from '../issues';
import { DEFAULT_MAX_FIELD_SIZE, fieldTooLarge, MAX_NESTING_DEPTH, nestedTooDeep } from '../limits';
import type { SourceLocation } from '../types';
import { decodeEntities, type OfxToken } from './tokenizer';

/** What the statement builder sees: aggregates entered and left, and leaf elements with their value. */
export type OfxEvent =
  | { type: 'enter'; name: string; path: string; location: SourceLocation }
  | { type: 'leaf'; name: string; value: string; path: string; location: SourceLocation }
  | { type: 'exit'; name: string; path: string; location: SourceLocation };

interface Frame {
  name: string;
  segment: string;
  location: SourceLocation;
  value: string | undefined;
  isAggregate: boolean;
  childCounts: Map<string, number> | undefined;
  /**
   * Leaves of this aggregate that the next tag closed (OFX 1.x writes no end tag), most recent
   * last and at most {@link CLOSED_LEAVES_KEPT}: an end tag arriving for one of them later is
   * tolerated (`<CODE>0<SEVERITY>INFO</SEVERITY></CODE>`).
   */
  closedLeaves: string[] | undefined;
}

/**
 * OFX leaf elements that banks leave empty (`<MEMO><CURRENCY>…`). Without a DTD an empty
 * unclosed leaf looks like the start of an aggregate, so these are closed when the next tag opens.
 */
const LEAVES = new Set([
  'MEMO',
  'NAME',
  'PAYEEID',
  'CHECKNUM',
  'REFNUM',
  'SIC',
  'SRVRTID',
  'EXTDNAME',
  'MESSAGE',
  'FITID',
  'TRNTYPE',
  'DTUSER',
  'DTAVAIL',
  'DTPOSTED',
  'TRNAMT',
  'CURRATE',
  'CURSYM',
  'BANKID',
  'BRANCHID',
  'ACCTID',
  'ACCTTYPE',
  'ACCTKEY',
  'ADDR1',
  'ADDR2',
  'ADDR3',
  'CITY',
  'STATE',
  'POSTALCODE',
  'COUNTRY',
  'PHONE',
  'DTSTART',
  'DTEND',
  'DTASOF',
  'BALAMT',
  'CURDEF',
]);

/**
 * Aggregates that hold a row: one left open cannot be closed by an end tag further up, since
 * the row would be completed from what was read so far (and so could be wrong).
 */
const TRANSACTIONS = new Set(['STMTTRN', 'INVBANKTRAN']);

/**
 * OFX aggregates whose structure the statement is read from. An end tag naming one of them is
 * never taken for a stray leaf end tag: `<CURRENCY>x<CURRATE>1.25</CURRENCY>` would otherwise put
 * CURRATE outside its CURRENCY and change the amount.
 */
const AGGREGATES = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'STATUS',
  'BANKMSGSRSV1',
  'CREDITCARDMSGSRSV1',
  'INVSTMTMSGSRSV1',
  'STMTTRNRS',
  'CCSTMTTRNRS',
  'INVSTMTTRNRS',
  'STMTRS',
  'CCSTMTRS',
  'INVSTMTRS',
  'BANKACCTFROM',
  'CCACCTFROM',
  'INVACCTFROM',
  'BANKACCTTO',
  'CCACCTTO',
  'BANKTRANLIST',
  'INVTRANLIST',
  'STMTTRN',
  'INVBANKTRAN',
  'PAYEE',
  'CURRENCY',
  'ORIGCURRENCY',
  'LEDGERBAL',
  'AVAILBAL',
  'INVBAL',
  'BALLIST',
  'BAL',
]);

/** How many implicitly closed leaves an aggregate remembers for late end tags (bounds memory). */
const CLOSED_LEAVES_KEPT = 64;

/** Aggregates that repeat, indexed in paths (`STMTTRN[3]`) so a location names the one meant. */
const INDEXED = new Set(['STMTTRNRS', 'CCSTMTTRNRS', 'INVSTMTTRNRS', 'STMTTRN', 'INVBANKTRAN']);

/**
 * Rebuilds nesting from tokens. OFX 1.x leaves are never closed (`<TRNAMT>-6.60<FITID>…`), so
 * an element that has a value is closed by whatever tag comes next; an element with neither
 * value nor children (`<MEMO>` left empty) is closed by its parent's end tag.
 *
 * Aggregates are closed explicitly. Banks deviate in two ways that leave every value and row as
 * written, so both are read with a warning:
 * - an end tag for an aggregate further up closes the aggregates left open in between
 *   (`</BANKTRANLIST>` missing before `</CCSTMTRS>`), one warning each at that end tag. When a
 *   transaction (STMTTRN, INVBANKTRAN) is among them or contains them, its row would be made
 *   from partial or misplaced data, so that stays NOT_WELL_FORMED;
 * - an end tag for a leaf that the next tag already closed (`<CODE>0<SEVERITY>INFO</SEVERITY></CODE>`)
 *   is ignored, with one warning per file at the first. Text after such an end tag, inside the
 *   aggregate, stays NOT_WELL_FORMED: whose value it is would be a guess.
 *
 * Any other end tag naming no open element is NOT_WELL_FORMED.
 */
export class OfxElementReader {
  private readonly stack: Frame[] = [];
  /** `paths[i]` is the path of `stack[i]`, built once per element rather than per event. */
  private readonly paths: string[] = [];
  /** Whether a late end tag of a closed leaf has been reported (once per file). */
  private lateLeafEndReported = false;

  constructor(
    private readonly fileName: string | undefined,
    private readonly issues: IssueSink,
    private readonly maxFieldSize = DEFAULT_MAX_FIELD_SIZE,
  ) {}

  get depth(): number {
    return this.stack.length;
  }

  /** Innermost open element, for truncation errors. */
  get openPath(): string {
    return this.path();
  }

  /** Feeds one token; the events it completes go to `emit`, in order. */
  accept(token: OfxToken, emit: (event: OfxEvent) => void): void {
    switch (token.type) {
      case 'text': {
        const top = this.stack[this.stack.length - 1];
        const text = token.cdata
          ? token.text
          : decodeEntities(token.text, (reference) =>
              this.fail(token, `the character reference ${reference.slice(0, 20)} names no Unicode character`),
            );
        if (!top || top.isAggregate) {
          if (text.trim() !== '' && top)
            this.fail(
              token,
              `unexpected text ${JSON.stringify(text.trim().slice(0, 30))} inside aggregate <${top.name}>`,
            );
          return; // OFX 1.x header lines before <OFX>, whitespace between tags
        }
        top.value = (top.value ?? '') + text;
        if (top.value.length > this.maxFieldSize)
          throw fieldTooLarge(`<${top.name}>`, this.maxFieldSize, { ...top.location, path: this.path() });
        return;
      }
      case 'open':
      case 'empty': {
        this.closeLeaf(emit);
        const parent = this.stack[this.stack.length - 1];
        if (parent && !parent.isAggregate) {
          parent.isAggregate = true;
          const path = this.path();
          emit({ type: 'enter', name: parent.name, path, location: { ...parent.location, path } });
        }
        this.push(token.name, this.location(token));
        if (token.type === 'empty') this.pop(emit);
        return;
      }
      case 'close':
        this.close(token, emit);
        return;
    }
  }

  private close(token: OfxToken & { type: 'close' }, emit: (event: OfxEvent) => void): void {
    const target = this.stack.findLastIndex((frame) => frame.name === token.name);
    if (target < 0) {
      if (this.closeLateLeafEnd(token, emit)) return;
      this.fail(token, `unexpected end tag </${token.name}>: no such element is open (open: ${this.path() || 'none'})`);
    }
    // Aggregates left open lie above the target; a transaction among them, or around them, stays an error.
    const innermostAt = this.stack.findLastIndex(
      (frame, index) => index > target && (frame.isAggregate || TRANSACTIONS.has(frame.name)),
    );
    const innermost = this.stack[innermostAt];
    if (innermost) {
      const transaction = this.stack.findLast((frame) => TRANSACTIONS.has(frame.name));
      if (transaction)
        this.fail(
          token,
          `expected </${innermost.name}> before </${token.name}>: ` +
            (transaction === innermost
              ? `<${transaction.name}> at line ${transaction.location.line}, column ${transaction.location.column} is left open, so its row would be made from what was read before this end tag`
              : `<${innermost.name}> is left open inside <${transaction.name}> at line ${transaction.location.line}, column ${transaction.location.column}, so its row could be wrong`),
          this.paths[innermostAt],
        );
    }
    for (;;) {
      const top = this.stack[this.stack.length - 1] as Frame;
      if (top.name === token.name) {
        this.pop(emit);
        return;
      }
      if (top.isAggregate)
        this.issues.warning(
          'NOT_WELL_FORMED',
          `expected </${top.name}> before </${token.name}>: <${top.name}> (line ${top.location.line}, column ${top.location.column}) is left open; closed here, as no transaction is left incomplete`,
          { ...this.location(token), path: this.path() },
        );
      this.pop(emit);
    }
  }

  /**
   * `</CODE>` after `<CODE>0<SEVERITY>INFO…`: the end tag of a leaf that the next tag already
   * closed inside the current aggregate. It changes no value, so it is ignored (the open leaf, if
   * any, ends here as at any tag). True when it was; false leaves the end tag an error.
   */
  private closeLateLeafEnd(token: OfxToken & { type: 'close' }, emit: (event: OfxEvent) => void): boolean {
    if (AGGREGATES.has(token.name)) return false;
    this.closeLeaf(emit);
    const top = this.stack[this.stack.length - 1];
    const closed = top?.isAggregate ? top.closedLeaves : undefined;
    const at = closed ? closed.lastIndexOf(token.name) : -1;
    if (!closed || at < 0) return false;
    closed.splice(at, 1);
    if (!this.lateLeafEndReported) {
      this.lateLeafEndReported = true;
      this.issues.warning(
        'NOT_WELL_FORMED',
        `end tag </${token.name}> for <${token.name}>, which the tag after its value already closed (an OFX 1.x leaf has no end tag); ignored, as are further such end tags in this file`,
        { ...this.location(token), path: `${this.path()}/${token.name}` },
      );
    }
    return true;
  }

  private closeLeaf(emit: (event: OfxEvent) => void): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || top.isAggregate) return;
    const hasValue = top.value !== undefined && top.value.trim() !== '';
    if (!hasValue && !LEAVES.has(top.name)) return;
    this.pop(emit);
    const parent = this.stack[this.stack.length - 1];
    if (!parent) return;
    parent.closedLeaves ??= [];
    if (parent.closedLeaves.length >= CLOSED_LEAVES_KEPT) parent.closedLeaves.shift();
    parent.closedLeaves.push(top.name);
  }

  private push(name: string, location: SourceLocation): void {
    if (this.stack.length >= MAX_NESTING_DEPTH) throw nestedTooDeep(`<${name}>`, { ...location, path: this.path() });
    const parent = this.stack[this.stack.length - 1];
    let segment = name;
    if (INDEXED.has(name) && parent) {
      parent.childCounts ??= new Map();
      const count = (parent.childCounts.get(name) ?? 0) + 1;
      parent.childCounts.set(name, count);
      segment = `${name}[${count}]`;
    }
    this.stack.push({
      name,
      segment,
      location,
      value: undefined,
      isAggregate: false,
      childCounts: undefined,
      closedLeaves: undefined,
    });
    const parentPath = this.paths[this.paths.length - 1];
    this.paths.push(parentPath === undefined ? segment : `${parentPath}/${segment}`);
  }

  private pop(emit: (event: OfxEvent) => void): void {
    const path = this.path();
    const frame = this.stack.pop() as Frame;
    this.paths.pop();
    frame.location.path = path;
    if (frame.isAggregate) emit({ type: 'exit', name: frame.name, path, location: frame.location });
    else emit({ type: 'leaf', name: frame.name, value: (frame.value ?? '').trim(), path, location: frame.location });
  }

  private path(): string {
    return this.paths[this.paths.length - 1] ?? '';
  }

  private location(token: OfxToken): SourceLocation {
    const location: SourceLocation = { line: token.line, column: token.column };
    if (this.fileName !== undefined) location.file = this.fileName;
    return location;
  }

  private fail(token: OfxToken, message: string, path = this.path()): never {
    throw new StatementParseError('NOT_WELL_FORMED', message, {
      location: { ...this.location(token), path },
    });
  }
}
