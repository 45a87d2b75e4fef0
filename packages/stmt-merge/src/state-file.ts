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
 * The ledger accounts earlier `--since-last` runs opened (beancount `open` directives), beside
 * the output as `.<output>.stmt-accounts`, one account per line, so a later run opens only new ones.
 */
export function accountsFileFor(output: string): string {
  return join(dirname(output), `.${basename(output)}.stmt-accounts`);
}

/** The accounts an earlier run opened; empty on the first run. */
export async function loadOpenedAccounts(path: string): Promise<Set<string>> {
  try {
    return new Set((await readFile(path, 'utf8')).split('\n').filter((line) => line !== ''));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw new Error(`cannot read the state file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

export async function saveOpenedAccounts(path: string, accounts: ReadonlySet<string>): Promise<void> {
  await writeState(
    path,
    [...accounts]
      .sort()
      .map((account) => `${account}\n`)
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
