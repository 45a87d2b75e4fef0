import { BookedMovement, Decimal, reconcileBalances, type Balance, type Statement } from '@stmt/parser';

const money = (amount: string, currency = 'EUR') => ({ amount: Decimal.parse(amount), currency });
const balance = (type: string, amount: string, creditDebit: 'CRDT' | 'DBIT' = 'CRDT', currency = 'EUR'): Balance => ({
  type,
  money: money(amount, currency),
  creditDebit,
});

function statement(balances: Balance[]): Statement {
  return {
    format: 'camt.053',
    index: 0,
    statementId: 'S1',
    account: {},
    location: { line: 3, column: 5 },
    balances,
    entryCount: 0,
  };
}

describe('reconcileBalances', () => {
  it('accepts opening + credits − debits = closing', () => {
    const movement = new BookedMovement();
    movement.add({ status: 'BOOK', money: money('50.00'), creditDebit: 'CRDT' });
    movement.add({ status: 'BOOK', money: money('20.5'), creditDebit: 'DBIT' });
    expect(
      reconcileBalances(statement([balance('OPBD', '100.00'), balance('CLBD', '129.50')]), movement),
    ).toBeUndefined();
  });

  it('reports the difference, located at the closing balance when it has a location', () => {
    const closing = {
      ...balance('CLBD', '131.00'),
      location: { line: 9, column: 7, path: 'Document/BkToCstmrStmt/Stmt[1]/Bal[2]' },
    };
    const issue = reconcileBalances(statement([balance('OPBD', '100.00'), closing]), {
      credits: Decimal.parse('30'),
      debits: Decimal.zero(),
    });
    expect(issue).toMatchObject({ code: 'UNRECONCILED_BALANCE', severity: 'error', location: closing.location });
    expect(issue?.message).toContain('= 130.00, but the closing CLBD balance is 131.00 (difference 1.00)');
  });

  it('ignores pending and informational entries', () => {
    const movement = new BookedMovement();
    movement.add({ status: 'PDNG', money: money('999.00'), creditDebit: 'CRDT' });
    movement.add({ status: 'INFO', money: money('1.00'), creditDebit: 'DBIT' });
    expect(
      reconcileBalances(statement([balance('OPBD', '10.00'), balance('CLBD', '10.00')]), movement),
    ).toBeUndefined();
  });

  it('uses PRCD when there is no OPBD, and signs debit balances', () => {
    const movement = new BookedMovement();
    movement.add({ status: 'BOOK', money: money('30.00'), creditDebit: 'CRDT' });
    expect(
      reconcileBalances(statement([balance('PRCD', '20.00', 'DBIT'), balance('CLBD', '10.00')]), movement),
    ).toBeUndefined();
  });

  it('reconciles each currency on its own and skips one without both balances', () => {
    const movement = new BookedMovement();
    movement.add({ status: 'BOOK', money: money('5.00', 'USD'), creditDebit: 'DBIT' });
    const balances = [
      balance('OPBD', '10.00', 'CRDT', 'USD'),
      balance('CLBD', '5.00', 'CRDT', 'USD'),
      balance('CLBD', '77.00', 'CRDT', 'EUR'),
    ];
    expect(reconcileBalances(statement(balances), movement)).toBeUndefined();
    const wrongUsd = [balance('OPBD', '10.00', 'CRDT', 'USD'), balance('CLBD', '6.00', 'CRDT', 'USD')];
    expect(reconcileBalances(statement(wrongUsd), movement)?.message).toContain('in USD');
  });
});
