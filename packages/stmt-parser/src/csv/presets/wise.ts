import type { CsvProfile } from '../profile';

/**
 * Wise (TransferWise) balance statement, one currency per file: `"TransferWise ID",Date,Amount,
 * Currency,Description,"Payment Reference","Running Balance",…,"Payer Name","Payee Name",…,
 * Merchant,…,"Total fees"`. Dates `DD-MM-YYYY`, signed amounts with a decimal point, newest row
 * first (the statement builder tells the order from the `Running Balance` after each row).
 * Wise's fees are rows of their own (`Wise Charges for: …`), so `Total fees` is information only.
 * The ID is shared by a transfer and its fee row, so it is not the row's id. The counterparty of
 * a payment is the merchant (card) or the payee (transfer); of money received, the payer.
 */
export const wiseProfile: CsvProfile = {
  name: 'wise',
  bank: 'Wise',
  description: 'Wise (TransferWise) balance statement CSV.',
  detect: {
    columns: [
      'TransferWise ID',
      'Date',
      'Amount',
      'Currency',
      'Description',
      'Payment Reference',
      'Running Balance',
      'Payer Name',
      'Payee Name',
      'Merchant',
      'Total fees',
    ],
  },
  date_format: 'DD-MM-YYYY',
  booking_date: 'Date',
  amount: { column: 'Amount' },
  balance: 'Running Balance',
  currency: { column: 'Currency' },
  counterparty: { debit: '{Merchant} {Payee Name}', credit: '{Payer Name}' },
  remittance: '{Description} | {Payment Reference}',
  account: { name: 'Wise', statement: 'Wise-{currency}' },
};
