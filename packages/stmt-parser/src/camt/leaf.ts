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
