import { writeSync } from 'node:fs';

/**
 * Writes generated camt entries (`entry(i)` gives their XML and signed cents) to `fd`, 2,000 at
 * a time, numbered from `first`, until `written` bytes reach `limit`. Returns how many it wrote
 * and the sum of their cents, for the closing balance.
 */
export function writeEntries(fd, entry, { first, written, limit }) {
  let balance = 0n;
  let batch = [];
  let i = first;
  while (written < limit) {
    const { xml, cents } = entry(i++);
    balance += cents;
    batch.push(xml);
    written += Buffer.byteLength(xml);
    if (batch.length === 2000) {
      writeSync(fd, batch.join(''));
      batch = [];
    }
  }
  writeSync(fd, batch.join(''));
  return { count: i - first, balance };
}
