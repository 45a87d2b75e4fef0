import type { Account } from '../types';
import { isBic, isIban } from './identifiers';

/**
 * Field 25 (account identification) comes as an IBAN (`DE89370400440532013000`), as
 * `BLZ/account` (German bank code or a BIC before the slash), as a bare account number, and at
 * Rabobank with the currency glued on (`1291.99.348EUR`).
 */
export function parseAccount(text: string): Account {
  // Polish banks write the account as `/PL61109010140000071219812874`.
  const value = text.trim().replace(/^\//, '');
  const compact = value.replace(/\s/g, '');
  if (isIban(compact)) return { iban: compact };
  const account: Account = {};
  const slash = value.indexOf('/');
  if (slash > 0) {
    const bank = value.slice(0, slash);
    if (isBic(bank)) {
      account.servicerBic = bank;
      account.otherId = value.slice(slash + 1);
      return withIbanOrOther(account);
    }
  }
  const currencySuffix = /^(.*\d)([A-Z]{3})$/.exec(value);
  if (currencySuffix) {
    account.otherId = currencySuffix[1] ?? value;
    account.currency = currencySuffix[2] ?? '';
    return account;
  }
  account.otherId = value;
  return account;
}

function withIbanOrOther(account: Account): Account {
  const id = account.otherId?.replace(/\s/g, '');
  if (id && isIban(id)) {
    delete account.otherId;
    account.iban = id;
  }
  return account;
}
