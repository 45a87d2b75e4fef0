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
  const warn = (): void => issues.warning('INVALID_ENCODING', looksLikeUtf8Warning(encoding), tokenizer.position);
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
    if (result.kind === 'skip') continue;
    const header = columns;
    const cellAt = (column: string): SourceLocation => {
      const cell = locateCell(record, header, row, column);
      return at(cell.line, cell.column, cell.name);
    };
    if (result.kind === 'problem') {
      issues.error(result.problem.code, result.problem.message, cellAt(result.problem.column));
      continue;
    }
    for (const warning of result.warnings ?? []) issues.warning(warning.code, warning.message, cellAt(warning.column));
    const draft = accountIban === undefined ? result.draft : withAccountIban(result.draft, accountIban);
    for (const out of builder.entry(draft, at(record.line, 1))) yield out;
  }
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
 * A row with fewer fields than the header is refused: at the end of the file it is a row cut
 * off (`TRUNCATED`), elsewhere a broken one. Extra fields are refused unless empty (a trailing
 * delimiter). A last row without a line break may have been cut inside its last value: it is
 * refused when that value is shorter than every value above it in its column shows it should
 * be (see `LastValueShape`), else read with a warning.
 */
function rowIsWhole(
  record: CsvRecord,
  width: number,
  issues: IssueSink,
  at: (line: number, column: number, path?: string) => SourceLocation,
  shapes: LastValueShape,
): boolean {
  const { fields } = record;
  if (fields.length < width) {
    if (!record.terminated)
      issues.error(
        'TRUNCATED',
        `the file ends in the middle of a row: it has ${fields.length} of the header's ${width} fields; the file is truncated`,
        at(record.line, 1),
      );
    else
      issues.error(
        'INVALID_VALUE',
        `the row has ${fields.length} fields, the header ${width}: expected one value per column`,
        at(record.line, 1),
      );
    return false;
  }
  if (fields.slice(width).some((field) => field !== '')) {
    issues.error(
      'INVALID_VALUE',
      `the row has ${fields.length} fields, the header ${width}: expected one value per column (a value with the delimiter in it must be quoted)`,
      at(record.line, 1),
    );
    return false;
  }
  if (record.terminated) {
    shapes.add(fields);
    return true;
  }
  const cut = shapes.cutShort(fields);
  if (cut !== undefined) {
    const last = fields.length - 1;
    const start = cellStart(record, last);
    issues.error(
      'TRUNCATED',
      `the file ends without a line break inside the row's last value ${JSON.stringify(fields[last])}, which ${cut}: the file is truncated`,
      at(start.line, start.column),
    );
    return false;
  }
  issues.warning(
    'TRUNCATED',
    'the file does not end with a line break after this row: if the file was cut, its last value may be incomplete',
    at(record.line, 1),
  );
  return true;
}

/**
 * What the last value of each row read so far looked like, to tell a last value cut off by the
 * end of the file (no line break after it) from a whole one: only a row's last value can be cut
 * so. It is cut when every row's last value above it, in the same column, was a number with the
 * same count of decimals and it has fewer (`-40.00` cut to `-4`). Anything else cannot be told
 * from the text: an empty last value may be a cut just after a delimiter or a value the row does
 * not have (a pending Revolut row has no balance), so the row is read with a warning (a value the
 * row needs is refused as missing). One number checked per row, whatever the row's width.
 */
class LastValueShape {
  /** The decimals every row's last value had (a number), or -1 once they differed, one was not a number, or rows ended in different columns. */
  private decimals: number | undefined;
  private column = -1;

  add(fields: readonly string[]): void {
    const column = fields.length - 1;
    const value = (fields[column] as string).trim();
    // An empty value (a pending row's balance) counts neither for nor against the shape.
    if (value === '' && (this.column < 0 || this.column === column)) {
      this.column = column;
      return;
    }
    const places = decimalsOf(value);
    if (this.decimals === undefined) {
      this.decimals = places;
      this.column = column;
    } else if (places !== this.decimals || column !== this.column) this.decimals = -1;
  }

  /** Why the last value of `fields` (a row without a line break after it) was cut off, or undefined when it may be whole. */
  cutShort(fields: readonly string[]): string | undefined {
    const places = this.decimals ?? -1;
    if (places <= 0 || fields.length - 1 !== this.column) return undefined;
    const found = decimalsOf((fields[this.column] as string).trim());
    return found >= 0 && found < places
      ? `has ${found === 0 ? 'no' : found} decimal${found === 1 ? '' : 's'}, while every amount above it has ${places}`
      : undefined;
  }
}

/**
 * Digits after the decimal mark of a number (`-40.00` 2, `1.234,5` 1, `-4` 0), or -1 when the
 * value is not a number. A mark written more than once (`1.234.567`) groups thousands.
 */
function decimalsOf(value: string): number {
  if (!/^[-+(]?[\d.,' ]*\d\)?$/.test(value)) return -1;
  const mark = Math.max(value.lastIndexOf('.'), value.lastIndexOf(','));
  if (mark < 0 || value.indexOf(value[mark] as string) < mark) return 0;
  return value.length - mark - 1 - (value.endsWith(')') ? 1 : 0);
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

/** Where field `index` of a record begins (quoted fields and line breaks in them counted); the record's start for an unknown column. */
function cellStart(record: CsvRecord, index: number): { line: number; column: number } {
  const line = record.starts[2 * index];
  const column = record.starts[2 * index + 1];
  return line === undefined || column === undefined ? { line: record.line, column: 1 } : { line, column };
}
