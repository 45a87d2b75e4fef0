import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataDirBusyError, OWNER_FILE, acquireOwner, readOwner, warnIfDataDirExposed } from './owner-lock';
import { ensureAdminSecret, readAdminSecret } from './admin-secret';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { openPglite } from '../db/pglite';
import { capturingLogger } from '../test-support/log-capture';
import { scratchFolder } from '@fin/test-utils';

const dir = scratchFolder('owner-lock-');

describe('data-folder lock', () => {
  it('lets one process hold it and names the holder to the next', async () => {
    const lock = await acquireOwner(dir(), 'server');
    await lock.announcePort(4321);
    expect(await readOwner(dir())).toMatchObject({ pid: process.pid, kind: 'server', port: 4321 });
    await expect(acquireOwner(dir(), 'cli')).rejects.toBeInstanceOf(DataDirBusyError);
    await lock.release();
    expect(await readOwner(dir())).toBeUndefined();
  });

  it('takes over a lock left by a dead process', async () => {
    await writeFile(
      join(dir(), OWNER_FILE),
      JSON.stringify({ pid: 2 ** 22 + 12345, kind: 'server', started_at: '2026-01-01T00:00:00Z' }),
    );
    const lock = await acquireOwner(dir(), 'cli');
    expect(JSON.parse(await readFile(join(dir(), OWNER_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      kind: 'cli',
    });
    await lock.release();
  });

  it('takes over a lock with its own pid that it does not hold (a killed container: both PID 1)', async () => {
    await writeFile(
      join(dir(), OWNER_FILE),
      JSON.stringify({ pid: process.pid, kind: 'server', started_at: '2026-01-01T00:00:00Z' }),
    );
    expect(await readOwner(dir())).toBeUndefined();
    const lock = await acquireOwner(dir(), 'server');
    expect(await readOwner(dir())).toMatchObject({ pid: process.pid, kind: 'server' });
    await lock.release();
  });

  it('keeps the admin secret stable and private to its owner', async () => {
    const secret = await ensureAdminSecret(dir());
    expect(await ensureAdminSecret(dir())).toBe(secret);
    expect(await readAdminSecret(dir())).toBe(secret);
    expect((await stat(join(dir(), 'admin-secret'))).mode & 0o777).toBe(0o600);
  });
});

describe('the data folder is its owner’s', () => {
  it('makes the database folder pgdata 0700 when it opens it, whatever its mode was', async () => {
    const pgdata = join(dir(), 'pgdata');
    await mkdir(pgdata);
    await chmod(pgdata, 0o777);
    const db = await openPglite(pgdata);
    try {
      expect((await stat(pgdata)).mode & 0o777).toBe(0o700);
    } finally {
      await db.close();
    }
    await chmod(pgdata, 0o755);
    const again = await openPglite(pgdata);
    await again.close();
    expect((await stat(pgdata)).mode & 0o777).toBe(0o700);
  }, 60_000);

  it('warns with the path and the fix when the data folder is open to others, not when it is private or missing', async () => {
    const { logger, lines } = capturingLogger();
    const folder = join(dir(), "data 'shared'");
    await mkdir(folder, { mode: 0o700 });
    await chmod(folder, 0o750);
    await warnIfDataDirExposed(folder, logger);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining(`The data folder ${folder} is open to other users (mode 750)`),
        data_dir: folder,
        mode: '750',
        // Quoted for the shell: '…/data '\''shared'\'''
        fix: `chmod 700 '${dir()}/data '\\''shared'\\'''`,
      },
    ]);
    await chmod(folder, 0o700);
    await warnIfDataDirExposed(folder, logger);
    await warnIfDataDirExposed(join(dir(), 'not-yet'), logger);
    expect(lines).toHaveLength(1);
  });
});
