import { reenableWebhook } from '@disc/webhooks';
import { ApiError } from '../http/errors';
import { WebhookStore } from '../store/webhooks';
import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';
import { checkUrl } from './webhooks';

/** POST /v1/webhooks/{id}/enable: turns a webhook of this token that the delivery worker
 * (or an administrator) disabled back on, with a clean failure count. Its URL is checked
 * against the receiver policy again, as at registration. Enabling an active webhook changes
 * nothing and answers it as it is. */
export function webhookEnableHandlers(deps: HandlerDependencies): Record<string, Handler> {
  const store = new WebhookStore(deps.db);
  return {
    enableWebhook: async ({ params, context }) => {
      const tokenId = context.token?.id;
      if (tokenId === undefined) throw new Error('webhook route reached without a token');
      const id = params.id ?? '';
      const hook = await store.get(tokenId, id);
      if (hook === undefined)
        throw new ApiError('NOT_FOUND', `No webhook '${id}' registered by this token.`, { details: { id } });
      if (hook.active) return { status: 200, json: hook };
      await checkUrl(hook.url, deps);
      await reenableWebhook(deps.db, hook.id);
      deps.logger.info('webhook enabled', { webhook_id: hook.id, via: 'owner' });
      return { status: 200, json: (await store.get(tokenId, id)) ?? hook };
    },
  };
}
