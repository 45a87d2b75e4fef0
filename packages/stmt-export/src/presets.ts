import { DEFAULT_COLUMNS, SEPA_COLUMNS, type ColumnName, type StatementRow } from './columns';
import { ExportError } from './errors';
import { withFormulaGuard } from './formula-guard';
import { camtCsvStandard } from './preset-camt-csv';

/** A CSV layout: its header line and how a default-layout row becomes one of its records. */
export interface CsvPreset {
  name: string;
  description: string;
  header: readonly string[];
  project(row: StatementRow): string[];
}

function selectColumns(name: string, description: string, columns: readonly ColumnName[]): CsvPreset {
  return { name, description, header: columns, project: (row) => columns.map((column) => row[column]) };
}

export const PRESETS: Readonly<Record<string, CsvPreset>> = {
  default: selectColumns('default', 'All columns with the documented snake_case headers.', DEFAULT_COLUMNS),
  minimal: selectColumns('minimal', 'Date, signed amount, currency, counterparty, remittance and category.', [
    'booking_date',
    'amount',
    'currency',
    'counterparty_name',
    'remittance_info',
    'category',
  ]),
  'camt-csv-standard': camtCsvStandard,
  full: selectColumns(
    'full',
    'The default columns, then the SEPA fields: mandate and creditor ids, creditor reference, purpose and return reason codes, ultimate parties.',
    [...DEFAULT_COLUMNS, ...SEPA_COLUMNS],
  ),
};

export const PRESET_NAMES = Object.keys(PRESETS);

/**
 * The preset by name, with the formula guard (formula-guard.ts) unless `formulaGuard: false`:
 * text a spreadsheet would run as a formula gets a leading `'`; amounts are never changed.
 */
export function getPreset(name: string, options: { formulaGuard?: boolean } = {}): CsvPreset {
  const preset = PRESETS[name];
  if (preset === undefined) {
    throw new ExportError('UNKNOWN_PRESET', `Unknown CSV preset '${name}'; choose one of ${PRESET_NAMES.join(', ')}.`);
  }
  return options.formulaGuard === false ? preset : withFormulaGuard(preset);
}
