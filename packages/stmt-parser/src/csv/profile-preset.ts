import { Decimal } from '../decimal';
import { readCurrencyCode } from '../issues-currency';
import type { CreditDebit, Money, TransactionDetail } from '../types';
import type { BankCsvPreset, CsvCellProblem, CsvEntryDraft, CsvRow, CsvRowResult } from './preset';
import type { CsvProfile } from './profile';
import { AmountReader, problem, type RowCells, type RowProblem } from './profile-amount';
import { asRegex, ColumnResolver, renderTemplate, renderText } from './profile-columns';
import { headerMatches } from './profile-detect';
import { orList, SkipRules } from './profile-skip';
import { dateReader, parseAmount, withFullYear } from './profile-values';
import { isSepaPlaceholder } from '../placeholders';

/** A profile as a preset for the shared bank-CSV parser: the header to look for and how to read a row. */
export function presetFromProfile(profile: CsvProfile): BankCsvPreset {
  const reader = new ProfileRowReader(profile);
  const columns = profile.detect.columns;
  return {
    format: profile.format ?? 'bank-csv',
    bank: profile.bank,
    delimiter: profile.detect.delimiter ?? ',',
    // Regular-expression columns are checked by isHeader; the parser checks the exact names.
    header: columns.filter((column) => asRegex(column) === undefined),
    ...(profile.detect.encoding === undefined ? {} : { encoding: profile.detect.encoding }),
    isHeader: (fields) =>
      headerMatches(
        fields.map((field) => field.trim().replace(/^\uFEFF/, '')),
        columns,
      ),
    reads: profileColumns(profile),
    readRow: (row) => reader.read(row),
  };
}

/** Every column a profile reads: its named columns and the `{Column}` placeholders of its templates. */
export function profileColumns(profile: CsvProfile): string[] {
  const { amount, currency, status, skip, counterparty, remittance, account } = profile;
  const named = [
    ...profile.detect.columns,
    profile.booking_date,
    profile.value_date,
    amount.column,
    amount.debit,
    amount.credit,
    amount.direction?.column,
    amount.fee,
    currency?.column,
    currency?.header,
    profile.balance,
    profile.original_amount?.amount,
    profile.original_amount?.currency,
    status?.column,
    ...(skip ?? []).flatMap((rule) => ('all' in rule ? rule.all : [rule]).map((part) => part.column)),
    profile.reference,
    profile.transaction_code,
    profile.counterparty_iban,
    profile.end_to_end_id,
    profile.mandate_id,
    profile.creditor_id,
  ];
  const texts = [counterparty, remittance].flatMap((rule) =>
    rule === undefined ? [] : typeof rule === 'string' ? [rule] : [rule.template, rule.debit, rule.credit],
  );
  // `{currency}` in the account templates is the row's currency, not a column.
  const accounts = placeholders([account?.name, account?.iban, account?.statement]).filter((c) => c !== 'currency');
  const columns = [...named, ...placeholders(texts), ...accounts];
  return [...new Set(columns.filter((column): column is string => column !== undefined))];
}

function placeholders(templates: readonly (string | undefined)[]): string[] {
  return templates.flatMap((template) =>
    [...(template ?? '').matchAll(/\{([^{}|]+)(?:\|[^{}]*)?\}/g)].map((match) => match[1] as string),
  );
}

/**
 * Reads one row the way the profile says. The checks run in a fixed order (status, amount,
 * currency, fee, balance, value date, booking date), so the first problem of a row is reported.
 *
 * Dates: a row without any date (neither booking nor value date) is refused, since its row
 * would be dateless. A booked row without a booking date takes its value date, with a warning
 * (as MT940 does for a blank entry date); pending and informational rows have no booking date
 * yet. A missing value date stays empty: it is optional in every format.
 */
class ProfileRowReader {
  private readonly columns = new ColumnResolver();
  private readonly dates: DateCells;
  private readonly skipRules: SkipRules;
  private readonly amounts: AmountReader;

  constructor(private readonly profile: CsvProfile) {
    this.dates = new DateCells(profile);
    this.amounts = new AmountReader(profile, this.columns);
    this.skipRules = new SkipRules(profile.skip ?? [], this.columns, profile.bank, (row) => this.money(row));
  }

