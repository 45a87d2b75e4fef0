import type { CsvProfile } from '../profile';

/**
 * Barclays (UK) online banking export: `Number,Date,Account,Amount,Subcategory,Memo`, `DD/MM/YYYY`,
 * signed amounts in pounds. `Account` is the sort code and account number (`20-00-00 12345678`),
 * `Subcategory` the kind of payment (`PAYMENT`, `DIRECTDEP`, `Counter Credit`…). Barclays writes
 * payee and details into `Memo`, padded with spaces, a card payment ending in ` ON 02 AUG … BCC`:
 * the counterparty is the memo without that tail.
 */
export const barclaysProfile: CsvProfile = {
  name: 'barclays',
  bank: 'Barclays',
  description: 'Barclays current account CSV (UK).',
  detect: { columns: ['Number', 'Date', 'Account', 'Amount', 'Subcategory', 'Memo'] },
  date_format: 'DD/MM/YYYY',
  thousands: ',',
  booking_date: 'Date',
  amount: { column: 'Amount' },
  currency: { code: 'GBP' },
  transaction_code: 'Subcategory',
  counterparty: {
    template: '{Memo}',
    replace: [
      { pattern: '\\s+ON \\d{1,2} [A-Z]{3}\\b.*$', with: '' },
      { pattern: '\\s+', with: ' ' },
    ],
  },
  remittance: { template: '{Memo}', replace: [{ pattern: '\\s+', with: ' ' }] },
  account: { name: 'Barclays {Account}', statement: 'Barclays-{Account}-{currency}' },
};
