import { Decimal } from '../decimal';
import type { Entry, Money, TransactionDetail } from '../types';

/**
 * Entries cross a thread boundary as JSON: Decimals serialise as their exact text and are
 * parsed back here, printing and adding up exactly as the originals did (the text keeps the
 * scale). Only the fields that hold Decimals are touched.
 */
export function entriesToJson(entries: readonly Entry[]): string {
  return JSON.stringify(entries);
}

export function entriesFromJson(json: string): Entry[] {
  const entries = JSON.parse(json) as Entry[];
  for (const entry of entries) {
    reviveMovement(entry);
    for (const detail of entry.details) reviveMovement(detail);
  }
  return entries;
}

type WithDecimals = Pick<Entry, 'originalMoney' | 'exchangeRate'> & { money?: Money | undefined; charges?: Money[] | undefined };

function reviveMovement(holder: WithDecimals | TransactionDetail): void {
  if (holder.money) reviveMoney(holder.money);
  if (holder.originalMoney) reviveMoney(holder.originalMoney);
  if (holder.exchangeRate !== undefined) holder.exchangeRate = Decimal.parse(holder.exchangeRate as unknown as string);
  if (holder.charges) for (const charge of holder.charges) reviveMoney(charge);
}

function reviveMoney(money: Money): void {
  money.amount = Decimal.parse(money.amount as unknown as string);
}
