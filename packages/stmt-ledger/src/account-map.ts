import type { StatementRow } from '@stmt/export';
import { lazySchemaCheck, SchemaDocumentError } from '@stmt/parser';

/**
 * Which ledger account a row's two postings go to (docs/ledger-output.md): the statement
 * account (`accounts`, default `Assets:Bank:<account id>`) and the category account
 * (`categories`, default `Expenses:<Category>` for money out, `Income:<Category>` for money in).
 */
export interface LedgerAccounts {
  /** Statement account id (IBAN or other id, as in `account_iban`) → ledger account. */
  accounts?: Record<string, string>;
  /** Category name → ledger account. */
  categories?: Record<string, string>;
  /** Templates for unmapped categories; `{category}` is the category as an account component. */
  expenses?: string;
  income?: string;
  /** For unmapped statement accounts; `{account}` is the account id as a component. */
  bank?: string;
  /** The other side of opening balances. */
  opening?: string;
}

/**
 * Five root names every plain-text accounting tool accepts (beancount insists on them), then
 * components that start with a capital letter or a digit of any script (`Straßenbahn`, `Łódź`),
 * as beancount requires and as the accounts this package writes do. ajv reads the patterns with
 * the `u` flag, so `\p{…}` classes work.
 */
const COMPONENT = '[\\p{Lu}\\p{Lt}\\p{N}][\\p{L}\\p{M}\\p{N}-]*';
const ACCOUNT = `^(Assets|Liabilities|Equity|Income|Expenses)(:${COMPONENT})+$`;
/** The same with `{account}` / `{category}` placeholders standing for a component. */
const TEMPLATE = `^(Assets|Liabilities|Equity|Income|Expenses)(:(${COMPONENT}|\\{account\\}|\\{category\\}))+$`;

export const LEDGER_ACCOUNTS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    accounts: { type: 'object', additionalProperties: { type: 'string', pattern: ACCOUNT } },
    categories: { type: 'object', additionalProperties: { type: 'string', pattern: ACCOUNT } },
    expenses: { type: 'string', pattern: TEMPLATE },
    income: { type: 'string', pattern: TEMPLATE },
    bank: { type: 'string', pattern: TEMPLATE },
    opening: { type: 'string', pattern: ACCOUNT },
  },
} as const;

/** Compiled on first use, so loading the package costs no schema compilation. */
const accountsCheck = lazySchemaCheck<LedgerAccounts>(LEDGER_ACCOUNTS_SCHEMA);

export const LEDGER_ACCOUNTS_ERROR_CODES = ['INVALID_MAPPING'] as const;
export type LedgerAccountsErrorCode = (typeof LEDGER_ACCOUNTS_ERROR_CODES)[number];

/** A mapping file that does not follow the schema; the message names each key. */
export class LedgerAccountsError extends SchemaDocumentError<LedgerAccountsErrorCode> {
  override readonly name: string = 'LedgerAccountsError';
}

export function validateLedgerAccounts(value: unknown, source: string): LedgerAccounts {
  if (value === null || value === undefined) return {};
  const validate = accountsCheck();
  if (validate(value)) return value;
  const problems = (validate.errors ?? []).map((error) => {
    const key = error.instancePath.split('/').slice(1).join('.') || '(mapping)';
    if (error.keyword === 'pattern')
      return `${key}: must be an account such as Expenses:Food (a root Assets, Liabilities, Equity, Income or Expenses, then components starting with a capital letter or digit)`;
    if (error.keyword === 'additionalProperties')
      return `${key}: unknown key '${String(error.params['additionalProperty'])}'`;
    return `${key}: ${error.message ?? 'is invalid'}`;
  });
  throw new LedgerAccountsError(
    'INVALID_MAPPING',
    `${source}: invalid ledger account mapping: ${problems.join('; ')}`,
    { source, problems },
  );
}

export class AccountMap {
  private readonly cache = new Map<string, string>();

  constructor(private readonly mapping: LedgerAccounts = {}) {}

  /** The account of the statement the row comes from. */
  statementAccount(row: StatementRow): string {
    const id = row.account_iban || row.statement_id;
    return this.mapping.accounts?.[id] ?? this.templated('bank', this.mapping.bank ?? 'Assets:Bank:{account}', id);
  }

  /** The account the money came from or went to, by category and direction. */
  categoryAccount(row: StatementRow): string {
    const category = row.category || 'Uncategorized';
    const mapped = this.mapping.categories?.[category];
    if (mapped !== undefined) return mapped;
    const income = row.amount.startsWith('-') === false;
    return income
      ? this.templated('income', this.mapping.income ?? 'Income:{category}', category)
      : this.templated('expenses', this.mapping.expenses ?? 'Expenses:{category}', category);
  }

  get openingAccount(): string {
    return this.mapping.opening ?? 'Equity:Opening-Balances';
  }

  private templated(kind: string, template: string, value: string): string {
    const key = `${kind}\u0000${value}`;
    let account = this.cache.get(key);
    if (account === undefined) {
      account = template.replace(/\{(account|category)\}/g, () => accountComponent(value));
      this.cache.set(key, account);
    }
    return account;
  }
}

/**
 * Text as one account component every tool accepts: accents dropped, words capitalised and
 * joined with `-` (`Eating out` → `Eating-Out`, `Café & Bar` → `Cafe-Bar`, `еда` → `Еда`),
 * starting with a capital or digit. Letters of every script are kept, so categories in other
 * scripts stay apart; one whose first letter has no capital (`日本 食品`) gets `X-` in front
 * (`X-日本-食品`), since beancount wants a capital or digit first.
 */
export function accountComponent(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .split(/[^\p{L}\p{Nd}]+/u)
    .filter((word) => word !== '')
    .map((word) => capitalised(word));
  if (words.length === 0) return 'Unknown';
  const component = words.join('-');
  return /^[\p{Lu}\p{Nd}]/u.test(component) ? component : `X-${component}`;
}

/** The first letter in upper case (`ß` stays one letter: its upper case `SS` is not). */
function capitalised(word: string): string {
  const first = String.fromCodePoint(word.codePointAt(0) as number);
  const upper = first.toUpperCase();
  return (upper.length === first.length ? upper : first) + word.slice(first.length);
}
