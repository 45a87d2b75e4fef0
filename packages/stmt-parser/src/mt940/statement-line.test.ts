import { isStatementLineProblem, parseStatementLine, type StatementLine } from './statement-line';

function parsed(...lines: string[]): StatementLine {
  const result = parseStatementLine(lines);
  if (isStatementLineProblem(result)) throw new Error(result.message);
  return result;
}

describe(':61: statement line', () => {
  it('books a 30 December value date with entry date 0102 in January of the next year', () => {
    expect(parsed('2312300102D150,00NDDTNONREF')).toMatchObject({ valueDate: '2023-12-30', entryDate: '2024-01-02' });
  });

  it('books a 2 January value date with entry date 1231 in December of the year before', () => {
    expect(parsed('2401021231D10,00NCHGNONREF')).toMatchObject({ valueDate: '2024-01-02', entryDate: '2023-12-31' });
  });

  it('reads RC as a reversed credit, which is a debit, and RD as a reversed debit, which is a credit', () => {
    expect(parsed('240102RC5,00NRTINONREF')).toMatchObject({ creditDebit: 'DBIT', reversal: true });
    expect(parsed('240102RD5,00NRTINONREF')).toMatchObject({ creditDebit: 'CRDT', reversal: true });
  });

  it('separates the funds code from the mark (DR = debit, funds code R)', () => {
    expect(parsed('0211011102DR800,NSTONONREF//55555')).toMatchObject({
      creditDebit: 'DBIT',
      reversal: false,
      fundsCode: 'R',
      amountText: '800',
      transactionType: 'NSTO',
      bankReference: '55555',
    });
  });

  it('keeps the scale written and drops zero padding', () => {
    expect(parsed('110527D000000001213,28N0440121470966').amountText).toBe('1213.28');
    expect(parsed('131017D6800,NCHK16703074').amountText).toBe('6800');
  });

  it('splits references at // and treats NONREF as none', () => {
    const line = parsed('1312091209C79,7FMSC01916//NONREF', '20131209007602198765432000000012');
    expect(line).toMatchObject({
      customerReference: '01916',
      transactionType: 'FMSC',
      supplementaryDetails: '20131209007602198765432000000012',
    });
    expect(line.bankReference).toBeUndefined();
  });

  it('moves text after a 16-character reference without // into the supplementary details', () => {
    const line = parsed('110527D000000001213,28N0440121470966      W.P. Jansen');
    expect(line.customerReference).toBe('0121470966');
    expect(line.supplementaryDetails).toBe('W.P. Jansen');
    expect(line.deviations).toEqual([]);
  });

  it('keeps a reference that runs longer than 16 characters to the end of the line whole, with a warning at it', () => {
    const customer = parsed('2302090209CR2,00NTRF2023-02-09-08.37.18.054696');
    expect(customer.customerReference).toBe('2023-02-09-08.37.18.054696');
    expect(customer.supplementaryDetails).toBeUndefined();
    expect(customer.deviations).toEqual([
      {
        message:
          'the customer reference "2023-02-09-08.37.18.054696" is 26 characters, longer than the 16 SWIFT allows; kept whole',
        offset: 20,
      },
    ]);
    const account = parsed('2001020102D2000,00NOVBNL29INGB0006475121');
    expect(account).toMatchObject({ customerReference: 'NL29INGB0006475121', transactionType: 'NOVB' });
    const bank = parsed('140328C0,01NDDT15976//96550046549608644');
    expect(bank).toMatchObject({ customerReference: '15976', bankReference: '96550046549608644' });
    expect(bank.supplementaryDetails).toBeUndefined();
    expect(bank.deviations).toEqual([
      { message: expect.stringMatching(/bank reference "96550046549608644" is 17/), offset: 22 },
    ]);
  });

  it('keeps a long reference whole and text set apart after it as supplementary details', () => {
    const line = parsed('110527D1213,28N044NL86RABO3462483153 W.P. Jansen');
    expect(line).toMatchObject({ customerReference: 'NL86RABO3462483153', supplementaryDetails: 'W.P. Jansen' });
    expect(line.supplementaryAt).toEqual({ line: 0, offset: 37 });
  });

  it.each([
    ['241301D1,00NTRF', 'INVALID_DATE', 0],
    ['2401011302D1NTRF', 'INVALID_DATE', 6],
    ['240101X1,00NTRF', 'INVALID_VALUE', 6],
    ['240101D1.00NTRF', 'INVALID_AMOUNT', 7],
    ['240101D1,00.TRF', 'INVALID_VALUE', 11],
    // A whole amount is read only before a plain transaction type: not "1" here.
    ['240101D1x0,00NTRF', 'INVALID_AMOUNT', 7],
  ])('reports %s as %s at offset %i', (text, code, offset) => {
    expect(parseStatementLine([text])).toMatchObject({ code, offset });
  });

  describe('bank dialects read with a warning', () => {
    it('reads an amount without decimal comma as a whole amount (Knab)', () => {
      const line = parsed('140507C500NTRF29-07-20');
      expect(line).toMatchObject({ creditDebit: 'CRDT', amountText: '500', transactionType: 'NTRF' });
      expect(line.deviations).toEqual([{ message: expect.stringMatching(/no decimal comma.*500/), offset: 7 }]);
    });

    it('books an entry with a blank entry date on its value date (ASN Bank, Citi)', () => {
      const line = parsed('200101    D65,00NTRFNONREF');
      expect(line).toMatchObject({ valueDate: '2020-01-01', creditDebit: 'DBIT', amountText: '65.00' });
      expect(line.entryDate).toBeUndefined();
      expect(line.deviations[0]).toMatchObject({ message: expect.stringMatching(/entry date is blank/), offset: 6 });
      expect(parsed('2001010000D65,00NTRFNONREF')).toMatchObject({ valueDate: '2020-01-01', amountText: '65.00' });
    });

    it('clamps 30 February to the last day of February and keeps the text in the warning', () => {
      const line = parsed('160230D10,00NINTNONREF');
      expect(line.valueDate).toBe('2016-02-29');
      expect(line.deviations[0]?.message).toMatch(/"160230".*2016-02-29/);
      expect(parsed('230431C1,00NINTNONREF').valueDate).toBe('2023-04-30');
      expect(parsed('2303310230C1,00NINTNONREF').entryDate).toBe('2023-02-28');
    });

    it('keeps transaction types with blanks or other letters as the bank wrote them', () => {
      const blanks = parsed('240101D1,00S   NONREF');
      expect(blanks.transactionType).toBe('S');
      expect(blanks.customerReference).toBeUndefined();
      const line = parsed('240101C2,50MCI0REF1');
      expect(line).toMatchObject({ transactionType: 'MCI0', customerReference: 'REF1' });
      expect(line.deviations).toHaveLength(1);
    });

    it('reads a transaction type set apart from the amount by a blank (Commerzbank, Deutsche Bank)', () => {
      const line = parsed('2401020102D12,35 NRTIKREF+//2016021783252833');
      expect(line).toMatchObject({
        creditDebit: 'DBIT',
        amountText: '12.35',
        transactionType: 'NRTI',
        customerReference: 'KREF+',
        bankReference: '2016021783252833',
      });
      expect(line.deviations).toEqual([
        { message: expect.stringMatching(/blank between the amount and the transaction type/), offset: 16 },
      ]);
    });

    it('still refuses what would change the amount or the date', () => {
      expect(parseStatementLine(['240101D12.50NTRF'])).toMatchObject({ code: 'INVALID_AMOUNT' });
      expect(parseStatementLine(['241332D1,00NTRF'])).toMatchObject({ code: 'INVALID_DATE' });
      expect(parseStatementLine(['          D1,00NTRF'])).toMatchObject({ code: 'INVALID_DATE' });
    });
  });
});
