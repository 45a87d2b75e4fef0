import type { Decimal } from '../decimal';
import { readCurrencyCode } from '../issues-currency';
import type { CsvCellProblem, CsvRow, CsvRowResult } from './preset';
import type { CsvProfile } from './profile';
import { asRegex, type ColumnResolver } from './profile-columns';
import { orList, wildcard } from './profile-skip';
import { amountExample, parseAmount, type ParsedAmount } from './profile-values';

export type RowProblem = Extract<CsvRowResult, { kind: 'problem' }>;

export function problem(code: CsvCellProblem['code'], column: string, message: string): RowProblem {
  return { kind: 'problem', problem: { code, column, message } };
}

/** One row's cells by the profile's column names: trimmed, as written, and the header's name for messages. */
export interface RowCells {
  row: CsvRow;
  cell: (column: string) => string;
  raw: (column: string) => string;
  label: (column: string) => string;
}

/** The row's signed amount, and the cell a currency written in it came from. */
export interface RowAmount {
  kind: 'amount';
  value: Decimal;
  currency?: string;
  currencyColumn?: string;
}

/**
 * Reads a row's numbers and currency as the profile writes them. Cells read the tolerant way
 * (thousands grouped with a separator the profile does not declare, a sign where the layout
 * reads none, a currency in the cell other than the profile's) add a warning to `warnings`;
 * what leaves the value unknown is a problem that refuses the row.
 */
export class AmountReader {
  /** A number as the profile writes it (`-1.234,50`), for messages. */
  readonly example: string;
  /** The direction column's values as patterns, and the currency header's pattern: made once, not per row. */
  private readonly patterns = new Map<string, RegExp>();
  private readonly headerPattern: RegExp | undefined;

  constructor(
    private readonly profile: CsvProfile,
    private readonly columns: ColumnResolver,
  ) {
    this.example = amountExample(profile.decimal ?? '.', profile.thousands);
    const header = profile.currency?.header;
    this.headerPattern = header === undefined ? undefined : asRegex(header);
  }

  /** Whether `said` is one of `values` (`*` a wildcard, any case). */
  private saysOneOf(values: readonly string[], said: string): boolean {
    return values.some((value) => {
      let pattern = this.patterns.get(value);
      if (pattern === undefined) this.patterns.set(value, (pattern = wildcard(value)));
      return pattern.test(said);
    });
  }

  /** The number in `column`: undefined when empty, a problem when it is none or is unclear. */
  numberIn(
    column: string,
    cells: RowCells,
    expected: string,
    warnings: CsvCellProblem[],
  ): ParsedAmount | undefined | RowProblem {
    const text = cells.cell(column);
    const parsed = parseAmount(text, this.profile.decimal ?? '.', this.profile.thousands);
    if (parsed === undefined) return undefined;
    const found = `expected ${expected}, found ${JSON.stringify(cells.raw(column))}`;
    if (parsed === null) return problem('INVALID_AMOUNT', column, found);
    if ('unclear' in parsed) return problem('INVALID_AMOUNT', column, `${found}: ${parsed.unclear}`);
    if (parsed.grouping !== undefined)
      warnings.push({
        code: 'INVALID_AMOUNT',
        column,
        message: `${cells.label(column)} ${JSON.stringify(text)} groups its thousands with ${JSON.stringify(parsed.grouping)}, which the ${this.profile.bank} layout does not (it writes ${this.example}); read as ${parsed.value.toString()}`,
      });
    return parsed;
  }

  /** The signed amount of the row, from one signed column, a column and a direction, or debit and credit columns. */
  amount(cells: RowCells, warnings: CsvCellProblem[]): RowAmount | RowProblem {
    const spec = this.profile.amount;
    const expected = `a decimal amount such as ${this.example}`;
    let amount: RowAmount;
    if (spec.column !== undefined) {
      const parsed = this.numberIn(spec.column, cells, expected, warnings);
      if (parsed === undefined)
        return problem(
          'INVALID_AMOUNT',
          spec.column,
          `expected ${expected}, found ${JSON.stringify(cells.raw(spec.column))}`,
        );
      if ('kind' in parsed) return parsed;
      amount = { kind: 'amount', value: parsed.value };
      if (parsed.currency !== undefined)
        Object.assign(amount, { currency: parsed.currency, currencyColumn: spec.column });
      if (spec.direction) {
        const direction = this.direction(spec.direction, spec.column, parsed, cells, warnings);
        if (direction.kind === 'problem') return direction;
        amount.value = direction.value;
      }
    } else {
      const both = this.debitCredit(spec.debit as string, spec.credit as string, cells, warnings);
      if (both.kind === 'problem') return both;
      amount = both;
    }
    if (spec.negate === true) amount.value = amount.value.negated();
    return amount;
  }

  /**
   * An unsigned amount whose direction column decides. A sign that says the other way (ING's
   * `Bij` with `-3.150,00`) is overruled by the direction, with a warning at the amount.
   */
  private direction(
    spec: { column: string; debit: string[]; credit: string[] },
    column: string,
    parsed: ParsedAmount,
    cells: RowCells,
    warnings: CsvCellProblem[],
  ): { kind: 'value'; value: Decimal } | RowProblem {
    const said = cells.cell(spec.column);
    const debit = this.saysOneOf(spec.debit, said);
    const credit = !debit && this.saysOneOf(spec.credit, said);
    if (!debit && !credit)
      return problem(
        'INVALID_VALUE',
        spec.column,
        `expected ${cells.label(spec.column)} ${orList([...spec.debit, ...spec.credit])}, found ${JSON.stringify(said)}`,
      );
    const value = debit ? parsed.value.abs().negated() : parsed.value.abs();
    if (credit && parsed.value.isNegative())
      warnings.push({
        code: 'INVALID_AMOUNT',
        column,
        message: `${cells.label(column)} ${JSON.stringify(cells.cell(column))} is negative, but ${cells.label(spec.column)} ${JSON.stringify(said)} says money in: the direction decides, read as ${value.toString()}`,
      });
    return { kind: 'value', value };
  }

