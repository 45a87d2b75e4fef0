import type { SourceLocation } from '../types';

/**
 * The open elements, innermost last, with where each start tag begins. Kept as parallel
 * arrays that are reused across the whole document, so opening an element allocates nothing;
 * paths and locations are only built when a record or an issue needs one.
 */
export class ElementStack {
  /** Number of open elements; the innermost is at level `depth - 1`. */
  depth = 0;
  private readonly names: string[] = [];
  private readonly lines: number[] = [];
  private readonly columns: number[] = [];
  /** 1-based position among same-named siblings for repeatable elements, else 0. */
  private readonly indices: number[] = [];

  constructor(private readonly file: string | undefined) {}

  push(name: string, line: number, column: number): void {
    const d = this.depth++;
    this.names[d] = name;
    this.lines[d] = line;
    this.columns[d] = column;
    this.indices[d] = 0;
  }

  pop(): void {
    this.depth--;
  }

  /** Marks the innermost element as the `index`-th of its kind, shown as `Ntry[3]` in paths. */
  setIndex(index: number): void {
    this.indices[this.depth - 1] = index;
  }

  /** Name of the element `up` levels above the innermost one (0 = innermost). */
  name(up = 0): string {
    return this.names[this.depth - 1 - up] ?? '';
  }

  /** `Document/BkToCstmrStmt/Stmt[1]/Ntry[3]/Amt` for the element at `level` (default: innermost). */
  path(level = this.depth - 1): string {
    let path = '';
    for (let i = 0; i <= level; i++) {
      const index = this.indices[i] ?? 0;
      path += (i === 0 ? '' : '/') + (this.names[i] ?? '') + (index > 0 ? `[${index}]` : '');
    }
    return path;
  }

  /**
   * Location of the innermost start tag when its path is already known: the caller built it
   * from a parent path it keeps (an entry's is its statement's plus `/Ntry[n]`), which saves
   * walking the stack once per entry.
   */
  locationWithPath(path: string): SourceLocation {
    const level = this.depth - 1;
    const line = this.lines[level] ?? 1;
    const column = this.columns[level] ?? 1;
    return this.file === undefined ? { line, column, path } : { file: this.file, line, column, path };
  }

  /** Location of the start tag of the element at `level`, optionally naming a missing child. */
  location(level = this.depth - 1, child?: string): SourceLocation {
    const path = child ? `${this.path(level)}/${child}` : this.path(level);
    const line = this.lines[level] ?? 1;
    const column = this.columns[level] ?? 1;
    return this.file === undefined ? { line, column, path } : { file: this.file, line, column, path };
  }
}
