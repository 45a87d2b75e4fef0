import type { CsvCellProblem, CsvRow } from './preset';
import type { ColumnSkipRule, SkipRule } from './profile';
import type { ColumnResolver } from './profile-columns';
import { docsPage } from '@fin/errors';

/** What a row's skip rules decided: read it, or leave it out (with a warning when it holds money). */
export type SkipDecision = { skip: false } | { skip: true; warning?: CsvCellProblem };

interface CompiledRule {
  column: string;
  test: (row: CsvRow) => boolean;
  /** The rule names the rows it skips (`values`, `matches`), rather than catching what it does not list. */
  names: boolean;
  /** Why the rule left the row out, for the warning: `Type "CASH TRANSFER OUT" is none of …`. */
  why: (row: CsvRow) => string;
}

/**
 * A profile's skip rules, compiled once. A rule that names what it skips (`values`, `matches`)
 * is the profile's word that those rows move no money (Revolut's DECLINED payments). Rules that
 * skip by what a row lacks (`not_values`, `empty`) also catch rows nobody foresaw: one that holds
 * money, `holdsMoney` answering its amount, is left out with a warning rather than silently, as
 * revolut-investment once dropped a `CASH TRANSFER OUT` of USD -500 (docs/csv-profiles.md).
 */
export class SkipRules {
  private readonly rules: CompiledRule[];

  constructor(
    rules: readonly SkipRule[],
    private readonly columns: ColumnResolver,
    private readonly bank: string,
    private readonly holdsMoney: (row: CsvRow) => { column: string; text: string } | undefined,
  ) {
    this.rules = rules.map((rule) => ('all' in rule ? this.all(rule.all) : this.compile(rule)));
  }

  decide(row: CsvRow): SkipDecision {
    // The first rule that matches, unless one that names its rows matches too (no array per row).
    let rule: CompiledRule | undefined;
    for (const candidate of this.rules) {
      if (!candidate.test(row)) continue;
      if (candidate.names) return { skip: true };
      rule ??= candidate;
    }
    if (rule === undefined) return { skip: false };
    const money = this.holdsMoney(row);
    if (money === undefined) return { skip: true };
    const amount = this.columns.name(row, money.column) ?? money.column;
    return {
      skip: true,
      warning: {
        code: 'INVALID_VALUE',
        column: rule.column,
        message: `${rule.why(row)}: the row is left out, although ${amount} holds ${JSON.stringify(money.text)}; if it moved money, convert it with a profile of your own that reads it (${docsPage('csv-profiles.md')})`,
      },
    };
  }

  private all(parts: readonly ColumnSkipRule[]): CompiledRule {
    const compiled = parts.map((part) => this.compile(part));
    return {
      column: (compiled[0] as CompiledRule).column,
      test: (row) => compiled.every((part) => part.test(row)),
      names: compiled.some((part) => part.names),
      why: (row) => compiled.map((part) => part.why(row)).join(' and '),
    };
  }

  private compile(rule: ColumnSkipRule): CompiledRule {
    const values = rule.values?.map(wildcard);
    const notValues = rule.not_values?.map(wildcard);
    const matches = rule.matches === undefined ? undefined : new RegExp(rule.matches);
    const value = (row: CsvRow): string => this.columns.cell(row, rule.column);
    const label = (row: CsvRow): string => this.columns.name(row, rule.column) ?? rule.column;
    return {
      column: rule.column,
      test: (row) => {
        const text = value(row);
        if (rule.empty === true && text === '') return true;
        if (values?.some((v) => v.test(text)) === true) return true;
        if (notValues !== undefined && !notValues.some((v) => v.test(text))) return true;
        return matches?.test(text) === true;
      },
      names: values !== undefined || matches !== undefined,
      why: (row) =>
        value(row) === ''
          ? `${label(row)} is empty`
          : `${label(row)} ${JSON.stringify(value(row))} is none of the values the ${this.bank} layout reads (${orList(rule.not_values ?? [])})`,
    };
  }
}

/** `BUY*` → /^BUY.*$/i: values compare case-insensitively, `*` stands for anything. */
export function wildcard(value: string): RegExp {
  return new RegExp(
    `^${value
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );
}

export function orList(values: readonly string[]): string {
  return values.length <= 1
    ? (values[0] ?? '')
    : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1] as string}`;
}
