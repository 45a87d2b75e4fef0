import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const ADMIN_SECRET_FILE = 'admin-secret';

/** The secret the CLI presents to a running server's loopback admin routes. It lives in the
 * data folder, readable only by its owner (mode 0600): whoever can read the embedded
 * database's files may manage its tokens anyway. */
export async function ensureAdminSecret(dataDir: string): Promise<string> {
  const existing = await readAdminSecret(dataDir);
  if (existing !== undefined) return existing;
  const secret = randomBytes(32).toString('base64url');
  const path = join(dataDir, ADMIN_SECRET_FILE);
  await writeFile(path, secret, { mode: 0o600, flag: 'w' });
  await chmod(path, 0o600);
  return secret;
}

export async function readAdminSecret(dataDir: string): Promise<string | undefined> {
  try {
    const secret = (await readFile(join(dataDir, ADMIN_SECRET_FILE), 'utf8')).trim();
    return secret === '' ? undefined : secret;
  } catch {
    return undefined;
  }
}