  /**
   * Money out and money in in two columns. Both holding a non-zero amount leaves the direction
   * unknown (netting them, as this once did, made one row of two); a zero or empty one is
   * none. Signs in them are ignored, as the layout says, with a warning.
   */
  private debitCredit(
    debitColumn: string,
    creditColumn: string,
    cells: RowCells,
    warnings: CsvCellProblem[],
  ): RowAmount | RowProblem {
    const expected = `a decimal amount such as ${this.example.slice(1)}`;
    const out = this.numberIn(debitColumn, cells, expected, warnings);
    if (out !== undefined && 'kind' in out) return out;
    const into = this.numberIn(creditColumn, cells, expected, warnings);
    if (into !== undefined && 'kind' in into) return into;
    if (!out && !into)
      return problem(
        'INVALID_AMOUNT',
        debitColumn,
        `expected an amount in ${cells.label(debitColumn)} or ${cells.label(creditColumn)}, found neither`,
      );
    const both = (): string =>
      `${cells.label(debitColumn)} (${JSON.stringify(cells.raw(debitColumn))}) and ${cells.label(creditColumn)} (${JSON.stringify(cells.raw(creditColumn))})`;
    if (out && into && !out.value.isZero() && !into.value.isZero())
      return problem(
        'INVALID_AMOUNT',
        creditColumn,
        `the row has an amount in both ${both()}: whether it is money out or in is unclear; expected one of them, the other empty or zero`,
      );
    if (out?.currency !== undefined && into?.currency !== undefined && out.currency !== into.currency)
      return problem('INVALID_AMOUNT', creditColumn, `${both()} name two currencies: which is meant is unclear`);
    const isOut = out !== undefined && (into === undefined || !out.value.isZero());
    const column = isOut ? debitColumn : creditColumn;
    const value = (isOut ? out : (into as ParsedAmount)).value;
    const signed = isOut ? value.abs().negated() : value.abs();
    if (value.isNegative())
      warnings.push({
        code: 'INVALID_AMOUNT',
        column,
        message: `${cells.label(column)} ${JSON.stringify(cells.cell(column))} has a sign, which the layout does not read (${cells.label(column)} holds money ${isOut ? 'out' : 'in'}): the sign is ignored, read as ${signed.toString()}`,
      });
    const amount: RowAmount = { kind: 'amount', value: signed };
    const named = out?.currency === undefined ? (into?.currency === undefined ? undefined : creditColumn) : debitColumn;
    if (named !== undefined) {
      amount.currency = (named === debitColumn ? out : into)?.currency as string;
      amount.currencyColumn = named;
    }
    return amount;
  }

  /**
   * The row's currency: its currency column, else one written in the amount cell, else the
   * header's or the profile's code (docs/csv-profiles.md, `currency`). A cell currency is the
   * amount's own: it wins over the header's or profile's code, with a warning when it differs;
   * one that differs from the row's currency column leaves the currency unknown.
   */
  currency(
    cells: RowCells,
    amount: RowAmount,
    warnings: CsvCellProblem[],
  ): { kind: 'currency'; code: string } | RowProblem {
    const spec = this.profile.currency;
    const fromColumn = spec?.column === undefined ? '' : cells.cell(spec.column);
    const fromHeader = this.headerCode(cells.row);
    const fixed = fromHeader ?? spec?.code;
    const written = amount.currency;
    const writtenAt = amount.currencyColumn ?? 'currency';
    const inCell = (): string =>
      `${cells.label(writtenAt)} ${JSON.stringify(cells.cell(writtenAt))} is written in ${written ?? ''}`;
    let code = fixed ?? '';
    let column = spec?.column ?? spec?.header ?? this.profile.amount.column ?? 'currency';
    if (fromColumn !== '') code = fromColumn;
    else if (written !== undefined) {
      code = written;
      column = writtenAt;
    }
    const reading = readCurrencyCode(code);
    if (!reading)
      return problem('INVALID_VALUE', column, `expected a three-letter currency code, found ${JSON.stringify(code)}`);
    // `eur` is read as EUR, `XYZ` kept: both with a warning at the cell.
    if (reading.deviation !== undefined) warnings.push({ code: 'INVALID_VALUE', column, message: reading.deviation });
    const read = { kind: 'currency' as const, code: reading.code };
    if (written === undefined) return read;
    if (fromColumn !== '')
      return reading.code === written
        ? read
        : problem(
            'INVALID_VALUE',
            writtenAt,
            `${inCell()}, but ${cells.label(column)} says ${JSON.stringify(fromColumn)}: which currency the amount is in is unclear`,
          );
    if (fixed !== undefined && fixed !== written) {
      const source =
        fromHeader === undefined
          ? `the ${this.profile.bank} layout's currency is ${fixed}`
          : `its header ${JSON.stringify(cells.label(spec?.header as string))} says ${fromHeader}`;
      warnings.push({
        code: 'INVALID_VALUE',
        column,
        message: `${inCell()}, while ${source}; read as ${written}, the currency the cell names`,
      });
    }
    return read;
  }

  /** The currency a `/…(XXX)…/` header names (`Paid Out (EUR)`), when the profile takes it from there. */
  private headerCode(row: CsvRow): string | undefined {
    const header = this.profile.currency?.header;
    if (header === undefined) return undefined;
    const regex = this.headerPattern;
    const name = this.columns.name(row, header);
    const code = regex && name ? regex.exec(name)?.[1] : undefined;
    return code === '' ? undefined : code;
  }
}
