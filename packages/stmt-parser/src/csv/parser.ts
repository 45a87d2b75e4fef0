import { detectEncoding, isUtf8Name, looksLikeUtf8Warning, type NotUtf8Fallback } from '../encoding';
import { guessCodePage } from '../code-pages';
import { controlCharactersMessage, positionIn, replaceControlCharacters } from '../control-characters';
import { IssueSink } from '../issues';
import { peekSource } from '../source';
import type { ParseOptions, SourceLocation, StatementFormat, StatementRecord } from '../types';
import type { FormatParser } from '../formats';
import type { BankCsvPreset, CsvEntryDraft, CsvRow } from './preset';
import { readCsvRecords } from './rows';
import { CsvTokenizer, type CsvRecord } from './tokenizer';
import { maxFieldSize } from '../limits';
import { CsvStatementBuilder } from './statement-builder';
import { asRegex, resolveColumn } from './profile-columns';
import { comparableName } from './profile-detect';
import { isCheckedIban } from '../mt940/identifiers';
import { cellStart, isTrailerLine, LastValueShape, rowIsWhole, trailerMessage } from './row-shape';

/** Recognises a preset's export by its exact header line. */
export function sniffCsv(preset: BankCsvPreset, head: string): StatementFormat | undefined {
  const firstLine = head.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '';
  return firstLine.trim() === preset.header.join(preset.delimiter) ? preset.format : undefined;
}

/** A streaming parser for one bank's CSV export, driven by its preset. */
export function bankCsvParser(preset: BankCsvPreset): FormatParser {
  return {
    sniff: (head) => sniffCsv(preset, head),
    parse: (source, options) => parseBankCsv(preset, source, options),
  };
}

