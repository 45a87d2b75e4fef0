import { apiErrorOf } from '@disc/client';
import type { RefreshReport } from '../monitoring/refresh';
import type { SnapshotInfo } from '../store/snapshots';
import type { CreatedToken, TokenRecord } from '../store/tokens';
import type { AdminWebhook } from '../store/webhooks';
import type { AdminOperations } from './admin-operations';

/** Admin operations through the loopback admin routes of the server that holds the
 * embedded database (PGlite cannot be opened by a second process). */
export function remoteAdmin(port: number, secret: string): AdminOperations {
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> => {
    const response = await fetch(base + path, {
      method,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 400 && !(response.status === 404 && (method === 'DELETE' || path.endsWith('/disable')))) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not the envelope: the error says the status alone
      }
      const error = apiErrorOf(response, parsed);
      error.message = `the server at ${base} answered ${response.status}: ${error.message}`;
      throw error;
    }
    return { status: response.status, text };
  };
  return {
    via: base,
    createToken: async (name, scopes) =>
      JSON.parse((await call('POST', '/v1/admin/tokens', { name, scopes })).text) as CreatedToken,
    listTokens: async () => (JSON.parse((await call('GET', '/v1/admin/tokens')).text) as { data: TokenRecord[] }).data,
    revokeToken: async (id) => (await call('DELETE', `/v1/admin/tokens/${encodeURIComponent(id)}`)).status === 204,
    listWebhooks: async () =>
      (JSON.parse((await call('GET', '/v1/admin/webhooks')).text) as { data: AdminWebhook[] }).data,
    disableWebhook: async (id) =>
      (await call('POST', `/v1/admin/webhooks/${encodeURIComponent(id)}/disable`)).status === 204,
    deleteWebhook: async (id) => (await call('DELETE', `/v1/admin/webhooks/${encodeURIComponent(id)}`)).status === 204,
    loadSnapshot: async (source, content) =>
      JSON.parse((await call('POST', '/v1/admin/snapshots', { source, content })).text) as SnapshotInfo & {
        refresh?: RefreshReport;
      },
    exportSnapshot: async () => JSON.parse((await call('GET', '/v1/admin/snapshots/current')).text) as unknown,
    close: () => Promise.resolve(),
  };
}
