import { Deduplicator, TransactionIdSet, type DropReason } from '@stmt/merge';

interface Row {
  transaction_id: string;
  status: string;
  label: string;
}
const row = (transaction_id: string, status: string, label: string): Row => ({ transaction_id, status, label });

/** One `--since-last` run: what it writes, what it drops and why, and the state it leaves for the next. */
function sinceLastRun(
  rows: Row[],
  state: TransactionIdSet,
): { written: string[]; dropped: [string, DropReason][]; state: TransactionIdSet } {
  const dropped: [string, DropReason][] = [];
  const dedup = new Deduplicator<Row>({ earlier: state, onDrop: (r, reason) => dropped.push([r.label, reason]) });
  const written = rows.filter((r) => dedup.admit(r)).map((r) => r.label);
  for (const r of dedup.finish()) written.push(r.label);
  // As convertMerged saves it: what earlier runs wrote and what this one did.
  const next = TransactionIdSet.fromBuffer(state.toBuffer()).addAll(dedup.written);
  return { written, dropped, state: next };
}

describe('Deduplicator: a booking pending in one run and booked in a later one', () => {
  it('remembers only booked rows, so a later run writes the booking a statement books', () => {
    // Run 1: the intraday report, where the 5000.00 credit is pending.
    const first = sinceLastRun([row('rent', 'BOOK', 'rent'), row('x2', 'PDNG', 'x2 pending')], new TransactionIdSet());
    expect(first.written).toEqual(['rent', 'x2 pending']);
    expect([first.state.has('rent'), first.state.has('x2')]).toEqual([true, false]);

    // Run 2: the evening camt.053 books it; the intraday report is still in the inbox.
    const second = sinceLastRun(
      [
        row('rent', 'PDNG', 'rent pending copy'),
        row('x2', 'PDNG', 'x2 pending'),
        row('rent', 'BOOK', 'rent'),
        row('x2', 'BOOK', 'x2 booked'),
      ],
      first.state,
    );
    expect(second.written).toEqual(['x2 booked']);
    expect(second.dropped).toEqual([
      ['rent pending copy', 'written-earlier'],
      ['rent', 'written-earlier'],
      ['x2 pending', 'pending-superseded'],
    ]);
    expect(second.state.has('x2')).toBe(true);

    // Run 3: the booked row is not written a second time.
    expect(sinceLastRun([row('x2', 'BOOK', 'x2 booked'), row('x2', 'PDNG', 'x2 pending')], second.state)).toMatchObject(
      {
        written: [],
        dropped: [
          ['x2 booked', 'written-earlier'],
          ['x2 pending', 'written-earlier'],
        ],
      },
    );
  });

  it('writes a row again in each run while it stays pending', () => {
    const first = sinceLastRun([row('p', 'PDNG', 'pending')], new TransactionIdSet());
    const second = sinceLastRun([row('p', 'PDNG', 'pending')], first.state);
    expect([first.written, second.written]).toEqual([['pending'], ['pending']]);
    expect(second.state.size).toBe(0);
  });

  it.each(['FUTR', 'INFO'])('keeps the booked row, not the %s one, in one run whichever comes first', (status) => {
    for (const rows of [
      [row('f', status, 'not booked'), row('f', 'BOOK', 'booked')],
      [row('f', 'BOOK', 'booked'), row('f', status, 'not booked')],
    ]) {
      const run = sinceLastRun(rows, new TransactionIdSet());
      expect(run.written).toEqual(['booked']);
      expect(run.dropped).toEqual([['not booked', 'pending-superseded']]);
    }
    // Across runs: remembered only once booked.
    const first = sinceLastRun([row('f', status, 'not booked')], new TransactionIdSet());
    expect(sinceLastRun([row('f', 'BOOK', 'booked')], first.state).written).toEqual(['booked']);
  });
});