async function* parseBankCsv(
  preset: BankCsvPreset,
  source: AsyncIterable<Buffer>,
  options: ParseOptions,
): AsyncGenerator<StatementRecord> {
  const issues = new IssueSink(options);
  const builder = new CsvStatementBuilder(preset.format, issues);
  const peeked = await peekSource(source, 4);
  const detected = detectEncoding(peeked.head);
  const encoding =
    options.encoding ?? (detected.source === 'default' ? (preset.encoding ?? detected.encoding) : detected.encoding);
  const at = (line: number, column: number, path?: string): SourceLocation => {
    const location: SourceLocation = path === undefined ? { line, column } : { line, column, path };
    if (options.fileName !== undefined) location.file = options.fileName;
    return location;
  };

  let columns: string[] | undefined;
  /** Per field: the first of its name (a later field of the same name is not read). */
  let first: boolean[] = [];
  let above = 0;
  /** IBANs (check digits right) in the lines above the header: an account summary names the account. */
  const ibansAbove = new Set<string>();
  let accountIban: string | undefined;
  let rows = 0;
  const tokenizer = new CsvTokenizer(preset.delimiter, maxFieldSize(options), options.fileName);
  tokenizer.onWarning = (message, location) => issues.warning('INVALID_VALUE', message, location);
  const warn = (text: string, index: number): void => {
    const at = tokenizer.position;
    issues.warning('INVALID_ENCODING', looksLikeUtf8Warning(encoding), {
      ...at,
      ...positionIn(text, index, at.line, at.column),
    });
  };
  // Read as UTF-8 because nothing said otherwise (no --encoding, no byte-order mark): bytes that
  // are not UTF-8 are an 8-bit export, read from there on in the code page they look like, as
  // MT940 lines are. Amounts and dates are ASCII in every such code page.
  const guessed: NotUtf8Fallback | undefined =
    options.encoding === undefined && detected.source === 'default' && isUtf8Name(encoding)
      ? (rest) => {
          const page = guessCodePage(rest) ?? 'windows-1252';
          issues.warning(
            'INVALID_ENCODING',
            `the file is not UTF-8 from here on: its 8-bit characters are read as ${page}, which they look like; say what the file is with --encoding (e.g. windows-1252, iso-8859-15, windows-1250)`,
            tokenizer.position,
          );
          return page;
        }
      : undefined;
  const shapes = new LastValueShape();
  /** A row of empty cells came before this record (as a blank line does). */
  let blankRow = false;
  /** Short lines after a blank line below the table, held until the end shows they are a trailer. */
  const trailer: CsvRecord[] = [];
  for await (const record of readCsvRecords(peeked.chunks, encoding, tokenizer, warn, guessed)) {
    if (!columns) {
      if (preset.isHeader?.(record.fields) === false) {
        above++; // a line above the table (account summary)
        for (const field of record.fields) if (isCheckedIban(field.trim())) ibansAbove.add(field.replace(/\s/g, ''));
        continue;
      }
      accountIban = ibansAbove.size === 1 ? [...ibansAbove][0] : undefined;
      const header = readHeader(record.fields, preset);
      columns = header.names;
      first = header.first;
      tokenizer.names = columns;
      for (const { name, fields, read } of header.duplicates) {
        const message = `the header names the column ${JSON.stringify(name)} more than once (fields ${fields.join(', ')})`;
        const start = cellStart(record, (fields[1] as number) - 1);
        const location = at(start.line, start.column, name);
        if (read)
          issues.error(
            'INVALID_VALUE',
            `${message}: the ${preset.bank} layout reads ${name}, and which of them is meant is unclear; rename or remove the others`,
            location,
          );
        else issues.warning('INVALID_VALUE', `${message}; the ${preset.bank} layout does not read it`, location);
      }
      if (!record.terminated)
        issues.warning(
          'TRUNCATED',
          'the file ends after its header line, without a line break: if the file was cut, its rows are missing',
          at(record.line, 1, 'header'),
        );
      const missing = preset.header.filter((name) => !columns?.includes(name));
      if (missing.length > 0) {
        issues.error(
          'MISSING_ELEMENT',
          `the ${preset.bank} export lacks the column(s) ${missing.join(', ')}; expected the header ${preset.header.join(preset.delimiter)}`,
          at(record.line, 1, 'header'),
        );
      }
      continue;
    }
    // A row of empty cells (`;;;;;;`, which the Visa debit export writes below its rows) is a blank line.
    if (
      record.fields.every((field) => field.trim() === '') &&
      (record.terminated || record.fields.length >= columns.length)
    ) {
      blankRow = true;
      continue;
    }
    const afterBlank = blankRow || record.afterBlank === true;
    blankRow = false;
    if ((afterBlank || trailer.length > 0) && isTrailerLine(record, columns.length)) {
      trailer.push(record);
      continue;
    }
    // A row of the table after the short lines: they were not a trailer but broken rows.
    for (const line of trailer.splice(0)) rowIsWhole(line, columns.length, issues, at, shapes);
    rows++;
    if (!rowIsWhole(record, columns.length, issues, at, shapes)) continue;
    const row: Record<string, string> = {};
    columns.forEach((name, i) => {
      if (first[i] !== true) return;
      const cell = record.fields[i] ?? '';
      const found = replaceControlCharacters(cell);
      row[name] = found?.text ?? cell;
      if (found === undefined) return;
      const start = cellStart(record, i);
      const place = positionIn(cell, found.firstIndex, start.line, start.column);
      issues.warning(
        'INVALID_VALUE',
        controlCharactersMessage(found, `in ${name}`),
        at(place.line, place.column, name),
      );
    });
    const result = preset.readRow(row);
    const header = columns;
    const cellAt = (column: string): SourceLocation => {
      const cell = locateCell(record, header, row, column);
      return at(cell.line, cell.column, cell.name);
    };
    if (result.kind === 'skip') {
      if (result.warning) issues.warning(result.warning.code, result.warning.message, cellAt(result.warning.column));
      continue;
    }
    if (result.kind === 'problem') {
      issues.error(result.problem.code, result.problem.message, cellAt(result.problem.column));
      continue;
    }
    for (const warning of result.warnings ?? []) issues.warning(warning.code, warning.message, cellAt(warning.column));
    const draft = accountIban === undefined ? result.draft : withAccountIban(result.draft, accountIban);
    for (const out of builder.entry(draft, at(record.line, 1))) yield out;
  }
  if (columns && trailer[0])
    issues.warning('INVALID_VALUE', trailerMessage(trailer, columns.length), at(trailer[0].line, 1));
  for (const out of builder.finish()) yield out;
  if (columns && rows === 0)
    issues.warning('TRUNCATED', 'the file has a header but no rows: if it was cut, its rows are missing', at(2, 1));
  if (!columns && above > 0)
    issues.error(
      'MISSING_ELEMENT',
      `no line of the file is the ${preset.bank} header: expected the columns ${preset.header.join(', ')}`,
      at(1, 1, 'header'),
    );
  else if (!columns)
    issues.error(
      'MISSING_ELEMENT',
      `the file is empty; expected the ${preset.bank} header ${preset.header.join(preset.delimiter)}`,
      at(1, 1, 'header'),
    );
}

