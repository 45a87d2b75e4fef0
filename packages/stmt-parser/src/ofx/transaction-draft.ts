import type { IssueSink } from '../issues';
import type { SourceLocation } from '../types';
import type { OfxEvent } from './elements';
import { type RepeatedWarnings, shown } from './repeated-warnings';
import { SingleValues } from './single-values';
import { transactionLeaf } from './transaction';

/** A transaction's free-text leaves, whose value an unescaped `<` would cut short. */
const TEXT_LEAVES = new Set(['MEMO', 'NAME', 'EXTDNAME', 'PAYEE/NAME']);

/** A transaction being read (`<STMTTRN>`, `<STMTTRNP>`): its leaves, each kept once. */
export class TransactionDraft {
  readonly name: string;
  readonly path: string;
  readonly location: SourceLocation;
  /** Its leaves; `refused` when an error made it unreadable (a second `<TRNAMT>`): it yields no entry. */
  readonly values: SingleValues;
  /** The last leaf read, which an unknown element after it may have cut short (`<MEMO>a <REF>1`). */
  private lastLeaf: string | undefined;

  constructor(
    event: OfxEvent,
    /** A pending transaction (`<STMTTRNP>` in `<BANKTRANLISTP>`): a `PDNG` entry. */
    readonly pending: boolean,
    private readonly issues: IssueSink,
    private readonly repeats: RepeatedWarnings,
  ) {
    this.name = event.name;
    this.path = event.path;
    this.location = event.location;
    this.values = new SingleValues(
      issues,
      repeats,
      'transaction',
      'so the transaction cannot be converted (two transactions may have run together)',
    );
  }

  /**
   * A leaf of the transaction. One OFX does not define there is not kept: in SGML it is a bank's
   * own element, or the text after a `<` written without `&lt;` (`<MEMO>Payment <REF>123`, whose
   * memo then ends at the `<`). Either way a warning names it, once per name and file.
   */
  leaf(event: OfxEvent & { type: 'leaf' }): void {
    // A leaf right inside the transaction (nearly all) is keyed by its name: its path is not cut.
    const key =
      event.path.length === this.path.length + 1 + event.name.length
        ? event.name
        : event.path.slice(this.path.length + 1);
    const leaf = transactionLeaf(key);
    const previous = this.lastLeaf;
    this.lastLeaf = key;
    if (leaf === undefined) return;
    if ('rule' in leaf) return this.values.add(key, event.value, event.location, leaf.rule);
    const name = shown(leaf.unknown);
    const what = [`<${name}> element OFX does not define`, `<${name}> elements OFX does not define`] as const;
    if (!this.repeats.take(`element ${name}`, 'NOT_WELL_FORMED', what, event.location, 1)) return;
    const cut =
      previous !== undefined && TEXT_LEAVES.has(previous)
        ? ` (the <${previous.split('/').join('><')}> before it then ends at the '<')`
        : '';
    this.issues.warning(
      'NOT_WELL_FORMED',
      `<${name}> is not an element OFX defines in <${leaf.parent ?? this.name}>: not read. It is a bank's own element, or text after a '<' written without &lt;${cut}`,
      event.location,
    );
  }
}
