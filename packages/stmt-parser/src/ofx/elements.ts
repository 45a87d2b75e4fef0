import { controlCharactersMessage, indexOfControl, positionIn, replaceControlCharacters } from '../control-characters';
import { StatementParseError, type ParseErrorCode } from '../errors';
import type { IssueSink } from '../issues';
import { DEFAULT_MAX_FIELD_SIZE, fieldTooLarge, MAX_NESTING_DEPTH, nestedTooDeep } from '../limits';
import type { SourceLocation } from '../types';
import { EACH, type RepeatedWarnings, type Wording } from './repeated-warnings';
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
  /**
   * For an element read as an aggregate only provisionally (no value, not a known aggregate, and
   * a start tag right after it): the index in `deferred` of the event it becomes, known once its
   * own end tag (an aggregate) or an enclosing one (an empty leaf) ends it. Undefined otherwise.
   */
  slot: number | undefined;
  /** In a leaf's value: how many `<` started no tag (read as text), and where the first is. */
  strays: { count: number; first: SourceLocation } | undefined;
}

/** What the reader holds back while an element is read provisionally: events and its own issues, in order. */
type Deferred =
  | { kind: 'event'; event: OfxEvent }
  | { kind: 'issue'; severity: 'warning' | 'note'; code: ParseErrorCode; message: string; location: SourceLocation }
  | { kind: 'slot' };

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
  // The other leaves of <STMTTRN> in OFX 2.1.1 §11.4.4.1 (corrections, 401(k) source).
  'CORRECTFITID',
  'CORRECTACTION',
  'INV401KSOURCE',
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

/**
 * Aggregates the OFX specification puts in the named parents only: the path from `<OFX>` down to
 * each transaction. An empty element between such a start tag and its parent (`<TRNUID>` with no
 * value before `<STMTRS>`) cannot contain it, so it is an empty leaf, known without reading on.
 */
const PARENTS = new Map<string, readonly string[]>([
  ['SIGNONMSGSRSV1', ['OFX']],
  ['BANKMSGSRSV1', ['OFX']],
  ['CREDITCARDMSGSRSV1', ['OFX']],
  ['INVSTMTMSGSRSV1', ['OFX']],
  ['SONRS', ['SIGNONMSGSRSV1']],
  ['STMTTRNRS', ['BANKMSGSRSV1']],
  ['CCSTMTTRNRS', ['CREDITCARDMSGSRSV1']],
  ['INVSTMTTRNRS', ['INVSTMTMSGSRSV1']],
  ['STMTRS', ['STMTTRNRS']],
  ['CCSTMTRS', ['CCSTMTTRNRS']],
  ['INVSTMTRS', ['INVSTMTTRNRS']],
  ['BANKTRANLIST', ['STMTRS', 'CCSTMTRS']],
  ['INVTRANLIST', ['INVSTMTRS']],
  ['STMTTRN', ['BANKTRANLIST', 'INVBANKTRAN']],
  ['INVBANKTRAN', ['INVTRANLIST']],
]);

/**
 * Events and issues held back while elements are read provisionally. Past this many, the
 * provisional elements are taken for aggregates (as a reader without this look-ahead would), so
 * memory stays bounded whatever the file.
 */
const DEFERRED_KEPT = 10_000;

/** How many implicitly closed leaves an aggregate remembers for late end tags (bounds memory). */
const CLOSED_LEAVES_KEPT = 64;

/** Aggregates that repeat, indexed in paths (`STMTTRN[3]`) so a location names the one meant. */
const INDEXED = new Set(['STMTTRNRS', 'CCSTMTTRNRS', 'INVSTMTTRNRS', 'STMTTRN', 'INVBANKTRAN']);

