import type { CsvProfile } from '../profile';

/**
 * Bank of America (US) checking and savings download: a summary (`Description,,Summary Amt.`,
 * beginning balance, total credits and debits, ending balance) above `Date,Description,Amount,
 * Running Bal.`; `MM/DD/YYYY`, signed amounts with thousands commas (`"-1,250.00"`). The first row
 * of the table is `Beginning balance as of …` without an amount: it is skipped. Only posted
 * rows are exported.
 */
export const bankOfAmericaProfile: CsvProfile = {
  name: 'bank-of-america',
  bank: 'Bank of America',
  description: 'Bank of America checking/savings CSV (US).',
  detect: { columns: ['Date', 'Description', 'Amount', 'Running Bal.'] },
  date_format: 'MM/DD/YYYY',
  thousands: ',',
  booking_date: 'Date',
  amount: { column: 'Amount' },
  currency: { code: 'USD' },
  balance: 'Running Bal.',
  // That line only: another row without an amount is refused (its amount is unknown), and one
  // with an amount is read.
  skip: [
    {
      all: [
        { column: 'Description', matches: '^Beginning balance as of ' },
        { column: 'Amount', empty: true },
      ],
    },
  ],
  counterparty: '{Description}',
  remittance: '{Description}',
  account: { name: 'Bank of America', statement: 'BofA-{currency}' },
};

/**
 * Capital One (US) credit card download: `Transaction Date,Posted Date,Card No.,Description,
 * Category,Debit,Credit`, ISO dates, unsigned amounts in separate columns: `Debit` is a purchase
 * (money out of the card account), `Credit` a payment or refund.
 */
export const capitalOneProfile: CsvProfile = {
  name: 'capital-one',
  bank: 'Capital One',
  description: 'Capital One credit card CSV (US).',
  detect: { columns: ['Transaction Date', 'Posted Date', 'Card No.', 'Description', 'Category', 'Debit', 'Credit'] },
  date_format: 'YYYY-MM-DD',
  thousands: ',',
  booking_date: 'Posted Date',
  value_date: 'Transaction Date',
  amount: { debit: 'Debit', credit: 'Credit' },
  currency: { code: 'USD' },
  transaction_code: 'Category',
  counterparty: '{Description}',
  remittance: '{Description}',
  account: { name: 'Capital One {Card No.}', statement: 'CapitalOne-{Card No.}-{currency}' },
};
