import type { CsvProfile } from '../profile';

/**
 * Selma (Swiss robo-advisor) transactions export: `Date,Description,Bookkeeping No.,Fund,Amount,
 * Currency,Number of Shares`, signed amounts, ISO dates. Description is Selma's transaction type
 * (trade, selma_fee, stamp_duty, dividend, cash_transfer, withholding_tax…). The bookkeeping number
 * is shared by a trade and its stamp duty, so it is not the row's id.
 */
export const selmaProfile: CsvProfile = {
  name: 'selma',
  bank: 'Selma',
  description: 'Selma Finance transactions export.',
  detect: { columns: ['Date', 'Description', 'Bookkeeping No.', 'Fund', 'Amount', 'Currency', 'Number of Shares'] },
  date_format: 'YYYY-MM-DD',
  booking_date: 'Date',
  amount: { column: 'Amount' },
  currency: { column: 'Currency' },
  transaction_code: 'Description',
  counterparty: { template: 'Selma {Fund}' },
  remittance: { template: '{Description} {Fund} {Number of Shares}' },
  account: { name: 'Selma', statement: 'Selma-{currency}' },
};

/**
 * A Visa debit card export with French headers (Swiss banks' card portals): semicolon-separated,
 * `Bénéficiaire;Date;Montant;Monnaie;Buchungs-Nr.;Referenznummer;Status Kontoführung`, signed
 * amounts, Swiss dates. The card network's prefix `PMT CARTE` is dropped from the merchant name;
 * the reference number is the bank's id of the payment. The export ends with a row of empty
 * cells (`;;;;;;`), which the parser reads as a blank line; a skip rule for rows without a date
 * once did that, and also dropped a payment whose date was missing, which is now refused.
 */
export const visaDebitFrProfile: CsvProfile = {
  name: 'visa-debit-fr',
  bank: 'Visa Debit',
  description: 'Visa debit card export with French headers (Bénéficiaire, Date, Montant, Monnaie).',
  detect: { columns: ['Bénéficiaire', 'Date', 'Montant', 'Monnaie'], delimiter: ';' },
  date_format: 'DD.MM.YYYY',
  thousands: "'",
  booking_date: 'Date',
  amount: { column: 'Montant' },
  currency: { column: 'Monnaie' },
  reference: 'Referenznummer',
  counterparty: { template: '{Bénéficiaire}', replace: [{ pattern: '^PMT CARTE ', with: '' }] },
  remittance: '{Bénéficiaire}',
  account: { name: 'Visa Debit', statement: 'VisaDebit-{currency}' },
};

/**
 * Viseca one (Swiss credit cards) transactions as the viseca-exporter tools write them:
 * `"TransactionID","Date","Merchant","Amount","Currency","OriginalAmount","OriginalCurrency",
 * "PFMCategoryID","PFMCategoryName"`. A credit card statement lists purchases as positive
 * amounts, so the sign is turned round: spending takes from the card account.
 */
export const visecaProfile: CsvProfile = {
  name: 'viseca',
  bank: 'Viseca',
  description: 'Viseca one credit card transactions (viseca-exporter CSV).',
  detect: {
    columns: ['TransactionID', 'Date', 'Merchant', 'Amount', 'Currency', 'OriginalAmount', 'OriginalCurrency'],
  },
  date_format: 'YYYY-MM-DD',
  booking_date: 'Date',
  amount: { column: 'Amount', negate: true },
  currency: { column: 'Currency' },
  original_amount: { amount: 'OriginalAmount', currency: 'OriginalCurrency' },
  reference: 'TransactionID',
  transaction_code: 'PFMCategoryName',
  counterparty: '{Merchant}',
  remittance: '{Merchant}',
  account: { name: 'Viseca', statement: 'Viseca-{currency}' },
};
