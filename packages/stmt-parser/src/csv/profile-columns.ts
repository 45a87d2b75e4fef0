import type { CsvRow } from './preset';
import type { TextRule } from './profile';

/**
 * Column names of a profile resolved against a file's header: exact names, or `/…/` regular
 * expressions (the first header column that matches). Resolved once per header, not per row.
 */
export class ColumnResolver {
  private header: readonly string[] = [];
  private readonly resolved = new Map<string, string | undefined>();

  /** The header name a profile column stands for, given the row's keys (its header). */
  name(row: CsvRow, column: string): string | undefined {
    const keys = Object.keys(row);
    if (keys.length !== this.header.length || keys.some((key, i) => key !== this.header[i])) {
      this.header = keys;
      this.resolved.clear();
    }
    if (!this.resolved.has(column)) this.resolved.set(column, resolveColumn(this.header, column));
    return this.resolved.get(column);
  }

  cell(row: CsvRow, column: string): string {
    const name = this.name(row, column);
    return name === undefined ? '' : (row[name] ?? '').trim();
  }
}

/** The header column a profile names: exact, or the first matching a `/regex/`. */
export function resolveColumn(header: readonly string[], column: string): string | undefined {
  const regex = asRegex(column);
  if (regex === undefined) return header.includes(column) ? column : undefined;
  return header.find((name) => regex.test(name));
}

/** `/^Paid Out \((\w{3})\)$/` → a RegExp; anything else → undefined. */
export function asRegex(column: string): RegExp | undefined {
  return column.length > 2 && column.startsWith('/') && column.endsWith('/')
    ? new RegExp(column.slice(1, -1))
    : undefined;
}

/** Renders a text rule for one row (`{Column}` and `{Column|default}` placeholders). */
export function renderText(
  rule: TextRule | undefined,
  direction: 'DBIT' | 'CRDT',
  cell: (column: string) => string,
): string {
  if (rule === undefined) return '';
  const template =
    typeof rule === 'string' ? rule : ((direction === 'DBIT' ? rule.debit : rule.credit) ?? rule.template ?? '');
  let text = renderTemplate(template, cell);
  if (typeof rule === 'object')
    for (const { pattern, with: replacement } of rule.replace ?? [])
      text = text.replace(new RegExp(pattern, 'g'), replacement).trim();
  return text;
}

/** A template of one placeholder gives the cell as written; several are joined and tidied. */
export function renderTemplate(template: string, cell: (column: string) => string): string {
  const single = /^\{([^{}|]+)(?:\|([^{}]*))?\}$/.exec(template);
  if (single) return cell(single[1] as string) || (single[2] ?? '');
  const text = template.replace(
    /\{([^{}|]+)(?:\|([^{}]*))?\}/g,
    (_, column: string, fallback: string | undefined) => cell(column) || (fallback ?? ''),
  );
  // Separators left at the ends or doubled by empty columns (`Shop |  | ref`).
  return text
    .replace(/\s+/g, ' ')
    .replace(/(\s*[|,;/-]\s*){2,}/g, (run: string) =>
      run.trim().charAt(0) === ',' ? ', ' : ` ${run.trim().charAt(0)} `,
    )
    .replace(/^\s*[|,;/-]\s*|\s*[|,;/-]\s*$/g, '')
    .trim();
}