  read(row: CsvRow): CsvRowResult {
    const skipped = this.skipRules.decide(row);
    if (skipped.skip)
      return skipped.warning === undefined ? { kind: 'skip' } : { kind: 'skip', warning: skipped.warning };
    const p = this.profile;
    const cells: RowCells = {
      row,
      cell: (column) => this.columns.cell(row, column),
      raw: (column) => {
        const name = this.columns.name(row, column);
        return name === undefined ? '' : (row[name] ?? '');
      },
      // A column in a message: the header's name for a `/…/` column (`Bedrag (EUR)`), as the location names it.
      label: (column) => this.columns.name(row, column) ?? column,
    };
    const { cell, label } = cells;

    let status: 'BOOK' | 'PDNG' | 'INFO' = 'BOOK';
    if (p.status) {
      const value = cell(p.status.column);
      const known = p.status.values[value];
      if (!known) {
        const skipped = (p.skip ?? []).flatMap((rule) =>
          'column' in rule && rule.column === p.status?.column ? (rule.values ?? []) : [],
        );
        return problem(
          'INVALID_VALUE',
          p.status.column,
          `expected ${label(p.status.column)} ${orList([...Object.keys(p.status.values), ...skipped])}, found ${JSON.stringify(value)}`,
        );
      }
      status = known;
    }

    const warnings: CsvCellProblem[] = [];
    const amount = this.amounts.amount(cells, warnings);
    if (amount.kind === 'problem') return amount;
    const currency = this.amounts.currency(cells, amount, warnings);
    if (currency.kind === 'problem') return currency;
    const code = currency.code;

    let fee = Decimal.zero(amount.value.scale);
    if (p.amount.fee !== undefined) {
      const parsed = this.amounts.numberIn(
        p.amount.fee,
        cells,
        `a decimal fee such as 0${p.decimal ?? '.'}00`,
        warnings,
      );
      if (parsed !== undefined && 'kind' in parsed) return parsed;
      if (parsed !== undefined) fee = parsed.value;
      // A fee is what the bank charged; a negative one reads as a fee given back (the balance
      // moves by amount − fee, as for any fee), but an export writing charges negative means
      // the opposite, so the reader is told.
      if (fee.isNegative())
        warnings.push({
          code: 'INVALID_AMOUNT',
          column: p.amount.fee,
          message: `${label(p.amount.fee)} ${JSON.stringify(cell(p.amount.fee))} is negative, and a fee is a charge: read as a fee of ${fee.abs().toString()} given back, so the balance moves by ${amount.value.minus(fee).toString()} and no charge is recorded (had the export meant a charge of ${fee.abs().toString()}, the balance would move by ${amount.value.plus(fee).toString()})`,
        });
    }
    let balanceAfter: Decimal | undefined;
    if (p.balance !== undefined) {
      const parsed = this.amounts.numberIn(
        p.balance,
        cells,
        `a decimal balance such as ${this.amounts.example.slice(1)}`,
        warnings,
      );
      if (parsed !== undefined && 'kind' in parsed) return parsed;
      balanceAfter = parsed?.value;
    }
    const valueDate = p.value_date === undefined ? undefined : this.dates.read(p.value_date, cells, warnings);
    if (typeof valueDate === 'object') return valueDate;
    let bookingDate = this.dates.read(p.booking_date, cells, warnings);
    if (typeof bookingDate === 'object') return bookingDate;
    if (bookingDate === undefined && valueDate === undefined)
      return problem(
        'MISSING_ELEMENT',
        p.booking_date,
        `the row has no date: expected ${this.dates.text} in ${p.value_date === undefined ? label(p.booking_date) : `${label(p.booking_date)} or ${label(p.value_date)}`}; a row without a date cannot be converted`,
      );
    if (bookingDate === undefined && status === 'BOOK') {
      bookingDate = valueDate;
      warnings.push({
        code: 'MISSING_ELEMENT',
        column: p.booking_date,
        message: `the booked row has no ${label(p.booking_date)}; its booking date is taken from ${p.value_date === undefined ? '' : label(p.value_date)} (${valueDate ?? ''})`,
      });
    }

    // The balance moves by amount − fee; the transaction keeps its own amount and direction.
    const movement = amount.value.minus(fee);
    const direction: CreditDebit = movement.isNegative() ? 'DBIT' : 'CRDT';
    const detail: TransactionDetail = {
      money: { amount: amount.value.abs(), currency: code },
      creditDebit: amount.value.isNegative() ? 'DBIT' : 'CRDT',
    };
    const remittance = renderText(p.remittance, direction, cell);
    const party = renderText(p.counterparty, direction, cell);
    if (remittance !== '') detail.remittanceInfo = remittance;
    const optional = (column: string | undefined): string => (column === undefined ? '' : cell(column));
    const partyIban = optional(p.counterparty_iban).replace(/\s+/g, '');
    if (party !== '' || partyIban !== '') {
      const who = { ...(party === '' ? {} : { name: party }), ...(partyIban === '' ? {} : { iban: partyIban }) };
      if (direction === 'DBIT') detail.creditor = who;
      else detail.debtor = who;
    }
    const endToEnd = optional(p.end_to_end_id);
    if (endToEnd !== '' && !isSepaPlaceholder(endToEnd)) detail.endToEndId = endToEnd;
    const mandate = optional(p.mandate_id);
    if (mandate !== '') detail.mandateId = mandate;
    const creditorId = optional(p.creditor_id);
    if (creditorId !== '') detail.creditorId = creditorId;
    const original = this.original(cells, code, warnings);
    if (original) detail.originalMoney = original;
    // A negative fee was given back, not charged (warned above): no charge to record.
    const charges: Money[] = fee.isZero() || fee.isNegative() ? [] : [{ amount: fee, currency: code }];
    const named = (column: string): string => (column === 'currency' ? code : cell(column));
    const accountName = renderTemplate(p.account?.name ?? p.bank, named) || p.bank;
    const iban = p.account?.iban === undefined ? '' : renderTemplate(p.account.iban, named).replace(/\s+/g, '');
    const statementId = renderTemplate(p.account?.statement ?? `${iban || accountName}-{currency}`, named);
    const draft: CsvEntryDraft = {
      account: {
        key: statementId,
        statementId,
        account: iban === '' ? { otherId: accountName, currency: code } : { iban, currency: code },
        currency: code,
      },
      money: { amount: movement.abs(), currency: code },
      creditDebit: direction,
      status,
      charges,
      detail,
    };
    if (bookingDate) draft.bookingDate = bookingDate;
    if (valueDate) draft.valueDate = valueDate;
    const typeCode = p.transaction_code === undefined ? '' : cell(p.transaction_code);
    if (typeCode !== '') draft.bankTransactionCode = typeCode;
    const reference = p.reference === undefined ? '' : cell(p.reference);
    if (reference !== '') draft.accountServicerReference = reference;
    if (balanceAfter) draft.balanceAfter = balanceAfter;
    return warnings.length === 0 ? { kind: 'entry', draft } : { kind: 'entry', draft, warnings };
  }

