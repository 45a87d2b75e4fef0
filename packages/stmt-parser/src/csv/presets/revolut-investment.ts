import type { CsvProfile } from '../profile';

/**
 * Revolut trading account statement (`Date,Ticker,Type,Quantity,Price per share,Total Amount,
 * Currency,FX Rate`). Only cash movements become rows, as for OFX investment statements: buys
 * and withdrawals and fees take money from the cash balance, sells, dividends and top-ups bring
 * it in. Rows that move no cash (stock splits, transfers of shares) are skipped.
 */
export const revolutInvestmentProfile: CsvProfile = {
  name: 'revolut-investment',
  bank: 'Revolut',
  description: 'Revolut trading account statement: cash movements (buys, sells, dividends, top-ups, fees).',
  detect: { columns: ['Date', 'Ticker', 'Type', 'Quantity', 'Price per share', 'Total Amount', 'Currency', 'FX Rate'] },
  date_format: 'YYYY-MM-DD',
  thousands: ',',
  booking_date: 'Date',
  amount: {
    column: 'Total Amount',
    direction: {
      column: 'Type',
      debit: ['BUY*', 'CASH WITHDRAWAL', '*FEE*', 'DIVIDEND TAX*', 'WITHHOLDING TAX*'],
      credit: ['SELL*', 'DIVIDEND', 'CASH TOP-UP', 'INTEREST*'],
    },
  },
  currency: { column: 'Currency' },
  skip: [
    {
      column: 'Type',
      not_values: [
        'BUY*',
        'SELL*',
        'DIVIDEND*',
        'CASH TOP-UP',
        'CASH WITHDRAWAL',
        '*FEE*',
        'WITHHOLDING TAX*',
        'INTEREST*',
      ],
    },
  ],
  transaction_code: 'Type',
  counterparty: { template: 'Revolut Investment {Ticker}' },
  remittance: {
    template: '{Type} {Quantity} {Ticker} @ {Price per share}',
    replace: [{ pattern: '\\s*@\\s*$', with: '' }],
  },
  account: { name: 'Revolut Investment', statement: 'Investment-{currency}' },
};

/**
 * Revolut crypto account statement (`Symbol,Type,Quantity,Price,Value,Fees,Date`, amounts such
 * as `€1,250.00`). Buys take Value + Fees from the cash balance, sells bring Value − Fees; sends,
 * receives, staking rewards and the like move no cash and are skipped.
 */
export const revolutCryptoProfile: CsvProfile = {
  name: 'revolut-crypto',
  bank: 'Revolut',
  description: 'Revolut crypto account statement: the cash side of buys and sells.',
  detect: { columns: ['Symbol', 'Type', 'Quantity', 'Price', 'Value', 'Fees', 'Date'] },
  date_format: 'MMM D, YYYY',
  thousands: ',',
  booking_date: 'Date',
  amount: { column: 'Value', direction: { column: 'Type', debit: ['Buy'], credit: ['Sell'] }, fee: 'Fees' },
  skip: [{ column: 'Type', not_values: ['Buy', 'Sell'] }],
  transaction_code: 'Type',
  counterparty: { template: 'Revolut Crypto {Symbol}' },
  remittance: { template: '{Type} {Quantity} {Symbol} @ {Price}' },
  account: { name: 'Revolut Crypto', statement: 'Crypto-{currency}' },
};
