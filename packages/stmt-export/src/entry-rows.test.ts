import fc from 'fast-check';
import { Decimal, type TransactionDetail } from '@stmt/parser';
import { DEFAULT_COLUMNS, entryToRows, SEPA_COLUMNS } from '@stmt/export';
import { REMITTANCE_JOINER, signedAmount } from './entry-rows';
import { bookedEntry, transfer } from '../test/entries';

describe('entryToRows', () => {
  it('fills the SEPA columns from the transaction detail, and a batch row with what all its transactions share', () => {
    const sepa = {
      ultimateDebtor: { name: 'Grandma' },
      ultimateCreditor: { name: 'Club' },
      mandateId: 'MANDATE-7',
      creditorId: 'DE98ZZZ09999999999',
      creditorReference: 'RF18539007547034',
      purposeCode: 'SALA',
      returnReasonCode: 'AC04',
    };
    const [row] = entryToRows(bookedEntry({ details: [transfer('Club AG', 'DE01', '120.50', 'Fee', sepa)] }));
    expect(row).toMatchObject({
      mandate_id: 'MANDATE-7',
      creditor_id: 'DE98ZZZ09999999999',
      creditor_reference: 'RF18539007547034',
      purpose_code: 'SALA',
      return_reason_code: 'AC04',
      ultimate_debtor: 'Grandma',
      ultimate_creditor: 'Club',
    });
    const [batch] = entryToRows(
      bookedEntry({
        details: [
          transfer('A', 'DE01', '1', 'x', sepa),
          transfer('B', 'DE02', '2', 'y', { ...sepa, mandateId: 'OTHER' }),
        ],
      }),
    );
    expect(batch).toMatchObject({ mandate_id: '', creditor_id: 'DE98ZZZ09999999999', purpose_code: 'SALA' });
  });

  it("joins a batch row's remittance from its transactions, the entry's note only when none has text", () => {
    const noText = (name: string): TransactionDetail => {
      const { remittanceInfo: _omitted, ...rest } = transfer(name, 'DE02', '2', '');
      return rest;
    };
    const note = { additionalInfo: 'Grouped transfer' };
    const [mixed] = entryToRows(
      bookedEntry({ ...note, details: [transfer('A', 'DE01', '1', 'Savings'), noText('B')] }),
    );
    expect(mixed?.remittance_info).toBe('Savings');
    const [silent] = entryToRows(bookedEntry({ ...note, details: [noText('A'), noText('B')] }));
    expect(silent?.remittance_info).toBe('Grouped transfer');
    const [single] = entryToRows(bookedEntry({ ...note, details: [noText('A')] }));
    expect(single?.remittance_info).toBe('Grouped transfer');
  });

  it('leaves original_amount empty when the instructed amount is in the row currency', () => {
    // A returned direct debit: 53.00 booked (return fee included), the 50.00 instructed in the same currency.
    const instructed = { originalMoney: { amount: Decimal.parse('50.00'), currency: 'CHF' } };
    const [row] = entryToRows(bookedEntry({ details: [transfer('Gym', 'CH01', '53.00', 'Return', instructed)] }));
    expect(row).toMatchObject({ currency: 'CHF', original_amount: '', original_currency: '' });
    // In another currency it is the original amount.
    const abroad = { originalMoney: { amount: Decimal.parse('55.10'), currency: 'USD' } };
    const [paid] = entryToRows(bookedEntry({ details: [transfer('Shop', 'CH01', '53.00', 'Card', abroad)] }));
    expect(paid).toMatchObject({ original_amount: '-55.10', original_currency: 'USD' });
    // No instructed amount, but the transaction's own amount is in another currency: that is the original.
    const eur = { money: { amount: Decimal.parse('3255.00'), currency: 'EUR' } };
    const [fx] = entryToRows(bookedEntry({ details: [transfer('Supplier', 'CH01', '0', 'Invoice', eur)] }));
    expect(fx).toMatchObject({
      amount: '-120.50',
      currency: 'CHF',
      original_amount: '-3255.00',
      original_currency: 'EUR',
    });
  });

  it('gives one row per entry with every default column, debits negative, source scale kept', () => {
    const rows = entryToRows(bookedEntry({ money: { amount: Decimal.parse('8.850'), currency: 'EUR' } }));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {})).toEqual([...DEFAULT_COLUMNS, ...SEPA_COLUMNS]);
    expect(rows[0]).toMatchObject({
      amount: '-8.850',
      currency: 'EUR',
      credit_debit: 'DBIT',
      booking_date: '2024-03-01',
      reversal: 'false',
      category: '',
    });
  });

  it('takes the creditor as counterparty of a debit and the debtor of a credit', () => {
    const detail = transfer('Landlord AG', 'CH5604835012345678009', '120.50', 'Rent March');
    const [debit] = entryToRows(bookedEntry({ details: [detail] }));
    const paid = { ...detail, debtor: { name: 'Tenant', iban: 'CH3908704016075473007' } };
    const [credit] = entryToRows(bookedEntry({ creditDebit: 'CRDT', details: [paid] }));
    expect(debit).toMatchObject({
      counterparty_name: 'Landlord AG',
      counterparty_iban: 'CH5604835012345678009',
      counterparty_bic: 'UBSWCHZH80A',
      amount: '-120.50',
    });
    expect(credit).toMatchObject({
      counterparty_name: 'Tenant',
      counterparty_iban: 'CH3908704016075473007',
      amount: '120.50',
    });
  });

  it('keeps the original parties of a reversal: a returned debit names the creditor', () => {
    const detail = transfer('Fitness Club', 'DE01', '75.00', 'Fee April');
    const [returned] = entryToRows(bookedEntry({ creditDebit: 'CRDT', reversal: true, details: [detail] }));
    expect(returned).toMatchObject({ counterparty_name: 'Fitness Club', amount: '120.50', reversal: 'true' });
  });

  it('names the one party a return gives, whatever its role, unless it is the account itself', () => {
    // A returned credit transfer: the bank names the payee of the original as <Dbtr>, no <Cdtr>.
    const onlyDebtor: TransactionDetail = { debtor: { name: 'Robert Schneider SA', iban: 'CH8709000000929471495' } };
    const [returned] = entryToRows(bookedEntry({ creditDebit: 'CRDT', reversal: true, details: [onlyDebtor] }));
    expect(returned).toMatchObject({
      counterparty_name: 'Robert Schneider SA',
      counterparty_iban: 'CH8709000000929471495',
    });
    const ownOnly: TransactionDetail = { debtor: { name: 'Account Owner', iban: 'CH9300762011623852957' } };
    const [own] = entryToRows(bookedEntry({ creditDebit: 'CRDT', reversal: true, details: [ownOnly] }));
    expect(own).toMatchObject({ counterparty_name: '', counterparty_iban: '' });
  });

  it('keeps the original parties of a return without a reversal mark: the return of a collected debit names the debtor', () => {
    // A SEPA direct debit the creditor collected, returned (<RtrInf> AC06, no <RvslInd>): a debit.
    const collected: TransactionDetail = {
      debtor: { name: 'DEBTOR4', iban: 'IE16AIBK93110187654321' },
      creditor: { name: 'CREDITOR' },
      returnReasonCode: 'AC06',
    };
    const [returned] = entryToRows(bookedEntry({ creditDebit: 'DBIT', details: [collected] }));
    expect(returned).toMatchObject({ counterparty_name: 'DEBTOR4', counterparty_iban: 'IE16AIBK93110187654321' });
  });

  it('does not name the account itself as counterparty while the other side is named', () => {
    const swapped: TransactionDetail = {
      creditor: { name: 'Account Owner', iban: 'CH9300762011623852957' },
      debtor: { name: 'Shop AG', iban: 'CH5604835012345678009' },
    };
    const [row] = entryToRows(bookedEntry({ creditDebit: 'DBIT', details: [swapped] }));
    expect(row).toMatchObject({ counterparty_name: 'Shop AG' });
  });

  it("keeps a batch row's own transaction code, and each split row's own bank reference", () => {
    const entry = bookedEntry({
      bankTransactionCode: 'PMNT-RCDT-VCOM',
      details: [
        transfer('A', 'CH01', '100.00', 'a', { bankTransactionCode: 'AUTT', accountServicerReference: 'TX-1' }),
        transfer('B', 'CH02', '20.50', 'b', { bankTransactionCode: 'AUTT', accountServicerReference: 'TX-2' }),
      ],
    });
    expect(entryToRows(entry)[0]?.bank_transaction_code).toBe('PMNT-RCDT-VCOM');
    expect(entryToRows(entry, { splitBatches: true }).map((r) => r.account_servicer_reference)).toEqual([
      'TX-1',
      'TX-2',
    ]);
    const { bankTransactionCode: _code, ...uncoded } = entry;
    const [batch] = entryToRows(uncoded);
    expect(batch?.bank_transaction_code).toBe('AUTT');
  });

  it("gives a single-detail row the entry's bank reference, else the transaction's", () => {
    const only = transfer('A', 'CH01', '100.00', 'a', { accountServicerReference: 'TX-1' });
    const withOwn = bookedEntry({ accountServicerReference: 'NTRY-1', details: [only] });
    expect(entryToRows(withOwn)[0]?.account_servicer_reference).toBe('NTRY-1');
    const { accountServicerReference: _ref, ...without } = withOwn;
    expect(entryToRows(without)[0]?.account_servicer_reference).toBe('TX-1');
  });

  it('keeps a batch entry on one row with shared fields and joined remittance', () => {
    const entry = bookedEntry({
      money: { amount: Decimal.parse('300.00'), currency: 'CHF' },
      details: [
        transfer('A', 'CH01', '100.00', 'Salary A'),
        transfer('B', 'CH02', '200.00', 'Salary B', { bankTransactionCode: 'PMNT-ICDT-ESCT' }),
      ],
    });
    const rows = entryToRows(entry);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: '-300.00',
      counterparty_name: '',
      remittance_info: `Salary A${REMITTANCE_JOINER}Salary B`,
      end_to_end_id: '',
    });
  });

  it('splits a batch entry into one row per transaction detail sharing the entry reference', () => {
    const entry = bookedEntry({
      money: { amount: Decimal.parse('300.00'), currency: 'CHF' },
      details: [transfer('A', 'CH01', '100.00', 'Salary A'), transfer('B', 'CH02', '200.00', 'Salary B')],
    });
    const rows = entryToRows(entry, { splitBatches: true });
    expect(rows.map((r) => [r.amount, r.counterparty_name, r.entry_reference, r.end_to_end_id])).toEqual([
      ['-100.00', 'A', 'E1', 'E2E-A'],
      ['-200.00', 'B', 'E1', 'E2E-B'],
    ]);
  });

  it('gives one row per detail for each part of an entry read in parts, even a part with one detail', () => {
    const entry = bookedEntry({
      money: { amount: Decimal.parse('300.00'), currency: 'CHF' },
      details: [transfer('B', 'CH02', '200.00', 'Salary B')],
      detailsPart: { index: 1, last: true },
    });
    expect(entryToRows(entry, { splitBatches: true }).map((r) => [r.amount, r.counterparty_name])).toEqual([
      ['-200.00', 'B'],
    ]);
    expect(entryToRows({ ...entry, details: [] }, { splitBatches: true })).toEqual([]);
  });

  it('gives split and batch rows every column in order too', () => {
    const entry = bookedEntry({
      details: [transfer('A', 'CH01', '100.00', 'a'), transfer('B', 'CH02', '200.00', 'b')],
    });
    for (const row of [...entryToRows(entry), ...entryToRows(entry, { splitBatches: true })])
      expect(Object.keys(row)).toEqual([...DEFAULT_COLUMNS, ...SEPA_COLUMNS]);
  });

  it('leaves the amount empty for a detail of an entry read in parts that carries none, so the entry is not counted twice', () => {
    const withoutAmount = { ...transfer('B', 'CH02', '1', 'x') };
    delete withoutAmount.money;
    const entry = bookedEntry({ details: [transfer('A', 'CH01', '100.00', 'a'), withoutAmount] });
    const parted = { ...entry, detailsPart: { index: 0, last: false } };
    expect(entryToRows(parted, { splitBatches: true }).map((r) => r.amount)).toEqual(['-100.00', '']);
    // A whole entry with such a detail is not split at all: its split rows could not add up to it.
    expect(entryToRows(entry, { splitBatches: true }).map((r) => r.amount)).toEqual(['-120.50']);
  });

  it('writes foreign-currency details and reversals', () => {
    const entry = bookedEntry({
      reversal: true,
      creditDebit: 'CRDT',
      details: [
        transfer('Shop', 'US01', '50', 'Refund', {
          originalMoney: { amount: Decimal.parse('55.10'), currency: 'USD' },
          exchangeRate: Decimal.parse('0.907441'),
        }),
      ],
    });
    expect(entryToRows(entry)[0]).toMatchObject({
      original_amount: '55.10',
      original_currency: 'USD',
      exchange_rate: '0.907441',
      reversal: 'true',
      amount: '120.50',
    });
  });
});

describe('signedAmount', () => {
  it('never writes a negative zero', () => {
    expect(signedAmount('0.00', 'DBIT')).toBe('0.00');
  });

  it('round-trips: the signed text parses back to the same magnitude with the direction as its sign', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('CRDT' as const, 'DBIT' as const),
        (units, scale, cd) => {
          const digits = units.toString().padStart(scale + 1, '0');
          const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
          const signed = signedAmount(text, cd);
          expect(signed.startsWith('-')).toBe(cd === 'DBIT');
          expect(Decimal.parse(signed.replace(/^-/, '')).toString()).toBe(text);
        },
      ),
    );
  });
});