  /**
   * The transaction's amount in the currency it was made in (`original_amount`), when that is
   * another than the row's. The row's own amount does not depend on it: one that cannot be read
   * is left out with a warning.
   */
  private original(cells: RowCells, code: string, warnings: CsvCellProblem[]): Money | undefined {
    const spec = this.profile.original_amount;
    if (spec === undefined) return undefined;
    const currencyText = cells.cell(spec.currency);
    const amountText = cells.cell(spec.amount);
    if (currencyText === '' || amountText === '' || currencyText.toUpperCase() === code) return undefined;
    const leftOut = "; the original amount is left out (the row's amount does not depend on it)";
    const currency = readCurrencyCode(currencyText);
    if (currency === undefined) {
      warnings.push({
        code: 'INVALID_VALUE',
        column: spec.currency,
        message: `expected a currency code such as EUR, found ${JSON.stringify(cells.raw(spec.currency))}${leftOut}`,
      });
      return undefined;
    }
    const expected = `a decimal amount such as ${this.amounts.example}`;
    const parsed = this.amounts.numberIn(spec.amount, cells, expected, warnings);
    if (parsed === undefined) return undefined;
    if ('kind' in parsed) {
      warnings.push({ ...parsed.problem, message: `${parsed.problem.message}${leftOut}` });
      return undefined;
    }
    if (currency.deviation !== undefined)
      warnings.push({ code: 'INVALID_VALUE', column: spec.currency, message: currency.deviation });
    return { amount: parsed.value.abs(), currency: currency.code };
  }

  /** The amount a row holds, for a skip rule that would leave it out: a cell neither empty nor zero. */
  private money(row: CsvRow): { column: string; text: string } | undefined {
    const spec = this.profile.amount;
    for (const column of [spec.column, spec.debit, spec.credit]) {
      if (column === undefined) continue;
      const text = this.columns.cell(row, column);
      const parsed = parseAmount(text, this.profile.decimal ?? '.', this.profile.thousands);
      if (parsed === undefined || (parsed !== null && 'value' in parsed && parsed.value.isZero())) continue;
      return { column, text };
    }
    return undefined;
  }
}

/**
 * Dates as the profile writes them. A four-digit year where the layout has two (`28.03.2024`
 * for `DD.MM.YY`) names the year in full, so it leaves no doubt: read, with a warning.
 */
class DateCells {
  /** What a date looks like, for messages: `a date DD.MM.YY`. */
  readonly text: string;
  private readonly reader: (cell: string) => string | undefined | null;
  private readonly fullYear: ((cell: string) => string | undefined | null) | undefined;

  constructor(private readonly profile: CsvProfile) {
    const format = profile.date_format.split(/[ T]?HH/)[0] as string;
    this.reader = dateReader(format);
    const full = withFullYear(format);
    this.fullYear = full === undefined ? undefined : dateReader(full);
    this.text = `${profile.date_format.includes('HH') ? 'a date-time' : 'a date'} ${profile.date_format}`;
  }

  /** The date in `column` (`YYYY-MM-DD`), undefined when empty, a problem when it cannot be read. */
  read(column: string, cells: RowCells, warnings: CsvCellProblem[]): string | undefined | RowProblem {
    const text = cells.cell(column);
    const date = this.reader(text);
    if (date !== null) return date;
    const full = this.fullYear?.(text);
    if (full === undefined || full === null)
      return problem('INVALID_DATE', column, `expected ${this.text}, found ${JSON.stringify(cells.raw(column))}`);
    warnings.push({
      code: 'INVALID_DATE',
      column,
      message: `${cells.label(column)} ${JSON.stringify(text)} has a four-digit year where the ${this.profile.bank} layout writes ${this.profile.date_format}; read as ${full}`,
    });
    return full;
  }
}
