import { StatementParseError } from '../errors';
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

  constructor(private readonly fileName: string | undefined) {}

  get depth(): number {
    return this.stack.length;
  }

  /** Innermost open element, for truncation errors. */
  get openPath(): string {
    return this.path();
  }

  *accept(token: OfxToken): Generator<OfxEvent> {
    switch (token.type) {
      case 'text': {
        const top = this.stack[this.stack.length - 1];
        const text = token.cdata ? token.text : decodeEntities(token.text);
        if (!top || top.isAggregate) {
          if (text.trim() !== '' && top) this.fail(token, `unexpected text ${JSON.stringify(text.trim().slice(0, 30))} inside aggregate <${top.name}>`);
          return; // OFX 1.x header lines before <OFX>, whitespace between tags
        }
        top.value = (top.value ?? '') + text;
        return;
      }
      case 'open':
      case 'empty': {
        yield* this.closeLeaf();
        const parent = this.stack[this.stack.length - 1];
        if (parent && !parent.isAggregate) {
          parent.isAggregate = true;
          const path = this.path();
          yield { type: 'enter', name: parent.name, path, location: { ...parent.location, path } };
        }
        this.push(token.name, this.location(token));
        if (token.type === 'empty') yield* this.pop();
        return;
      }
      case 'close':
        yield* this.close(token);
        return;
    }
  }

  private *close(token: OfxToken & { type: 'close' }): Generator<OfxEvent> {
    if (!this.stack.some((frame) => frame.name === token.name)) this.fail(token, `unexpected end tag </${token.name}>: no such element is open (open: ${this.path() || 'none'})`);
    for (;;) {
      const top = this.stack[this.stack.length - 1] as Frame;
      if (top.name === token.name) {
        yield* this.pop();
        return;
      }
      if (top.isAggregate) this.fail(token, `expected </${top.name}> before </${token.name}>`);
      yield* this.pop();
    }
  }

  private *closeLeaf(): Generator<OfxEvent> {
    const top = this.stack[this.stack.length - 1];
    if (top && !top.isAggregate && top.value !== undefined && top.value.trim() !== '') yield* this.pop();
  }

  private push(name: string, location: SourceLocation): void {
    const parent = this.stack[this.stack.length - 1];
    let segment = name;
    if (INDEXED.has(name) && parent) {
      parent.childCounts ??= new Map();
      const count = (parent.childCounts.get(name) ?? 0) + 1;
      parent.childCounts.set(name, count);
      segment = `${name}[${count}]`;
    }
    this.stack.push({ name, segment, location, value: undefined, isAggregate: false, childCounts: undefined });
  }

  private *pop(): Generator<OfxEvent> {
    const path = this.path();
    const frame = this.stack.pop() as Frame;
    const location = { ...frame.location, path };
    if (frame.isAggregate) yield { type: 'exit', name: frame.name, path, location };
    else yield { type: 'leaf', name: frame.name, value: (frame.value ?? '').trim(), path, location };
  }

  private path(): string {
    return this.stack.map((frame) => frame.segment).join('/');
  }

  private location(token: OfxToken): SourceLocation {
    const location: SourceLocation = { line: token.line, column: token.column };
    if (this.fileName !== undefined) location.file = this.fileName;
    return location;
  }

  private fail(token: OfxToken, message: string): never {
    throw new StatementParseError('NOT_WELL_FORMED', message, { ...this.location(token), path: this.path() });
  }
}
