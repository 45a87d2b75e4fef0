import { InvestmentDiscoveryCrew } from '@disc/discovery';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { startApi, type TestApi } from '../test-support/api';
import { createScratchPostgres, type ScratchPostgres } from '@fin/test-utils';
import { describeWithServices } from '../test-support/services';
import { TokenStore } from './tokens';

/** Polls `probe` until it returns true or `attempts` × 20 ms have passed (a notification
 * is asynchronous); answers what the last probe said. */
async function eventually(probe: () => Promise<boolean>, attempts = 1000): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (await probe()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describeWithServices('caches of a shared PostgreSQL, invalidated by NOTIFY', ['postgres'], () => {
  let pg: ScratchPostgres;
  let served: Database;
  let other: Database;
  let api: TestApi;

  beforeAll(async () => {
    pg = await createScratchPostgres();
    served = await openDatabase({ kind: 'postgres', url: pg.url });
    other = await openDatabase({ kind: 'postgres', url: pg.url });
    api = await startApi({ db: served, engine: fixedEngine(sdkEngine(new InvestmentDiscoveryCrew())) });
  });
  afterAll(async () => {
    await api.close();
    await served.close();
    await other.close();
    await pg.drop();
  });

  it('serves a known token from memory and drops it when another process revokes it', async () => {
    const tokens = new TokenStore(other);
    const created = await tokens.create('elsewhere', ['discovery']);
    const criteria = () => api.call('GET', '/v1/discovery/criteria/etf', { token: created.token });
    const setScopes = (scopes: string[]) =>
      other.query('UPDATE api_tokens SET scopes = $1 WHERE id = $2', [scopes, created.record.id]);
    // Until the instance LISTENs for revocations it reads the table on every request. Once it
    // does, a call caches the token, and a change that bypasses the revocation (and its
    // notification) is not seen: the answer comes from the cache, not from the table.
    const servedFromCache = async (): Promise<boolean> => {
      await setScopes(['discovery']);
      if ((await criteria()).status !== 200) return false;
      await setScopes(['webhooks']);
      return (await criteria()).status === 200;
    };
    expect(await eventually(servedFromCache)).toBe(true);

    expect(await tokens.revoke(created.record.id)).toBe(true);
    expect(await eventually(async () => (await criteria()).status === 401)).toBe(true);
    expect((await criteria()).body.error.code).toBe('UNAUTHORIZED');
  });
});
