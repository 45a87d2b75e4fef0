import { DEFAULT_COLUMNS, SEPA_COLUMNS, type ColumnName, type StatementRow } from './columns';
import type { CsvPreset } from './presets';

/**
 * The columns that hold numbers. Their values are never changed: a signed amount starts with `-`
 * by design, and a changed figure would be a wrong figure.
 */
export const NUMERIC_COLUMNS: ReadonlySet<string> = new Set<ColumnName>(['amount', 'original_amount', 'exchange_rate']);

/**
 * First characters that make Excel, LibreOffice Calc or Google Sheets read a cell as a formula,
 * after the OWASP CSV Injection guidance: = + - @ TAB CR.
 */
const FORMULA_LEADING = /^[=+\-@\t\r]/;

/** A plain decimal number (`-12.50`): a spreadsheet shows it as the number it is, nothing runs. */
const PLAIN_NUMBER = /^[-+]?\d+(?:\.\d+)?$/;

/**
 * Neutralises one text cell: a value a spreadsheet would run as a formula gets a leading `'`,
 * which spreadsheets take as "this is text" and do not show. Plain numbers stay as they are.
 */
export function guardFormula(text: string): string {
  // Most cells start with a letter or digit: one character code decides them (this runs for
  // every text cell of every row).
  const first = text.charCodeAt(0);
  if (first > 0x40 || (first > 0x2d && first < 0x3d)) return text;
  return FORMULA_LEADING.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The columns holding text, listed once: a loop over them costs less per row than `for…in` and a set lookup per key. */
const TEXT_COLUMNS: readonly ColumnName[] = [...DEFAULT_COLUMNS, ...SEPA_COLUMNS].filter(
  (column) => !NUMERIC_COLUMNS.has(column),
);

/** The row with every text column guarded; the same object when nothing needed it (the usual case). */
export function guardRow(row: StatementRow): StatementRow {
  let guarded: StatementRow | undefined;
  for (let at = 0; at < TEXT_COLUMNS.length; at++) {
    const column = TEXT_COLUMNS[at] as ColumnName;
    const value = row[column];
    if (value === undefined) continue;
    const safe = guardFormula(value);
    if (safe === value) continue;
    guarded ??= { ...row };
    guarded[column] = safe;
  }
  return guarded ?? row;
}

/**
 * The preset with formula-leading text neutralised before it projects a row: the one guard every
 * preset shares (payer names and remittance text come from third parties). `--no-formula-guard`
 * uses the preset as it is.
 */
export function withFormulaGuard(preset: CsvPreset): CsvPreset {
  return { ...preset, project: (row) => preset.project(guardRow(row)) };
}
