import { Deduplicator, DropReport, TransactionIdSet, type DropReason } from '@stmt/merge';

interface Row {
  transaction_id: string;
  status: string;
  label: string;
}
const row = (transaction_id: string, status: string, label: string): Row => ({ transaction_id, status, label });

function run(rows: Row[], earlier?: TransactionIdSet): { written: string[]; dropped: [string, DropReason][] } {
  const dropped: [string, DropReason][] = [];
  const dedup = new Deduplicator<Row>({
    ...(earlier ? { earlier } : {}),
    onDrop: (r, reason) => dropped.push([r.label, reason]),
  });
  const written = rows.filter((r) => dedup.admit(r)).map((r) => r.label);
  for (const r of dedup.finish()) written.push(r.label);
  return { written, dropped };
}

describe('Deduplicator', () => {
  it('writes each booking of two overlapping statements once, in input order', () => {
    const march = [row('a', 'BOOK', 'a1'), row('b', 'BOOK', 'b1'), row('b-2', 'BOOK', 'b1 again the same day')];
    const overlap = [row('b', 'BOOK', 'b2'), row('b-2', 'BOOK', 'b2 again'), row('c', 'BOOK', 'c2')];
    expect(run([...march, ...overlap])).toEqual({
      written: ['a1', 'b1', 'b1 again the same day', 'c2'],
      dropped: [
        ['b2', 'duplicate'],
        ['b2 again', 'duplicate'],
      ],
    });
  });

  it('counts a booking pending in the intraday report and booked in the statement once, as booked', () => {
    expect(run([row('p', 'PDNG', 'pending'), row('q', 'PDNG', 'still pending'), row('p', 'BOOK', 'booked')])).toEqual({
      written: ['booked', 'still pending'],
      dropped: [['pending', 'pending-superseded']],
    });
    // The other order: the booked statement came first.
    expect(run([row('p', 'BOOK', 'booked'), row('p', 'PDNG', 'pending')]).dropped).toEqual([
      ['pending', 'pending-superseded'],
    ]);
  });

  it('leaves out what an earlier run wrote, and remembers what this run wrote', () => {
    const earlier = new TransactionIdSet();
    earlier.add('a');
    const dedup = new Deduplicator<Row>({ earlier });
    expect([row('a', 'BOOK', 'old'), row('n', 'BOOK', 'new')].map((r) => dedup.admit(r))).toEqual([false, true]);
    expect([dedup.written.has('n'), dedup.written.has('a')]).toEqual([true, false]);
  });

  it('reports counts per reason with a bounded number of examples', () => {
    const report = new DropReport(1);
    for (const id of ['x', 'y', 'z'])
      report.add({ reason: 'duplicate', transactionId: id, description: `${id}.xml line 3` });
    expect(report.toJSON()).toEqual({
      dropped: { duplicate: 3, 'pending-superseded': 0, 'written-earlier': 0 },
      examples: [{ reason: 'duplicate', transactionId: 'x', description: 'x.xml line 3' }],
    });
    expect(report.lines()).toEqual([
      '  dropped x (duplicate of a row already written): x.xml line 3',
      '  … and 2 more duplicate of a row already written',
    ]);
  });
});
