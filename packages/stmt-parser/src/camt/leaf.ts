import type { ElementStack } from './element-stack';
import type { ValueReader } from './values';

/**
 * What a draft sees when one of its leaf elements closes: the element stack (to look at
 * ancestors by name), the value reader, and the `Ccy` attribute of the innermost `<Amt>`.
 */
export interface LeafContext {
  readonly stack: ElementStack;
  readonly values: ValueReader;
  readonly currency: string | undefined;
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
