/** One booked row as a two-posting transaction. */
export interface LedgerTransaction {
  date: string;
  payee: string;
  narration: string;
  transactionId: string;
  /** Signed from the statement account's side: money in is positive. */
  amount: string;
  currency: string;
  statementAccount: string;
  otherAccount: string;
}

/** A balance the statement states, to assert at the end of `date`. */
export interface LedgerBalance {
  date: string;
  account: string;
  amount: string;
  currency: string;
  note: string;
}

/** How one plain-text format writes transactions, openings and assertions. */
export interface LedgerFormat {
  readonly name: LedgerFormatName;
  /** File name extension of a written journal (`.journal`), for a folder conversion. */
  readonly extension: string;
  header(): string;
  transaction(tx: LedgerTransaction): string;
  /** An opening balance: a transaction against the opening-balances account. */
  opening(balance: LedgerBalance, openingAccount: string): string;
  /** `undefined` when the format has no balance assertions (QIF). */
  assertion(balance: LedgerBalance): string | undefined;
  /** A note for the reader (QIF has no comments: nothing). */
  comment(text: string): string;
  /** Text needed once all accounts are known (beancount's `open` directives). */
  footer(accounts: ReadonlySet<string>, firstDate: string): string;
  /**
   * Text that starts a run of transactions (and the opening) of one statement account and
   * currency, for a format that writes each account's register apart (QIF's `!Account` block).
   */
  section?(account: string, currency: string): string;
}

/** `hledger`, `beancount`, `qif`: the keys of LEDGER_REGISTRY. */
export type LedgerFormatName = keyof typeof LEDGER_REGISTRY;

export function ledgerFormat(name: LedgerFormatName): LedgerFormat {
  return LEDGER_REGISTRY[name];
}

/** Negates a decimal text without arithmetic: `-12.50` ↔ `12.50`, zero stays unsigned. */
export function negate(amount: string): string {
  if (amount.startsWith('-')) return amount.slice(1);
  return /^[0.]*$/.test(amount) ? amount : `-${amount}`;
}

/** hledger journal (hledger.org/journal.html): payee | note, tags in comments, `=` balance assertions. */
const hledger: LedgerFormat = {
  name: 'hledger',
  extension: '.journal',
  // Amounts are written with a period; the directive keeps `1.000` from reading as one thousand.
  header: () => 'decimal-mark .\n\n',
  transaction: (tx) =>
    `${tx.date} * ${hledgerDescription(hledgerText(tx.payee).replace(/\|/g, '/'))}${tx.narration === '' ? '' : ` | ${hledgerText(tx.narration)}`}  ; transaction_id:${tx.transactionId}\n` +
    `    ${tx.otherAccount}  ${negate(tx.amount)} ${tx.currency}\n` +
    `    ${tx.statementAccount}  ${tx.amount} ${tx.currency}\n\n`,
  opening: (b, openingAccount) =>
    `${b.date} * Opening balance | ${hledgerText(b.note)}\n    ${b.account}  ${b.amount} ${b.currency}\n    ${openingAccount}\n\n`,
  // A posting of zero with an assertion: checked after every posting of that date written before it.
  assertion: (b) =>
    `${b.date} * Closing balance | ${hledgerText(b.note)}\n    ${b.account}  0 ${b.currency} = ${b.amount} ${b.currency}\n\n`,
  comment: (text) => `; ${oneLine(text)}\n\n`,
  footer: () => '',
};

/** `;` starts a comment and a line break ends the transaction line. */
function hledgerText(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/;/g, ',')
    .trim();
}

/** A description starting with `(` would be read as a transaction code: an empty code `()` goes first. */
function hledgerDescription(text: string): string {
  return text.startsWith('(') ? `() ${text}` : text;
}

/** Beancount (beancount.github.io/docs/beancount_language_syntax.html). */
const beancount: LedgerFormat = {
  name: 'beancount',
  extension: '.beancount',
  header: () => '',
  transaction: (tx) =>
    `${tx.date} * ${quoted(tx.payee)} ${quoted(tx.narration)}\n` +
    `  transaction_id: ${quoted(tx.transactionId)}\n` +
    `  ${tx.otherAccount}  ${negate(tx.amount)} ${tx.currency}\n` +
    `  ${tx.statementAccount}  ${tx.amount} ${tx.currency}\n\n`,
  opening: (b, openingAccount) =>
    `${b.date} * "Opening balance" ${quoted(b.note)}\n  ${b.account}  ${b.amount} ${b.currency}\n  ${openingAccount}\n\n`,
  // `balance` checks the start of its day, so a closing balance is asserted the next morning.
  assertion: (b) => `${nextDay(b.date)} balance ${b.account}  ${b.amount} ${b.currency}\n  note: ${quoted(b.note)}\n\n`,
  comment: (text) => `; ${oneLine(text)}\n\n`,
  footer: (accounts, firstDate) =>
    [...accounts]
      .sort()
      .map((account) => `${firstDate} open ${account}\n`)
      .join(''),
};

function quoted(text: string): string {
  return `"${text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .trim()}"`;
}

/**
 * QIF (Quicken Interchange Format), one register per statement account and currency (QIF has no
 * currencies): an `!Account` block names it (`Assets:Bank:CH93… CHF`) and its `!Type:Bank`
 * transactions follow (`!Type:CCard` for a `Liabilities` account). Dates `MM/DD/YYYY` as the
 * format's readers expect, the category in `L`, no assertions; the opening balance is a
 * transaction `Opening Balance` with the account itself in `L[…]`, as Quicken writes it.
 */
const qif: LedgerFormat = {
  name: 'qif',
  extension: '.qif',
  header: () => '',
  transaction: (tx) =>
    `D${qifDate(tx.date)}\nT${tx.amount}\nN${tx.transactionId}\nP${oneLine(tx.payee)}\nM${oneLine(tx.narration)}\nL${tx.otherAccount}\n^\n`,
  opening: (b) =>
    `D${qifDate(b.date)}\nT${b.amount}\nPOpening Balance\nM${oneLine(b.note)}\nL[${qifAccount(b.account, b.currency)}]\n^\n`,
  assertion: () => undefined,
  comment: () => '',
  footer: () => '',
  section: (account, currency) => {
    const type = account.startsWith('Liabilities:') ? 'CCard' : 'Bank';
    return `!Account\nN${qifAccount(account, currency)}\nT${type}\n^\n!Type:${type}\n`;
  },
};

function qifAccount(account: string, currency: string): string {
  return currency === '' ? account : `${account} ${currency}`;
}

/** `2024-03-05` → `03/05/2024`, the QIF specification's month/day/year. */
export function qifDate(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

/**
 * Every journal format, by its `--to` name: the one list `LedgerFormatName`, LEDGER_FORMATS and
 * the CLI's `--to` derive from. Adding one is its writer plus one entry here (docs/adding-a-format.md).
 */
const LEDGER_REGISTRY = { hledger, beancount, qif } as const;

/** Every journal format name, in registry order. */
export const LEDGER_FORMATS = Object.keys(LEDGER_REGISTRY) as readonly LedgerFormatName[];

/** The file name extension of each journal format (`hledger`: `.journal`). */
export const LEDGER_FILE_EXTENSIONS = Object.fromEntries(
  LEDGER_FORMATS.map((name) => [name, LEDGER_REGISTRY[name].extension]),
) as Readonly<Record<LedgerFormatName, string>>;

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

export function nextDay(date: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
