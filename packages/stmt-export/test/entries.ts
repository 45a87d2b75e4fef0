import { Decimal, type Entry, type TransactionDetail } from '@stmt/parser';

/** Builds a parsed entry the way the parser yields one; tests override what they look at. */
export function bookedEntry(overrides: Partial<Entry> = {}): Entry {
  return {
    statementId: 'STMT-1',
    statementIndex: 0,
    account: { iban: 'CH9300762011623852957', currency: 'CHF' },
    index: 0,
    entryReference: 'E1',
    accountServicerReference: 'ASR-1',
    money: { amount: Decimal.parse('120.50'), currency: 'CHF' },
    creditDebit: 'DBIT',
    status: 'BOOK',
    bookingDate: '2024-03-01',
    valueDate: '2024-03-02',
    reversal: false,
    bankTransactionCode: 'PMNT-ICDT-ESCT',
    charges: [],
    details: [],
    location: { line: 10, column: 3, path: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]' },
    ...overrides,
  };
}

export function transfer(
  name: string,
  iban: string,
  amount: string,
  remittance: string,
  extra: Partial<TransactionDetail> = {},
): TransactionDetail {
  return {
    endToEndId: `E2E-${name}`,
    money: { amount: Decimal.parse(amount), currency: 'CHF' },
    creditor: { name, iban, bic: 'UBSWCHZH80A' },
    debtor: { name: 'Account Owner', iban: 'CH9300762011623852957' },
    remittanceInfo: remittance,
    ...extra,
  };
}
