import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callApi } from '../test-support/api';
import { runCli, spawnServer, type ServerProcess } from '../test-support/processes';

// The embedded default: one data folder, PGlite, a server and CLI commands that must never
// open the database twice.
describe('discovery-api on the embedded database', () => {
  let dataDir: string;
  let server: ServerProcess;
  const env = (): Record<string, string> => ({ DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'discovery-cli-'));
    server = await spawnServer(env());
  }, 90_000);
  afterAll(async () => {
    await server.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints a development token on first start with a curl example for the printed URL', async () => {
    const output = server.output();
    const token = /^\s+(disc_[A-Za-z0-9_-]{43})$/m.exec(output)?.[1];
    expect(token).toBeDefined();
    const curl = new RegExp(`curl -H "Authorization: Bearer ${token}" ${server.url}(/v1/\\S+)`).exec(output);
    expect(curl).not.toBeNull();
    const res = await callApi(server.url, 'GET', curl![1]!, { token: token! });
    expect(res.status).toBe(200);
    expect((await stat(join(dataDir, 'admin-secret'))).mode & 0o777).toBe(0o600);
  });

  it('manages tokens through the running server', async () => {
    const created = await runCli(['tokens', 'create', '--name', 'ci', '--scopes', 'webhooks'], env());
    expect(created.status).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^disc_[A-Za-z0-9_-]{43}$/);
    expect((await callApi(server.url, 'GET', '/v1/webhooks', { token })).status).toBe(200);

    const listed = await runCli(['tokens', 'list', '--json'], env());
    const tokens = JSON.parse(listed.stdout) as { id: string; name: string }[];
    expect(tokens.map((t) => t.name)).toEqual(['development', 'ci']);
    expect(listed.stdout).not.toContain(token);

    const id = tokens.find((t) => t.name === 'ci')!.id;
    expect((await runCli(['tokens', 'revoke', id], env())).status).toBe(0);
    expect((await callApi(server.url, 'GET', '/v1/webhooks', { token })).status).toBe(401);
    expect((await runCli(['tokens', 'revoke', id], env())).status).not.toBe(0);
  }, 60_000);

  it('lists, disables and deletes any webhook through the running server, and a revoked token leaves its webhooks disabled', async () => {
    const created = await runCli(['tokens', 'create', '--name', 'hooks', '--scopes', 'webhooks'], env());
    const token = created.stdout.trim();
    const register = () =>
      callApi(server.url, 'POST', '/v1/webhooks', {
        token,
        body: { url: 'https://93.184.216.34/hook', events: ['grade_change'], secret: 'a-long-enough-secret' },
      });
    const first = (await register()).body.id as string;
    const second = (await register()).body.id as string;
    const listed = await runCli(['webhooks', 'list', '--json'], env());
    expect(listed.status).toBe(0);
    expect(
      (JSON.parse(listed.stdout) as { id: string; token_name: string }[])
        .filter((w) => w.token_name === 'hooks')
        .map((w) => w.id)
        .sort(),
    ).toEqual([first, second].sort());
    expect((await runCli(['webhooks', 'disable', first], env())).status).toBe(0);
    expect((await callApi(server.url, 'GET', `/v1/webhooks/${first}`, { token })).body).toMatchObject({
      active: false,
      disabled_reason: 'disabled by an administrator',
    });
    expect((await runCli(['webhooks', 'delete', first], env())).status).toBe(0);
    expect((await callApi(server.url, 'GET', `/v1/webhooks/${first}`, { token })).status).toBe(404);
    const missing = await runCli(['webhooks', 'delete', first], env());
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining(`No webhook with id '${first}'`)]);

    const tokenId = (
      JSON.parse((await runCli(['tokens', 'list', '--json'], env())).stdout) as { id: string; name: string }[]
    ).find((t) => t.name === 'hooks')!.id;
    expect((await runCli(['tokens', 'revoke', tokenId], env())).status).toBe(0);
    const after = JSON.parse((await runCli(['webhooks', 'list', '--json'], env())).stdout) as {
      id: string;
      active: boolean;
      token_revoked: boolean;
      disabled_reason: string;
    }[];
    expect(after.find((w) => w.id === second)).toMatchObject({
      active: false,
      token_revoked: true,
      disabled_reason: 'its token was revoked',
    });
  }, 90_000);

  it('refuses an invalid snapshot with its JSON path', async () => {
    const file = join(dataDir, 'bad.json');
    await writeFile(file, JSON.stringify({ format: 'disc-snapshot', version: 1, instruments: 'none' }));
    const loaded = await runCli(['data', 'load', file], env());
    expect(loaded.status).not.toBe(0);
    expect(loaded.stderr).toMatch(/instruments|invalid/);
    // Through the running server: the envelope's message, with the server that answered.
    expect(loaded.stderr).toMatch(/the server at http:\/\/127\.0\.0\.1:\d+ answered 400: /);
  }, 30_000);

  it('stops cleanly on SIGTERM, then works on the database directly', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(existsSync(join(dataDir, 'owner.json'))).toBe(false);
    const listed = await runCli(['tokens', 'list', '--json'], env());
    expect(listed.status).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(3); // development, ci, hooks
    const exported = await runCli(['data', 'export'], env());
    expect(exported.status).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ format: 'disc-snapshot', version: 1 });
    expect(existsSync(join(dataDir, 'owner.json'))).toBe(false);
    expect(await readFile(join(dataDir, 'admin-secret'), 'utf8')).not.toBe('');
  }, 60_000);
});
