import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CodedError } from '@fin/errors';
import isRunning from 'is-running';

/** Who has the embedded database of a data folder open. PGlite is single-process, so the
 * server and the CLI take this lock before opening it; a CLI that finds a live server
 * talks to it over loopback instead. */
export interface Owner {
  pid: number;
  kind: 'server' | 'cli';
  /** Set by a server once it listens. */
  port?: number;
  started_at: string;
}

export const OWNER_FILE = 'owner.json';

/** Lock files this process holds. */
const held = new Set<string>();

export const DATA_DIR_BUSY_ERROR_CODES = ['DATA_DIR_BUSY'] as const;
export type DataDirBusyErrorCode = (typeof DATA_DIR_BUSY_ERROR_CODES)[number];

/** The data folder's embedded database is held by another live process (`owner`). */
export class DataDirBusyError extends CodedError<DataDirBusyErrorCode> {
  override readonly name: string = 'DataDirBusyError';
  readonly owner: Owner;
  readonly dataDir: string;
  constructor(
    code: DataDirBusyErrorCode,
    message: string,
    options: { owner: Owner; dataDir: string; cause?: unknown },
  ) {
    super(code, message, options);
    this.owner = options.owner;
    this.dataDir = options.dataDir;
  }
}

export async function readOwner(dataDir: string): Promise<Owner | undefined> {
  try {
    const owner = JSON.parse(await readFile(join(dataDir, OWNER_FILE), 'utf8')) as Owner;
    // Our own pid in a lock this process does not hold was left by a process that died: in a
    // container every server is PID 1, so the one killed before this start wrote the same pid.
    const ours = owner.pid === process.pid && !held.has(join(dataDir, OWNER_FILE));
    return !ours && isRunning(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DataDirBusyError naming the live owner. A lock left by a dead
 * process (a crash, kill -9) is taken over. */
export async function acquireOwner(dataDir: string, kind: Owner['kind']): Promise<OwnerLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, OWNER_FILE);
  const owner: Owner = { pid: process.pid, kind, started_at: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(path, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      held.add(path);
      return new OwnerLock(path, owner);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = await readOwner(dataDir);
      if (current !== undefined)
        throw new DataDirBusyError(
          'DATA_DIR_BUSY',
          `The data folder ${dataDir} is in use by ${current.kind} process ${current.pid}.`,
          { owner: current, dataDir },
        );
      await rm(path, { force: true });
    }
  }
  throw new Error(`could not take the lock ${path}`);
}

export class OwnerLock {
  constructor(
    private readonly path: string,
    private owner: Owner,
  ) {}

  async announcePort(port: number): Promise<void> {
    this.owner = { ...this.owner, port };
    await writeFile(this.path, JSON.stringify(this.owner), { mode: 0o600 });
  }

  async release(): Promise<void> {
    held.delete(this.path);
    await rm(this.path, { force: true });
  }
}

/** What warnIfDataDirExposed logs with (a winston logger has it). */
export interface WarningLog {
  warn(message: string, meta: Record<string, unknown>): unknown;
}

/**
 * The warning for a data folder that its group or other users may read, write or enter (any
 * of the mode bits 0077), or undefined when only its owner may, when it does not exist yet (the
 * server creates it 0700), or on Windows, where the mode bits say nothing about other users.
 * The folder holds the embedded database, the admin secret and the lock; its database folder
 * (`pgdata`) is made 0700 when opened, but the folder itself is the operator's to set.
 */
export async function dataDirExposure(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): Promise<{ message: string; meta: Record<string, unknown> } | undefined> {
  if (platform === 'win32') return undefined;
  let mode: number;
  try {
    mode = (await stat(dataDir)).mode & 0o777;
  } catch {
    return undefined;
  }
  if ((mode & 0o077) === 0) return undefined;
  const octal = mode.toString(8).padStart(3, '0');
  const fix = `chmod 700 ${shellWord(dataDir)}`;
  return {
    message: `The data folder ${dataDir} is open to other users (mode ${octal}): it holds the embedded database with webhook secrets and the admin secret. Make it private with: ${fix}`,
    meta: { data_dir: dataDir, mode: octal, fix },
  };
}

/** A path as one word of a POSIX shell command. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

/** Logs dataDirExposure's warning, when there is one: once, as the server opens the folder. */
export async function warnIfDataDirExposed(dataDir: string, log: WarningLog): Promise<void> {
  const exposure = await dataDirExposure(dataDir);
  if (exposure !== undefined) log.warn(exposure.message, exposure.meta);
}
