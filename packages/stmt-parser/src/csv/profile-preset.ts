import { Decimal } from '../decimal';
import { readCurrencyCode } from '../issues-currency';
import type { CreditDebit, Money, TransactionDetail } from '../types';
import type { BankCsvPreset, CsvCellProblem, CsvEntryDraft, CsvRow, CsvRowResult } from './preset';
import type { CsvProfile, SkipRule } from './profile';
import { asRegex, ColumnResolver, renderTemplate, renderText } from './profile-columns';
import { headerMatches } from './profile-detect';
import { amountExample, dateReader, parseAmount, type ParsedAmount } from './profile-values';
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
    ...(skip ?? []).map((rule) => rule.column),
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

type RowProblem = Extract<CsvRowResult, { kind: 'problem' }>;

function problem(code: CsvCellProblem['code'], column: string, message: string): RowProblem {
  return { kind: 'problem', problem: { code, column, message } };
}

/**
 * Reads one row the way the profile says. The checks run in a fixed order (status, currency,
 * amount, fee, balance, value date, booking date), so the first problem of a row is reported.
 *
 * Dates: a row without any date (neither booking nor value date) is refused, since its row
 * would be dateless. A booked row without a booking date takes its value date, with a warning
 * (as MT940 does for a blank entry date); pending and informational rows have no booking date
 * yet. A missing value date stays empty: it is optional in every format.
 */
class ProfileRowReader {
  private readonly columns = new ColumnResolver();
  private readonly readDate: (cell: string) => string | undefined | null;
  private readonly dateText: string;
  private readonly skipRules: ((row: CsvRow) => boolean)[];
  /** A number as the profile writes it (`-1.234,50`), for messages. */
  private readonly example: string;

  constructor(private readonly profile: CsvProfile) {
    this.readDate = dateReader(profile.date_format.split(/[ T]?HH/)[0] as string);
    this.dateText = `${profile.date_format.includes('HH') ? 'a date-time' : 'a date'} ${profile.date_format}`;
    this.skipRules = (profile.skip ?? []).map((rule) => this.skipRule(rule));
    this.example = amountExample(profile.decimal ?? '.', profile.thousands);
  }

