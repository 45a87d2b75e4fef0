import { bundledSampleSnapshot, validateSnapshot } from '../discovery/snapshot-format';
import { ApiError } from '../http/errors';
import { SnapshotStore } from '../store/snapshots';
import { WebhookStore } from '../store/webhooks';
import type { Scope } from '../store/tokens';
import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';

/** What the CLI does through a running server that holds the embedded database. */
export function adminHandlers(deps: HandlerDependencies): Record<string, Handler> {
  const snapshots = new SnapshotStore(deps.db);
  const webhooks = new WebhookStore(deps.db);
  const noWebhook = (id: string) => new ApiError('NOT_FOUND', `No active webhook '${id}'.`, { details: { id } });
  return {
    adminListWebhooks: async () => ({ status: 200, json: { data: await webhooks.listAll() } }),
    adminDisableWebhook: async ({ params }) => {
      const id = params.id ?? '';
      if (!(await webhooks.disableAny(id, 'disabled by an administrator'))) throw noWebhook(id);
      deps.logger.info('webhook disabled', { webhook_id: id, via: 'admin' });
      return { status: 204 };
    },
    adminDeleteWebhook: async ({ params }) => {
      const id = params.id ?? '';
      if (!(await webhooks.removeAny(id))) throw noWebhook(id);
      deps.logger.info('webhook deleted', { webhook_id: id, via: 'admin' });
      return { status: 204 };
    },
    adminCreateToken: async ({ body }) => {
      const created = await deps.tokens.create(String(body.name), body.scopes as Scope[]);
      deps.logger.info('token created', { token_name: created.record.name, token_id: created.record.id, via: 'admin' });
      return { status: 201, json: created };
    },
    adminListTokens: async () => ({ status: 200, json: { data: await deps.tokens.list() } }),
    adminRevokeToken: async ({ params }) => {
      const id = params.id ?? '';
      if (!(await deps.tokens.revoke(id)))
        throw new ApiError('NOT_FOUND', `No active token '${id}'.`, { details: { id } });
      deps.logger.info('token revoked', { token_id: id, via: 'admin' });
      return { status: 204 };
    },
    adminLoadSnapshot: async ({ body }) => {
      validateSnapshot(body.content, String(body.source), '/content');
      const saved = await snapshots.save(String(body.source), body.content);
      deps.onSnapshotLoaded?.();
      // New data moves grades: re-score the monitored symbols now, so that `data load`
      // returns once the resulting events are in the outbox.
      const refresh = await deps.monitoring.refresh.runNow();
      return { status: 201, json: { ...saved, refresh } };
    },
    adminRefresh: async () => ({ status: 200, json: await deps.monitoring.refresh.runNow() }),
    adminExportSnapshot: async () => {
      const latest = await snapshots.latestInfo();
      const content = latest === undefined ? await bundledSampleSnapshot() : await snapshots.content(latest.id);
      if (content === undefined) throw new ApiError('NOT_FOUND', 'No snapshot is loaded.');
      return { status: 200, text: JSON.stringify(content), contentType: 'application/json' };
    },
  };
}
