import type { IssueSink } from '../issues';
import type { ElementStack } from './element-stack';
import type { ValueReader } from './values';

/**
 * What a draft sees when one of its leaf elements closes: the element stack (to look at
 * ancestors by name), the value reader, the issues, and the `Ccy` attribute of the innermost `<Amt>`.
 */
export interface LeafContext {
  readonly stack: ElementStack;
  readonly values: ValueReader;
  readonly issues: IssueSink;
  readonly currency: string | undefined;
}

/**
 * A draft of leaves that the schema allows at most once each (`<Amt>`, `<CdtDbtInd>`,
 * `<BookgDt>`…). Its setters ask `first` before they store a value: each field has a bit, and a
 * second value for it (a repeated element, or the other branch of a choice such as `<Dt>` and
 * `<DtTm>` in one `<BookgDt>`) is reported where it stands, and the first value is kept. It is an
 * error when a row shows the field, since the row would depend on which value is read
 * (docs/formats.md, tolerance policy); elsewhere (statement header, balances) a warning.
 */
export abstract class LeafDraft {
  private seen = 0;

  /** Whether the leaf closing now gives `field` (one bit) its first value; reports a second one. */
  protected first(field: number, ctx: LeafContext, inRow: boolean): boolean {
    if ((this.seen & field) === 0) {
      this.seen |= field;
      return true;
    }
    const { stack, issues } = ctx;
    const repeated = `a second <${stack.name()}> in <${stack.name(1)}>, where ISO 20022 allows one`;
    if (inRow)
      issues.error('INVALID_VALUE', `${repeated}: the row would depend on which one is read`, stack.location());
    else issues.warning('INVALID_VALUE', `${repeated}; the first is read`, stack.location());
    return false;
  }
}

/**
 * `text` as a string of its own. Sax cuts values out of the decoded chunk as V8 sliced strings,
 * which keep the whole chunk (up to a few MiB) alive: a name kept by a record, a cache or a
 * summary would hold its chunk as long as it lives. Appending a character and cutting it off
 * again flattens the value into a copy of its own length. Short strings are copied by V8 anyway.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : `${text} `.slice(0, -1);
}