  read(row: CsvRow): CsvRowResult {
    if (this.skipRules.some((skips) => skips(row))) return { kind: 'skip' };
    const p = this.profile;
    const cell = (column: string): string => this.columns.cell(row, column);
    const raw = (column: string): string => {
      const name = this.columns.name(row, column);
      return name === undefined ? '' : (row[name] ?? '');
    };
    // A column in a message: the header's name for a `/…/` column (`Bedrag (EUR)`), as the location names it.
    const label = (column: string): string => this.columns.name(row, column) ?? column;

    let status: 'BOOK' | 'PDNG' | 'INFO' = 'BOOK';
    if (p.status) {
      const value = cell(p.status.column);
      const known = p.status.values[value];
      if (!known) {
        const skipped = (p.skip ?? [])
          .filter((rule) => rule.column === p.status?.column)
          .flatMap((rule) => rule.values ?? []);
        return problem(
          'INVALID_VALUE',
          p.status.column,
          `expected ${label(p.status.column)} ${orList([...Object.keys(p.status.values), ...skipped])}, found ${JSON.stringify(value)}`,
        );
      }
      status = known;
    }

    const amount = this.amount(cell, raw, label);
    if (amount.kind === 'problem') return amount;
    const currency = this.currency(row, cell, amount.currency);
    if (currency.kind === 'problem') return currency;
    const code = currency.code;
    const warnings: CsvCellProblem[] = [];
    if (currency.warning) warnings.push(currency.warning);

    let fee = Decimal.zero(amount.value.scale);
    if (p.amount.fee !== undefined && cell(p.amount.fee) !== '') {
      const parsed = this.number(cell(p.amount.fee));
      if (!parsed)
        return problem(
          'INVALID_AMOUNT',
          p.amount.fee,
          `expected a decimal fee such as 0${this.profile.decimal ?? '.'}00, found ${JSON.stringify(raw(p.amount.fee))}`,
        );
      fee = parsed.value;
    }
    let balanceAfter: Decimal | undefined;
    if (p.balance !== undefined && cell(p.balance) !== '') {
      const parsed = this.number(cell(p.balance));
      if (!parsed)
        return problem(
          'INVALID_AMOUNT',
          p.balance,
          `expected a decimal balance such as ${this.example.slice(1)}, found ${JSON.stringify(cell(p.balance))}`,
        );
      balanceAfter = parsed.value;
    }
    const valueDate = p.value_date === undefined ? undefined : this.readDate(cell(p.value_date));
    if (valueDate === null && p.value_date !== undefined)
      return problem(
        'INVALID_DATE',
        p.value_date,
        `expected ${this.dateText}, found ${JSON.stringify(raw(p.value_date))}`,
      );
    let bookingDate = this.readDate(cell(p.booking_date));
    if (bookingDate === null)
      return problem(
        'INVALID_DATE',
        p.booking_date,
        `expected ${this.dateText}, found ${JSON.stringify(raw(p.booking_date))}`,
      );
    if (bookingDate === undefined && valueDate === undefined)
      return problem(
        'MISSING_ELEMENT',
        p.booking_date,
        `the row has no date: expected ${this.dateText} in ${p.value_date === undefined ? label(p.booking_date) : `${label(p.booking_date)} or ${label(p.value_date)}`}; a row without a date cannot be converted`,
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
    const original = this.original(cell, raw, code);
    if (original.money) detail.originalMoney = original.money;
    if (original.warning) warnings.push(original.warning);
    const charges: Money[] = fee.isZero() ? [] : [{ amount: fee.abs(), currency: code }];
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
  private original(
    cell: (c: string) => string,
    raw: (c: string) => string,
    code: string,
  ): { money?: Money; warning?: CsvCellProblem } {
    const spec = this.profile.original_amount;
    if (spec === undefined) return {};
    const currencyText = cell(spec.currency).trim();
    const amountText = cell(spec.amount);
    if (currencyText === '' || amountText === '' || currencyText.toUpperCase() === code) return {};
    const currency = readCurrencyCode(currencyText);
    const parsed = this.number(amountText);
    if (currency === undefined || !parsed)
      return {
        warning: {
          code: currency === undefined ? 'INVALID_VALUE' : 'INVALID_AMOUNT',
          column: currency === undefined ? spec.currency : spec.amount,
          message:
            currency === undefined
              ? `expected a currency code such as EUR, found ${JSON.stringify(raw(spec.currency))}; the original amount is left out (the row's amount does not depend on it)`
              : `expected a decimal amount such as ${this.example}, found ${JSON.stringify(raw(spec.amount))}; the original amount is left out (the row's amount does not depend on it)`,
        },
      };
    const money = { amount: parsed.value.abs(), currency: currency.code };
    return currency.deviation === undefined
      ? { money }
      : { money, warning: { code: 'INVALID_VALUE', column: spec.currency, message: currency.deviation } };
  }

  private number(text: string): ParsedAmount | undefined {
    return parseAmount(text, this.profile.decimal ?? '.', this.profile.thousands) ?? undefined;
  }

  /** The signed amount of the row, from one signed column, a column and a direction, or debit and credit columns. */
  private amount(
    cell: (c: string) => string,
    raw: (c: string) => string,
    label: (c: string) => string,
  ): (ParsedAmount & { kind: 'amount' }) | RowProblem {
    const spec = this.profile.amount;
    const invalid = (column: string): RowProblem =>
      problem(
        'INVALID_AMOUNT',
        column,
        `expected a decimal amount such as ${this.example}, found ${JSON.stringify(raw(column))}`,
      );
    let parsed: ParsedAmount;
    if (spec.column !== undefined) {
      const value = this.number(cell(spec.column));
      if (!value) return invalid(spec.column);
      parsed = value;
      if (spec.direction) {
        const said = cell(spec.direction.column);
        const debit = spec.direction.debit.some((v) => wildcard(v).test(said));
        const credit = !debit && spec.direction.credit.some((v) => wildcard(v).test(said));
        if (!debit && !credit) {
          return problem(
            'INVALID_VALUE',
            spec.direction.column,
            `expected ${label(spec.direction.column)} ${orList([...spec.direction.debit, ...spec.direction.credit])}, found ${JSON.stringify(said)}`,
          );
        }
        parsed = { ...parsed, value: debit ? parsed.value.abs().negated() : parsed.value.abs() };
      }
    } else {
      const debitColumn = spec.debit as string;
      const creditColumn = spec.credit as string;
      const out = cell(debitColumn) === '' ? undefined : this.number(cell(debitColumn));
      const into = cell(creditColumn) === '' ? undefined : this.number(cell(creditColumn));
      if (cell(debitColumn) !== '' && !out) return invalid(debitColumn);
      if (cell(creditColumn) !== '' && !into) return invalid(creditColumn);
      if (!out && !into)
        return problem(
          'INVALID_AMOUNT',
          debitColumn,
          `expected an amount in ${label(debitColumn)} or ${label(creditColumn)}, found neither`,
        );
      const value = (into?.value ?? Decimal.zero()).minus(out?.value.abs() ?? Decimal.zero());
      const currency = out?.currency ?? into?.currency;
      parsed = currency === undefined ? { value } : { value, currency };
    }
    if (spec.negate === true) parsed = { ...parsed, value: parsed.value.negated() };
    return { kind: 'amount', ...parsed };
  }

  private currency(
    row: CsvRow,
    cell: (c: string) => string,
    fromAmount: string | undefined,
  ): { kind: 'currency'; code: string; warning?: CsvCellProblem } | RowProblem {
    const spec = this.profile.currency;
    let code = spec?.column === undefined ? undefined : cell(spec.column);
    if (code === undefined || code === '') code = fromAmount;
    if ((code === undefined || code === '') && spec?.header !== undefined) {
      const regex = asRegex(spec.header);
      const name = this.columns.name(row, spec.header);
      code = regex && name ? regex.exec(name)?.[1] : undefined;
    }
    if (code === undefined || code === '') code = spec?.code;
    const column = spec?.column ?? spec?.header ?? this.profile.amount.column ?? 'currency';
    const reading = readCurrencyCode(code ?? '');
    if (!reading) {
      return problem(
        'INVALID_VALUE',
        column,
        `expected a three-letter currency code, found ${JSON.stringify(code ?? '')}`,
      );
    }
    // `eur` is read as EUR, `XYZ` kept: both with a warning at the cell.
    if (reading.deviation === undefined) return { kind: 'currency', code: reading.code };
    return {
      kind: 'currency',
      code: reading.code,
      warning: { code: 'INVALID_VALUE', column, message: reading.deviation },
    };
  }

  private skipRule(rule: SkipRule): (row: CsvRow) => boolean {
    const values = rule.values?.map(wildcard);
    const notValues = rule.not_values?.map(wildcard);
    const matches = rule.matches === undefined ? undefined : new RegExp(rule.matches);
    return (row) => {
      const value = this.columns.cell(row, rule.column);
      if (rule.empty === true && value === '') return true;
      if (values?.some((v) => v.test(value)) === true) return true;
      if (notValues !== undefined && !notValues.some((v) => v.test(value))) return true;
      return matches?.test(value) === true;
    };
  }
}

/** `BUY*` → /^BUY.*$/i: values compare case-insensitively, `*` stands for anything. */
function wildcard(value: string): RegExp {
  return new RegExp(
    `^${value
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );
}

function orList(values: string[]): string {
  return values.length <= 1
    ? (values[0] ?? '')
    : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1] as string}`;
}
