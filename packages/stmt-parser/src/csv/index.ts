import type { FormatParser } from '../formats';
import { bankCsvParser } from './parser';
import { revolutPreset } from './presets/revolut';

export type { BankCsvPreset, CsvAccount, CsvCellProblem, CsvEntryDraft, CsvRow, CsvRowResult } from './preset';
export { bankCsvParser } from './parser';
export { revolutPreset } from './presets/revolut';

/** Revolut's CSV account statement export. */
export const revolutCsvParser: FormatParser = bankCsvParser(revolutPreset);
