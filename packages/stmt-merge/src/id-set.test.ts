import { TransactionIdSet } from '@stmt/merge';

describe('TransactionIdSet', () => {
  it('holds a hundred thousand ids with their occurrence suffixes, and nothing else', () => {
    const set = new TransactionIdSet(16);
    const id = (i: number): string => `${i.toString(16).padStart(16, '0')}${i % 3 === 0 ? '-2' : ''}`;
    for (let i = 0; i < 100_000; i++) expect(set.add(id(i))).toBe(true);
    expect(set.size).toBe(100_000);
    expect(set.add(id(42))).toBe(false);
    expect(set.has(id(99_999))).toBe(true);
    expect(set.has('0000000000000003')).toBe(false); // 3 was stored as …03-2
    expect(set.has('not a hex id')).toBe(false);
    set.add('not a hex id');
    expect(set.has('not a hex id')).toBe(true);
  });

  it('is empty after clear, small tables and grown ones alike, and takes ids again', () => {
    const set = new TransactionIdSet(64);
    const id = (i: number): string => i.toString(16).padStart(16, '0');
    for (let i = 1; i <= 5_000; i++) set.add(id(i));
    set.clear();
    expect(set.size).toBe(0);
    expect(set.has(id(1))).toBe(false);
    expect(set.has(id(4_999))).toBe(false);
    expect(set.add(id(7))).toBe(true);
    expect(set.add(id(7))).toBe(false);
    expect(set.size).toBe(1);
  });

  it('round-trips through its bytes and refuses a truncated or foreign file', () => {
    const set = new TransactionIdSet();
    for (const id of ['c50ea3fd69949bcd', 'c50ea3fd69949bcd-2', '0000000000000000']) set.add(id);
    const bytes = set.toBuffer();
    const back = TransactionIdSet.fromBuffer(bytes);
    expect(back.size).toBe(3);
    expect(
      ['c50ea3fd69949bcd', 'c50ea3fd69949bcd-2', '0000000000000000', 'c50ea3fd69949bcd-3'].map((id) => back.has(id)),
    ).toEqual([true, true, true, false]);
    expect(() => TransactionIdSet.fromBuffer(bytes.subarray(0, bytes.length - 3))).toThrow(
      /truncated: it announces 3 ids but holds 2/,
    );
    expect(() => TransactionIdSet.fromBuffer(Buffer.from('booking_date,amount\n'))).toThrow(
      /not a transaction id state file/,
    );
  });
});
