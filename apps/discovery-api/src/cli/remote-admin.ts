import { API_ERROR_CODES } from '../http/errors';
import type { RefreshReport } from '../monitoring/refresh';
import type { SnapshotInfo } from '../store/snapshots';
import type { CreatedToken, TokenRecord } from '../store/tokens';
import type { AdminWebhook } from '../store/webhooks';
import type { AdminOperations } from './admin-operations';
import { CodedError } from '@fin/errors';

/** The server's envelope codes, plus UNKNOWN for an answer without one (or a code this
 * build does not know; `reportedCode` keeps it). */
export const REMOTE_ADMIN_ERROR_CODES = [...API_ERROR_CODES, 'UNKNOWN'] as const;
export type RemoteAdminErrorCode = (typeof REMOTE_ADMIN_ERROR_CODES)[number];

export class RemoteAdminError extends CodedError<RemoteAdminErrorCode> {
  override readonly name: string = 'RemoteAdminError';
  readonly status: number;
  readonly reportedCode: string | undefined;
  constructor(
    code: RemoteAdminErrorCode,
    message: string,
    options: { status: number; reportedCode?: string | undefined; cause?: unknown },
  ) {
    super(code, message, options);
    this.status = options.status;
    this.reportedCode = options.reportedCode;
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(REMOTE_ADMIN_ERROR_CODES);

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
      let error: { code?: string; message?: string } = {};
      try {
        error = (JSON.parse(text) as { error?: typeof error }).error ?? {};
      } catch {
        // not the envelope: report the status alone
      }
      throw new RemoteAdminError(
        error.code !== undefined && KNOWN_CODES.has(error.code) ? (error.code as RemoteAdminErrorCode) : 'UNKNOWN',
        `the server at ${base} answered ${response.status}: ${error.message ?? text.slice(0, 200)}`,
        { status: response.status, reportedCode: error.code },
      );
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
