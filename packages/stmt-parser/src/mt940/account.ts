import { isIsoCurrency } from '../issues-currency';
import type { Account } from '../types';
import { isBic, isCheckedIban, isIban } from './identifiers';

/**
 * Field 25 (account identification) comes as an IBAN (`DE89370400440532013000`), as
 * `BLZ/account` (German bank code or a BIC before the slash), as a bare account number, and with
 * the account currency after it: at Rabobank glued on (`1291.99.348EUR`), after an IBAN with or
 * without a space (`NL50RABO0156750961 EUR`, bunq, ING's `NL20INGB0001234567EUR`), or after
 * a slash (Raiffeisen Hungary's `UBRTHUHB/123456789150ABCDEF002/HUF`).
 */
export function parseAccount(text: string): Account {
  // Polish banks write the account as `/PL61109010140000071219812874`.
  const written = text.trim().replace(/^\//, '');
  const slashCurrency = /^(.+)\/([A-Z]{3})$/.exec(written);
  if (slashCurrency && isIsoCurrency(slashCurrency[2] as string))
    return { ...parseAccount(slashCurrency[1] as string), currency: slashCurrency[2] as string };
  const value = written;
  const compact = value.replace(/\s/g, '');
  const ibanWithCurrency = ibanAndCurrency(value);
  if (ibanWithCurrency) return ibanWithCurrency;
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

/**
 * An IBAN followed by an ISO 4217 code, optionally after one space. The IBAN's check digits
 * decide: the text before the code must be a valid IBAN, and the whole text must not be one
 * (a Mauritian IBAN ends in `MUR` as part of the number).
 */
function ibanAndCurrency(value: string): Account | undefined {
  const match = /^(.*?) ?([A-Z]{3})$/.exec(value);
  if (!match) return undefined;
  const iban = (match[1] ?? '').replace(/\s/g, '');
  const currency = match[2] ?? '';
  if (!isIsoCurrency(currency) || isCheckedIban(value) || !isCheckedIban(iban)) return undefined;
  return { iban, currency };
}

function withIbanOrOther(account: Account): Account {
  const id = account.otherId?.replace(/\s/g, '');
  if (id && isIban(id)) {
    delete account.otherId;
    account.iban = id;
  }
  return account;
}
