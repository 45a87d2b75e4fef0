import type { Database } from '../db/database';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from './api';
import { openMemoryDatabase } from './databases';

/** What `useWebhookApi` started, read once its `beforeAll` has run. */
export interface WebhookApi {
  readonly api: TestApi;
  /** A token of the `webhooks` scope. */
  readonly token: string;
}

/**
 * For a test file of webhook requests: an API on an in-memory database that accepts receivers
 * on loopback, and a token named `owner` of the `webhooks` scope; started before the file's
 * tests and closed after them.
 */
export function useWebhookApi(owner: string): WebhookApi {
  const started: Partial<{ -readonly [K in keyof WebhookApi]: WebhookApi[K] }> = {};
  let db: Database | undefined;
  beforeAll(async () => {
    db = await openMemoryDatabase();
    started.token = (await new TokenStore(db).create(owner, ['webhooks'])).token;
    started.api = await startApi({
      db,
      engine: { current: () => Promise.reject(new Error('unused')) },
      webhookUrlPolicy: { allowLoopback: true },
    });
  }, 30_000);
  afterAll(async () => {
    await started.api?.close();
    await db?.close();
  });
  const get = <K extends keyof WebhookApi>(key: K): WebhookApi[K] => {
    const value = started[key];
    if (value === undefined) throw new Error(`useWebhookApi: ${key} is read before beforeAll ran`);
    return value;
  };
  return {
    get api() {
      return get('api');
    },
    get token() {
      return get('token');
    },
  };
}