/**
 * A row whose profile names no account IBAN takes the one IBAN the lines above the table name
 * (DKB's `"Girokonto";"DE02 1203 …"`): the account's own, by its place.
 */
function withAccountIban(draft: CsvEntryDraft, iban: string): CsvEntryDraft {
  if (draft.account.account.iban !== undefined) return draft;
  const { otherId: _name, ...account } = draft.account.account;
  return { ...draft, account: { ...draft.account, account: { ...account, iban } } };
}

/**
 * The header's column names, trimmed. A name written differently from the layout's only in case,
 * spaces or punctuation (`BUCHUNGSTAG`, `Zahlungspflichtige:r` for `Zahlungspflichtige*r`) takes
 * the layout's spelling, as detection compares them (profile-detect.ts). Names given more than
 * once are listed, with whether the layout reads them; the first of each is the one kept.
 */
function readHeader(
  fields: readonly string[],
  preset: BankCsvPreset,
): { names: string[]; first: boolean[]; duplicates: { name: string; fields: number[]; read: boolean }[] } {
  const wanted = [...new Set([...preset.header, ...(preset.reads ?? [])])];
  const exact = wanted.filter((column) => asRegex(column) === undefined);
  const patterns = wanted.flatMap((column) => asRegex(column) ?? []);
  const trimmed = fields.map((name, i) => (i === 0 ? name.replace(/^\uFEFF/, '') : name).trim());
  const names = trimmed.map((name) => {
    if (exact.includes(name) || comparableName(name) === '') return name;
    const spelled = exact.find((column) => comparableName(column) === comparableName(name));
    return spelled !== undefined && !trimmed.includes(spelled) ? spelled : name;
  });
  const first = names.map((name, i) => names.indexOf(name) === i);
  const duplicates = [...new Set(names.filter((name, i) => name !== '' && !(first[i] as boolean)))].map((name) => ({
    name,
    fields: names.flatMap((other, i) => (other === name ? [i + 1] : [])),
    read: exact.includes(name) || patterns.some((pattern) => pattern.test(name)),
  }));
  return { names, first, duplicates };
}

/**
 * The cell a preset's problem or warning is about, and its name. The preset names the column as
 * it reads it, possibly as a `/…/` regular expression: that resolves, as the row reader resolved
 * it (`ColumnResolver`), to the first header column it matches, e.g. `Bedrag (EUR)`. A column
 * the header lacks points at the start of the record, under the preset's name.
 */
function locateCell(
  record: CsvRecord,
  header: readonly string[],
  row: CsvRow,
  column: string,
): { line: number; column: number; name: string } {
  const name = resolveColumn(Object.keys(row), column);
  const start = cellStart(record, name === undefined ? -1 : header.indexOf(name));
  return { ...start, name: name ?? column };
}