/**
 * Rebuilds nesting from tokens. OFX 1.x leaves are never closed (`<TRNAMT>-6.60<FITID>…`), so
 * an element that has a value is closed by whatever tag comes next; an element with neither
 * value nor children (`<MEMO>` left empty) is closed by its parent's end tag.
 *
 * An element with no value followed by a start tag (a bank's `<CATEGORY><NAME>…`, an empty
 * `<TRNUID>` before `<STATUS>`) is an aggregate if its own end tag comes, and an empty leaf if the
 * end tag of an enclosing element comes first: a leaf has no end tag, an aggregate must have one.
 * Unless it is a known leaf or aggregate, which of the two it is waits for that end tag: the
 * events after it are held back (with the reader's own warnings) and handed out, with the right
 * paths, once it is known. A start tag that the OFX specification allows in the enclosing element
 * only ({@link PARENTS}) settles it early, so a statement is not held back behind an empty
 * `<TRNUID>`. An element read as an empty leaf changes no row: one note per file says so.
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
  /** Whether an element read as an empty leaf, after a start tag, has been noted (once per file). */
  private emptyLeafReported = false;
  /** Held back while an element is provisional (`Frame.slot`); handed out when the last is settled. */
  private deferred: Deferred[] = [];
  /** Provisional elements on the stack. */
  private provisional = 0;
  /** Whether the outermost element has ended (`</OFX>`): text after it is not read. */
  private ended = false;

  constructor(
    private readonly fileName: string | undefined,
    private readonly issues: IssueSink,
    /** The file's warnings that may repeat without bound (see {@link RepeatedWarnings}). */
    private readonly repeats: RepeatedWarnings,
    private readonly maxFieldSize = DEFAULT_MAX_FIELD_SIZE,
    /** OFX 2.x: XML, where every element has an end tag (or is written `<NAME/>`). */
    private readonly xml = false,
  ) {}

  get depth(): number {
    return this.stack.length;
  }

  /** Innermost open element, for truncation errors. */
  get openPath(): string {
    return this.path();
  }

  /** Where a tag read now would be: in the innermost element, or beside it when it is a leaf with a value (which the tag ends). */
  get tagPath(): string {
    const top = this.stack[this.stack.length - 1];
    const endsAtTag = top !== undefined && !top.isAggregate && (top.value ?? '').trim() !== '';
    return (endsAtTag ? this.paths[this.paths.length - 2] : this.path()) ?? '';
  }

  /** Feeds one token; the events it completes go to `emit`, in order. */
  accept(token: OfxToken, emit: (event: OfxEvent) => void): void {
    switch (token.type) {
      case 'text': {
        const top = this.stack[this.stack.length - 1];
        const text = token.cdata || !token.text.includes('&') ? token.text : this.decodeEntities(token);
        if (!top) return this.trailingText(token);
        if (top.isAggregate) {
          if (text.trim() !== '')
            this.fail(
              token,
              `unexpected text ${JSON.stringify(text.trim().slice(0, 30))} inside aggregate <${top.name}>`,
            );
          return; // whitespace between tags
        }
        top.value = (top.value ?? '') + this.withoutControls(text, token, top.name);
        if (token.strays !== undefined && token.firstStray !== undefined) {
          top.strays ??= {
            count: 0,
            first: { ...this.location(token), ...positionIn(token.text, token.firstStray, token.line, token.column) },
          };
          top.strays.count += token.strays;
        }
        if (top.value.length > this.maxFieldSize)
          throw fieldTooLarge(`<${top.name}>`, this.maxFieldSize, { ...top.location, path: this.path() });
        return;
      }
      case 'open':
      case 'empty': {
        this.closeLeaf(emit);
        this.closeEmptyBefore(token.name, emit);
        if (TRANSACTIONS.has(token.name)) this.refuseOpenTransaction(token);
        const parent = this.stack[this.stack.length - 1];
        if (parent && !parent.isAggregate) {
          parent.isAggregate = true;
          if (AGGREGATES.has(parent.name)) {
            const path = this.path();
            this.out({ type: 'enter', name: parent.name, path, location: parent.location }, emit);
          } else {
            parent.slot = this.deferred.length;
            this.deferred.push({ kind: 'slot' });
            this.provisional++;
          }
        }
        this.push(token);
        if (token.type === 'empty') this.pop(emit, true);
        return;
      }
      case 'close':
        this.close(token, emit);
        return;
    }
  }

  private close(token: OfxToken & { type: 'close' }, emit: (event: OfxEvent) => void): void {
    let target = this.stack.length - 1;
    while (target >= 0 && (this.stack[target] as Frame).name !== token.name) target--;
    if (target < 0) {
      if (this.closeLateLeafEnd(token, emit)) return;
      this.fail(token, `unexpected end tag </${token.name}>: no such element is open (open: ${this.path() || 'none'})`);
    }
    // Aggregates left open lie above the target; a transaction among them, or around them, stays an error.
    let innermostAt = this.stack.length - 1;
    for (; innermostAt > target; innermostAt--) {
      const frame = this.stack[innermostAt] as Frame;
      if ((frame.isAggregate && frame.slot === undefined) || TRANSACTIONS.has(frame.name)) break;
    }
    const innermost = innermostAt > target ? this.stack[innermostAt] : undefined;
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
        this.pop(emit, true);
        return;
      }
      // A provisional element ended by an enclosing end tag is an empty leaf (see `settle`).
      if (top.isAggregate && top.slot === undefined)
        this.report(
          'warning',
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
      this.report(
        'warning',
        'NOT_WELL_FORMED',
        `end tag </${token.name}> for <${token.name}>, which the tag after its value already closed (an OFX 1.x leaf has no end tag); ignored, as are further such end tags in this file`,
        { ...this.location(token), path: `${this.path()}/${token.name}` },
      );
    }
    return true;
  }

  /**
   * A transaction opened inside an open one of the same kind: the first was left open (its end tag
   * is missing), and its row would take the second's values. Refused here, at the second, rather
   * than nesting on until the depth limit.
   */
  private refuseOpenTransaction(token: OfxToken & { type: 'open' | 'empty' }): void {
    const open = this.stack.findLast((frame) => frame.name === token.name);
    if (open)
      this.fail(
        token,
        `<${token.name}> inside the <${open.name}> at line ${open.location.line}, column ${open.location.column}: that transaction is left open (its </${open.name}> is missing), so its row could be wrong`,
      );
  }

  private closeLeaf(emit: (event: OfxEvent) => void): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || top.isAggregate) return;
    const hasValue = top.value !== undefined && top.value.trim() !== '';
    if (!hasValue && !LEAVES.has(top.name)) return;
    this.pop(emit);
    this.rememberClosed(top.name);
  }

  /** A leaf the next tag closed, kept in its parent so that a late end tag for it is tolerated. */
  private rememberClosed(name: string): void {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) return;
    parent.closedLeaves ??= [];
    if (parent.closedLeaves.length >= CLOSED_LEAVES_KEPT) parent.closedLeaves.shift();
    parent.closedLeaves.push(name);
  }

  /**
   * Before the start tag of an aggregate that only certain parents hold ({@link PARENTS}): empty
   * elements open above the nearest such parent (provisional ones, or one just opened) cannot
   * hold it, so they are empty leaves, closed here. Anything else in between (a value, a known
   * or confirmed aggregate) leaves the nesting as it is.
   */
  private closeEmptyBefore(name: string, emit: (event: OfxEvent) => void): void {
    const parents = PARENTS.get(name);
    const top = this.stack[this.stack.length - 1];
    if (!parents || !top || parents.includes(top.name)) return;
    let at = this.stack.length - 1;
    for (; at >= 0; at--) {
      const frame = this.stack[at] as Frame;
      if (parents.includes(frame.name)) break;
      const empty = frame.slot !== undefined || (!frame.isAggregate && (frame.value ?? '').trim() === '');
      if (!empty) return;
    }
    if (at < 0) return;
    while (this.stack.length - 1 > at) {
      const frame = this.stack[this.stack.length - 1] as Frame;
      if (frame.slot === undefined) this.noteEmptyLeaf(frame, this.path());
      this.pop(emit);
      this.rememberClosed(frame.name);
    }
  }

  /** Opens the element `token` starts; its location names its path, which its events carry. */
  private push(token: OfxToken & { type: 'open' | 'empty' }): void {
    const name = token.name;
    if (this.stack.length >= MAX_NESTING_DEPTH)
      throw nestedTooDeep(`<${name}>`, { ...this.location(token), path: this.path() });
    const parent = this.stack[this.stack.length - 1];
    let segment = name;
    if (INDEXED.has(name) && parent) {
      parent.childCounts ??= new Map();
      const count = (parent.childCounts.get(name) ?? 0) + 1;
      parent.childCounts.set(name, count);
      segment = `${name}[${count}]`;
    }
    const parentPath = this.paths[this.paths.length - 1];
    const path = parentPath === undefined ? segment : `${parentPath}/${segment}`;
    const { line, column } = token;
    // Made with all its keys at once (in the order of `location()` and a path), not given the path later.
    const location: SourceLocation =
      this.fileName === undefined ? { line, column, path } : { line, column, file: this.fileName, path };
    this.stack.push({
      name,
      segment,
      location,
      value: undefined,
      isAggregate: false,
      childCounts: undefined,
      closedLeaves: undefined,
      slot: undefined,
      strays: undefined,
    });
    this.paths.push(path);
  }

  /** Closes the innermost element; `ownEndTag` when its own end tag closes it (which makes a provisional element an aggregate). */
  private pop(emit: (event: OfxEvent) => void, ownEndTag = false): void {
    const path = this.path();
    const frame = this.stack.pop() as Frame;
    this.paths.pop();
    if (this.stack.length === 0) this.ended = true;
    if (frame.slot !== undefined) this.settle(frame, path, ownEndTag, emit);
    else if (frame.isAggregate) this.out({ type: 'exit', name: frame.name, path, location: frame.location }, emit);
    else {
      this.leafDeviations(frame, ownEndTag);
      this.out(
        { type: 'leaf', name: frame.name, value: (frame.value ?? '').trim(), path, location: frame.location },
        emit,
      );
    }
  }

  /**
   * Warnings about a leaf that leave its value as read: `<` in it that started no tag (`a < b`,
   * which OFX writes `a &lt; b`), and in OFX 2.x no end tag (`<NAME>PAYMENT</STMTTRN>`: its value
   * runs to the next tag, as in OFX 1.x).
   */
  private leafDeviations(frame: Frame, ownEndTag: boolean): void {
    const strays = frame.strays;
    if (strays)
      this.reportRepeated(
        "'<'",
        ["'<' that starts no tag", "'<' that start no tag"],
        'NOT_WELL_FORMED',
        `${strays.count === 1 ? "a '<' that starts no tag" : `${strays.count.toLocaleString('en')} '<' that start no tag (the first here)`} in <${frame.name}>: read as text, which OFX writes as &lt;`,
        { ...strays.first, path: frame.location.path ?? '' },
      );
    if (this.xml && !ownEndTag)
      this.reportRepeated(
        'no end tag',
        ['leaf without its end tag', 'leaves without their end tag'],
        'NOT_WELL_FORMED',
        `<${frame.name}> has no end tag </${frame.name}>, which OFX 2.x (XML) requires: its value is read up to the next tag, as OFX 1.x reads it`,
        frame.location,
        1,
      );
  }

  /** Text after the outermost element (`</OFX>`) is not read: one warning per file, at the first. */
  private trailingText(token: OfxToken & { type: 'text' }): void {
    const at = token.text.search(/\S/);
    if (!this.ended || at < 0) return; // before <OFX>: OFX 1.x header lines
    this.reportRepeated(
      'after the end',
      ['text after </OFX>', 'pieces of text after </OFX>'],
      'NOT_WELL_FORMED',
      `text after the end of <OFX>: ${JSON.stringify(token.text.trim().slice(0, 30))} is not read`,
      { ...this.location(token), ...positionIn(token.text, at, token.line, token.column) },
      1,
    );
  }

  /**
   * Decides what a provisional element was, now that it ends: an aggregate when its own end tag
   * ends it, else an empty leaf, whose children were really its parent's (their paths move up, and
   * repeated elements are numbered on from the parent's). The held-back events go out once no
   * provisional element is left.
   */
  private settle(frame: Frame, path: string, aggregate: boolean, emit: (event: OfxEvent) => void): void {
    const slot = frame.slot as number;
    frame.slot = undefined;
    this.provisional--;
    if (aggregate) {
      const enter: OfxEvent = { type: 'enter', name: frame.name, path, location: frame.location };
      this.deferred[slot] = { kind: 'event', event: enter };
      this.deferred.push({ kind: 'event', event: { type: 'exit', name: frame.name, path, location: frame.location } });
    } else {
      this.deferred[slot] = {
        kind: 'event',
        event: { type: 'leaf', name: frame.name, value: '', path, location: frame.location },
      };
      this.moveUp(slot + 1, frame, path);
      this.noteEmptyLeaf(frame, path);
    }
    if (this.provisional === 0) this.release(emit);
  }

  /** Rewrites the held-back items from `from` on, which lie inside `frame` (at `path`), as children of its parent. */
  private moveUp(from: number, frame: Frame, path: string): void {
    const parent = this.stack[this.stack.length - 1];
    const inside = `${path}/`;
    const parentPath = path.slice(0, path.length - frame.segment.length);
    const move = (old: string | undefined): string | undefined => {
      if (old === undefined || !old.startsWith(inside)) return old;
      const rest = old.slice(inside.length);
      const slash = rest.indexOf('/');
      const segment = slash < 0 ? rest : rest.slice(0, slash);
      const indexed = /^([^[]+)\[(\d+)\]$/.exec(segment);
      const renumbered = indexed
        ? `${indexed[1]}[${(parent?.childCounts?.get(indexed[1] as string) ?? 0) + Number(indexed[2])}]`
        : segment;
      return parentPath + renumbered + (slash < 0 ? '' : rest.slice(slash));
    };
    for (let i = from; i < this.deferred.length; i++) {
      const item = this.deferred[i] as Deferred;
      if (item.kind === 'event') {
        const moved = move(item.event.path) as string;
        if (moved !== item.event.path)
          item.event = { ...item.event, path: moved, location: { ...item.event.location, path: moved } };
      } else if (item.kind === 'issue') {
        const moved = move(item.location.path);
        if (moved !== undefined && moved !== item.location.path) item.location = { ...item.location, path: moved };
      }
    }
    if (!parent || !frame.childCounts) return;
    parent.childCounts ??= new Map();
    for (const [name, count] of frame.childCounts)
      parent.childCounts.set(name, (parent.childCounts.get(name) ?? 0) + count);
  }

  /** The note for an element read as an empty leaf although a start tag followed it (once per file). */
  private noteEmptyLeaf(frame: Frame, path: string): void {
    if (this.emptyLeafReported) return;
    this.emptyLeafReported = true;
    this.report(
      'note',
      'NOT_WELL_FORMED',
      `<${frame.name}> has no value and no end tag: read as an empty element (an OFX 1.x leaf has no end tag), not as an aggregate holding what follows; so are further such elements in this file`,
      { ...frame.location, path },
    );
  }

  /**
   * Hands out everything held back, taking the elements still provisional for aggregates (as
   * without look-ahead): at the end of the input, before an error, and when too much is held.
   */
  flush(emit: (event: OfxEvent) => void): void {
    if (this.deferred.length === 0) return;
    this.stack.forEach((frame, index) => {
      if (frame.slot === undefined) return;
      const path = this.paths[index] as string;
      this.deferred[frame.slot] = {
        kind: 'event',
        event: { type: 'enter', name: frame.name, path, location: frame.location },
      };
      frame.slot = undefined;
    });
    this.provisional = 0;
    this.release(emit);
  }

  /** Emits the held-back items in order (all are settled by now). */
  private release(emit: (event: OfxEvent) => void): void {
    const items = this.deferred;
    this.deferred = [];
    for (const item of items) {
      if (item.kind === 'event') emit(item.event);
      else if (item.kind === 'issue') this.issues[item.severity](item.code, item.message, item.location);
    }
  }

  /** An event, held back while an element is provisional. */
  private out(event: OfxEvent, emit: (event: OfxEvent) => void): void {
    if (this.provisional === 0) return emit(event);
    this.deferred.push({ kind: 'event', event });
    if (this.deferred.length > DEFERRED_KEPT) this.flush(emit);
  }

  /** A warning that may repeat without bound: the first `limit` of its kind are reported, the rest counted (see {@link RepeatedWarnings}). */
  private reportRepeated(
    kind: string,
    what: Wording,
    code: ParseErrorCode,
    message: string,
    location: SourceLocation,
    limit = EACH,
  ): void {
    if (this.repeats.take(kind, code, what, location, limit)) this.report('warning', code, message, location);
  }

  /** A warning or note of the reader's, held back with the events while an element is provisional (its path may move). */
  private report(severity: 'warning' | 'note', code: ParseErrorCode, message: string, location: SourceLocation): void {
    if (this.provisional === 0) this.issues[severity](code, message, location);
    else this.deferred.push({ kind: 'issue', severity, code, message, location });
  }

  /** The text of `token` with its character references replaced, and a warning for each kind OFX does not define. */
  private decodeEntities(token: OfxToken & { type: 'text' }): string {
    return decodeEntities(
      token.text,
      (reference) => this.fail(token, `the character reference ${reference.slice(0, 20)} names no Unicode character`),
      (reference, readAs) =>
        this.reportRepeated(
          readAs === reference ? 'entity' : 'HTML entity',
          ['entity OFX does not define', 'entities OFX does not define'],
          'NOT_WELL_FORMED',
          readAs === reference
            ? `the entity ${reference.slice(0, 40)} is not defined in OFX: kept as written`
            : `the entity ${reference} is not defined in OFX (it is HTML's); read as ${JSON.stringify(readAs)}`,
          this.location(token),
        ),
    );
  }

  private path(): string {
    return this.paths[this.paths.length - 1] ?? '';
  }

  /**
   * `text` of `token` with its control characters read as U+FFFD, and a warning at the first: one
   * written as it is, or else (`&#27;`) the first character reference.
   */
  private withoutControls(text: string, token: OfxToken & { type: 'text' }, element: string): string {
    const found = replaceControlCharacters(text);
    if (found === undefined) return text;
    const raw = indexOfControl(token.text);
    const at = positionIn(token.text, raw >= 0 ? raw : Math.max(0, token.text.indexOf('&#')), token.line, token.column);
    this.reportRepeated(
      'control characters',
      ['value with control characters', 'values with control characters'],
      'INVALID_VALUE',
      controlCharactersMessage(found, `in <${element}>`),
      { ...this.location(token), ...at, path: this.path() },
    );
    return found.text;
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
