import { Decimal } from './decimal';
import type { Balance, Entry, ParseIssue, Statement } from './types';

/** Sums of booked credits and debits, unsigned. */
export interface MovementTotals {
  credits: Decimal;
  debits: Decimal;
}

/**
 * Booked movement of one statement, per currency. Only BOOK entries count: pending and
 * informational entries are not part of the booked balance (ISO 20022 `EntryStatus`).
 * A reversal is already reported with the direction it moves the balance in, so it is
 * summed like any other entry.
 *
 * The running sums are exact integers of the smallest unit seen (BigInt), not Decimals:
 * this runs once per entry of files with millions of them, and an integer addition is far
 * cheaper than building a big.js value per entry. They become Decimals when read.
 */
export class BookedMovement {
  private readonly byCurrency = new Map<string, UnitSums>();

  add(entry: Pick<Entry, 'status' | 'money' | 'creditDebit'>): void {
    if (entry.status !== 'BOOK') return;
    const { currency, amount } = entry.money;
    let sums = this.byCurrency.get(currency);
    if (!sums) this.byCurrency.set(currency, (sums = { credits: 0n, debits: 0n, scale: 0 }));
    if (amount.scale > sums.scale) {
      const factor = 10n ** BigInt(amount.scale - sums.scale);
      sums.credits *= factor;
      sums.debits *= factor;
      sums.scale = amount.scale;
    }
    const units = toUnits(amount, sums.scale);
    if (entry.creditDebit === 'CRDT') sums.credits += units;
    else sums.debits += units;
  }

  get(currency: string): MovementTotals | undefined {
    const sums = this.byCurrency.get(currency);
    return sums && { credits: fromUnits(sums.credits, sums.scale), debits: fromUnits(sums.debits, sums.scale) };
  }

  get totals(): ReadonlyMap<string, MovementTotals> {
    const totals = new Map<string, MovementTotals>();
    for (const currency of this.byCurrency.keys()) totals.set(currency, this.get(currency) as MovementTotals);
    return totals;
  }
}

interface UnitSums {
  credits: bigint;
  debits: bigint;
  scale: number;
}

/** `12.5` at scale 3 → 12500n. */
function toUnits(amount: Decimal, scale: number): bigint {
  const text = amount.toString();
  const dot = text.indexOf('.');
  const units = BigInt(dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1));
  return scale === amount.scale ? units : units * 10n ** BigInt(scale - amount.scale);
}

/** 12500n at scale 3 → Decimal `12.500`. */
function fromUnits(units: bigint, scale: number): Decimal {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return Decimal.parse(negative ? `-${text}` : text);
}

/** Opening balance codes in order of preference: opening booked, else previously closed booked. */
const OPENING_TYPES = ['OPBD', 'PRCD'] as const;
const CLOSING_TYPE = 'CLBD';

/**
 * Checks opening + credits − debits = closing for every currency in which the statement has
 * both an opening (OPBD, else PRCD) and a closing (CLBD) balance; a statement without both
 * has nothing to reconcile. `totals` is the booked movement per currency; a single
 * `MovementTotals` applies to every currency. Returns the first mismatch as an issue.
 */
export function reconcileBalances(
  statement: Pick<Statement, 'balances' | 'location' | 'statementId'>,
  totals: BookedMovement | ReadonlyMap<string, MovementTotals> | MovementTotals,
  /** How to name a balance in the message; by default its type code (`OPBD`, `CLBD`). */
  describe: (balance: Balance) => string = (balance) => balance.type,
): ParseIssue | undefined {
  const lookup = totalsLookup(totals);
  for (const closing of statement.balances) {
    if (closing.type !== CLOSING_TYPE) continue;
    const currency = closing.money.currency;
    const opening = findOpening(statement.balances, currency);
    if (!opening) continue;
    const movement = lookup(currency);
    const credits = movement?.credits ?? Decimal.zero();
    const debits = movement?.debits ?? Decimal.zero();
    const expected = signed(opening).plus(credits).minus(debits);
    const actual = signed(closing);
    if (expected.eq(actual)) continue;
    return {
      code: 'UNRECONCILED_BALANCE',
      severity: 'error',
      message:
        `statement ${JSON.stringify(statement.statementId)} does not reconcile in ${currency}: ` +
        `opening ${describe(opening)} ${signed(opening).toString()} + credits ${credits.toString()} − debits ${debits.toString()} ` +
        `= ${expected.toString()}, but the closing ${describe(closing)} balance is ${actual.toString()} ` +
        `(difference ${actual.minus(expected).toString()})`,
      location: closing.location ?? statement.location,
    };
  }
  return undefined;
}

/** Whether `reconcileBalances` has something to check: an opening (OPBD/PRCD) and a closing (CLBD) balance in one currency. */
export function canReconcile(balances: readonly Balance[]): boolean {
  return balances.some(
    (closing) => closing.type === CLOSING_TYPE && findOpening(balances, closing.money.currency) !== undefined,
  );
}

/** A balance as a signed number: credit balances are positive, debit (overdrawn) negative. */
export function signed(balance: Balance): Decimal {
  return balance.creditDebit === 'DBIT' ? balance.money.amount.negated() : balance.money.amount;
}

function findOpening(balances: readonly Balance[], currency: string): Balance | undefined {
  for (const type of OPENING_TYPES) {
    const found = balances.find((b) => b.type === type && b.money.currency === currency);
    if (found) return found;
  }
  return undefined;
}

const isTotalsMap = (value: unknown): value is ReadonlyMap<string, MovementTotals> => value instanceof Map;

function totalsLookup(
  totals: BookedMovement | ReadonlyMap<string, MovementTotals> | MovementTotals,
): (currency: string) => MovementTotals | undefined {
  if (totals instanceof BookedMovement) return (c) => totals.get(c);
  if (isTotalsMap(totals)) return (c) => totals.get(c);
  const single = totals;
  return () => single;
}
