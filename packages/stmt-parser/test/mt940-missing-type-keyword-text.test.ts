import { brief, conversionError } from './support/issues';
import { readRecords, type Read } from './support/read-records';

const read = (text: string): Promise<Read> => readRecords(text);

/** A statement around `body` (its `:61:` and `:86:` fields), which starts on line 5. */
const statement = (body: string, closing: string): string =>
  `:20:REF\n:25:300000002778989\n:28C:1\n:60F:C240101MKD1000,00\n${body}:62F:C240102MKD${closing}\n-\n`;

describe('MT940 :86: keywords that leave text unread (Komercijalna Banka Skopje)', () => {
  it('keeps the whole text as the remittance when the keywords give neither a remittance nor a name', async () => {
    const { entries, issues } = await read(
      statement(
        ':61:2401020102D80,00NMSCNONREF\n:86:/ORDP/300000000460495\n/IVOTEHNA DOOEL SKOPJE\n/Uplata po faktura 747\n',
        '920,00',
      ),
    );
    // The ordering party of a debit is the account owner, not the counterparty: no creditor.
    expect(entries[0]?.details).toEqual([
      { remittanceInfo: '/ORDP/300000000460495 /IVOTEHNA DOOEL SKOPJE /Uplata po faktura 747' },
    ]);
    expect(issues).toEqual([]);
  });

  it('reads the account after /ORDP/ of a credit and /BENM/ of a debit as the counterparty’s', async () => {
    const { entries, issues } = await read(
      statement(
        ':61:2401020102C2250,00NMSCNONREF//25577226\n:86:/ORDP/300000000460495\n/IVOTEHNA DOOEL SKOPJE\n/747//747\n' +
          ':61:2401020102D300,00NMSC25488504\n:86:/BENM/MK07300000000042425\n/KOMERCIJALNA BANKA AD SKOPJE\n/EMPTY/\n/Provizija 11/2020\n',
        '2950,00',
      ),
    );
    expect(entries.map((e) => e.details)).toEqual([
      [
        {
          remittanceInfo: '/ORDP/300000000460495 /IVOTEHNA DOOEL SKOPJE /747//747',
          debtor: { otherAccountId: '300000000460495' },
        },
      ],
      [
        {
          remittanceInfo: '/BENM/MK07300000000042425 /KOMERCIJALNA BANKA AD SKOPJE /EMPTY/ /Provizija 11/2020',
          creditor: { iban: 'MK07300000000042425' },
        },
      ],
    ]);
    expect(issues).toEqual([]);
  });

  it('leaves Dutch keyword texts as they were read: with a name, or with nothing but keywords a field reads', async () => {
    const { entries } = await read(
      statement(
        ':61:2401020102C5,00N541EREF\n:86:/EREF/1407220203722001/ORDP//NAME/COMPANY B V/REMI/2037 201407-323/ISDT/2014-07-23\n' +
          ':61:2401020102D5,00N505NONREF\n:86:/BENM//NAME/ZILVERLINE B.V./ISDT/2014-07-22\n' +
          ':61:2401020102D5,00N658NONREF\n:86:/TRTP/SEPA OVERBOEKING/IBAN/NL44RABO0123456789/BIC/RABONL2U/EREF/E-1\n',
        '995,00',
      ),
    );
    expect(entries.map((e) => e.details)).toEqual([
      [{ endToEndId: '1407220203722001', remittanceInfo: '2037 201407-323', debtor: { name: 'COMPANY B V' } }],
      [{ creditor: { name: 'ZILVERLINE B.V.' } }],
      [
        {
          additionalInfo: 'SEPA OVERBOEKING',
          endToEndId: 'E-1',
          creditor: { iban: 'NL44RABO0123456789', bic: 'RABONL2U' },
        },
      ],
    ]);
    // Text beyond what the keywords read, with no name: kept whole (it was lost before).
    const { entries: kept } = await read(
      statement(':61:2401020102D5,00N658NONREF\n:86:/TRTP/SEPA OVERBOEKING/ISDT/2024-01-02\n', '995,00'),
    );
    expect(kept[0]?.details).toEqual([
      { additionalInfo: 'SEPA OVERBOEKING', remittanceInfo: '/TRTP/SEPA OVERBOEKING/ISDT/2024-01-02' },
    ]);
  });
});

describe('MT940 :61: without a transaction type', () => {
  it('reads NONREF right after the amount as no customer reference, with a warning that the type is missing', async () => {
    const { entries, issues } = await read(
      statement(
        ':61:2401020102D20,00NONREF\n:86:999SEPA_STANDING_ORDER:Miete\n:61:240102C5,00NONREF//B-77\n:86:Gutschrift\n',
        '985,00',
      ),
    );
    expect(
      entries.map((e) => [
        e.creditDebit,
        e.money.amount.toString(),
        e.bookingDate,
        e.bankTransactionCode,
        e.entryReference,
        e.accountServicerReference,
      ]),
    ).toEqual([
      ['DBIT', '20.00', '2024-01-02', undefined, undefined, undefined],
      ['CRDT', '5.00', '2024-01-02', undefined, undefined, 'B-77'],
    ]);
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 5, 21, ':61:'],
      ['warning', 'INVALID_VALUE', 7, 16, ':61:'],
    ]);
    expect(issues[0]?.message).toBe(
      'the transaction type is missing: "NONREF" follows the amount; it is read as the customer reference, and the row has no bank transaction code',
    );
  });

  it('reads "//" right after the amount as the bank reference, with a warning that type and customer reference are missing', async () => {
    const text = statement(':61:2401020102CN220000,00//19239782213\n:86:TRANSFER-PAYROLL\n', '221000,00');
    const { entries, issues } = await read(text);
    expect(
      entries.map((e) => [
        e.creditDebit,
        e.money.amount.toString(),
        e.bankTransactionCode,
        e.entryReference,
        e.accountServicerReference,
      ]),
    ).toEqual([['CRDT', '220000.00', undefined, undefined, '19239782213']]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 5, 26, ':61:']]);
    expect(issues[0]?.message).toBe(
      'the transaction type and the customer reference are missing: "//" follows the amount; the text after it is read as the bank reference, and the row has no bank transaction code',
    );
    expect(await conversionError(text, 'x.sta')).toBeUndefined();
    // A single `/` is neither: the line stays refused.
    const slash = statement(':61:2401020102C220000,00/19239782213\n:86:TRANSFER-PAYROLL\n', '221000,00');
    expect(await conversionError(slash, 'x.sta')).toMatchObject({ code: 'INVALID_VALUE' });
  });
});

describe('MT940 :61: followed by two :86: fields', () => {
  it('joins the second :86: to the first, with a warning at the second naming both', async () => {
    const { entries, issues } = await read(
      statement(
        ':61:2401020102C418,37FTRFNONREF//005z001210960481\n:86:Card 5299-2132 RRN 005481324613\n' +
          ':86:transf in ct.crt\nTransfer intern REF. 405ECIT210960154\n',
        '1418,37',
      ),
    );
    expect(entries.map((e) => e.details[0]?.remittanceInfo)).toEqual([
      'Card 5299-2132 RRN 005481324613 transf in ct.crt Transfer intern REF. 405ECIT210960154',
    ]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 7, 5, ':86:']]);
    expect(issues[0]?.message).toBe(
      "another :86: for the :61: on line 5: its text is joined to that of the first :86:, on line 6, as the entry's information",
    );
  });
});
