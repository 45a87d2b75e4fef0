import { InvestmentDiscoveryCrew } from '@disc/discovery';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { fixedEngine } from '../discovery/engine';
import { sdkEngine } from '../discovery/sdk-engine';
import { startApi, type TestApi } from '../test-support/api';
import { createScratchPostgres, type ScratchPostgres } from '@fin/test-utils';
import { describeWithServices } from '../test-support/services';
import { TokenStore, type CreatedToken } from './tokens';

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
    const criteria = (token: string) => api.call('GET', '/v1/discovery/criteria/etf', { token });
    // Until the instance LISTENs for revocations it reads the table on every request. Once it
    // does, a call caches the token, and a change that bypasses the revocation (and its
    // notification) is not seen: the answer comes from the cache, not from the table. Each
    // try takes a new token, so one cached while the listener came up between the two calls
    // (with the narrowed scopes) cannot fail every later try.
    let cached: CreatedToken | undefined;
    const servedFromCache = async (): Promise<boolean> => {
      const created = await tokens.create('elsewhere', ['discovery']);
      if ((await criteria(created.token)).status !== 200) return false;
      await other.query('UPDATE api_tokens SET scopes = $1 WHERE id = $2', [['webhooks'], created.record.id]);
      if ((await criteria(created.token)).status !== 200) return false;
      cached = created;
      return true;
    };
    expect(await eventually(servedFromCache)).toBe(true);
    const { record, token } = cached!;

    expect(await tokens.revoke(record.id)).toBe(true);
    expect(await eventually(async () => (await criteria(token)).status === 401)).toBe(true);
    expect((await criteria(token)).body.error.code).toBe('UNAUTHORIZED');
  });
});
