import { StatementParseError } from '../errors';
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

/** Aggregates that repeat, indexed in paths (`STMTTRN[3]`) so a location names the one meant. */
const INDEXED = new Set(['STMTTRNRS', 'CCSTMTTRNRS', 'INVSTMTTRNRS', 'STMTTRN', 'INVBANKTRAN']);

/**
 * Rebuilds nesting from tokens. OFX 1.x leaves are never closed (`<TRNAMT>-6.60<FITID>…`), so
 * an element that has a value is closed by whatever tag comes next; an element with neither
 * value nor children (`<MEMO>` left empty) is closed by its parent's end tag. Aggregates must
 * be closed explicitly, in order: anything else is not well formed.
 */
export class OfxElementReader {
  private readonly stack: Frame[] = [];
  /** `paths[i]` is the path of `stack[i]`, built once per element rather than per event. */
  private readonly paths: string[] = [];

  constructor(
    private readonly fileName: string | undefined,
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
    if (!this.stack.some((frame) => frame.name === token.name))
      this.fail(token, `unexpected end tag </${token.name}>: no such element is open (open: ${this.path() || 'none'})`);
    for (;;) {
      const top = this.stack[this.stack.length - 1] as Frame;
      if (top.name === token.name) {
        this.pop(emit);
        return;
      }
      if (top.isAggregate) this.fail(token, `expected </${top.name}> before </${token.name}>`);
      this.pop(emit);
    }
  }

  private closeLeaf(emit: (event: OfxEvent) => void): void {
    const top = this.stack[this.stack.length - 1];
    if (!top || top.isAggregate) return;
    const hasValue = top.value !== undefined && top.value.trim() !== '';
    if (hasValue || LEAVES.has(top.name)) this.pop(emit);
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
    this.stack.push({ name, segment, location, value: undefined, isAggregate: false, childCounts: undefined });
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

  private fail(token: OfxToken, message: string): never {
    throw new StatementParseError('NOT_WELL_FORMED', message, {
      location: { ...this.location(token), path: this.path() },
    });
  }
}
