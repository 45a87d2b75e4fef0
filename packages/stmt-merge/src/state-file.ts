import { randomBytes } from 'node:crypto';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { TransactionIdSet } from './id-set';

/**
 * `--since-last` remembers the ids an output already received in a small binary file beside it:
 * `merged.csv` → `.merged.csv.stmt-ids` (8 bytes per booking).
 */
export function stateFileFor(output: string): string {
  return join(dirname(output), `.${basename(output)}.stmt-ids`);
}

/** The ids an earlier run wrote; an empty set on the first run (no state file yet). */
export async function loadWrittenIds(path: string): Promise<TransactionIdSet> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new TransactionIdSet();
    throw new Error(`cannot read the state file ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return TransactionIdSet.fromBuffer(bytes);
  } catch (error) {
    throw new Error(
      `${path}: ${(error as Error).message}; delete it to start afresh (the next run then writes every row)`,
      { cause: error },
    );
  }
}

/** Writes the state through a temporary sibling and a rename, so a crash never leaves half a state. */
export async function saveWrittenIds(path: string, ids: TransactionIdSet): Promise<void> {
  await writeState(path, ids.toBuffer());
}

/**
 * The ledger accounts earlier `--since-last` runs opened (beancount `open` directives) and the date
 * each was opened on, beside the output as `.<output>.stmt-accounts`, one `account<TAB>date` per
 * line, so a later run opens only new ones and can tell which of its bookings come before an `open`.
 */
export function accountsFileFor(output: string): string {
  return join(dirname(output), `.${basename(output)}.stmt-accounts`);
}

/** The accounts an earlier run opened, with the date of their `open` ('' when unknown); empty on the first run. */
export async function loadOpenedAccounts(path: string): Promise<Map<string, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new Error(`cannot read the state file ${path}: ${(error as Error).message}`, { cause: error });
  }
  const opened = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [account = '', date = ''] = line.split('\t');
    opened.set(account, date);
  }
  return opened;
}

export async function saveOpenedAccounts(path: string, accounts: ReadonlyMap<string, string>): Promise<void> {
  await writeState(
    path,
    [...accounts]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([account, date]) => (date === '' ? `${account}\n` : `${account}\t${date}\n`))
      .join(''),
  );
}

async function writeState(path: string, data: Buffer | string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw new Error(`cannot write the state file ${path}: ${(error as Error).message}`, { cause: error });
  }
}
