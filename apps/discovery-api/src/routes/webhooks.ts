import { ApiError } from '../http/errors';
import { WebhookStore, type WebhookEvent } from '../store/webhooks';
import type { Handler } from './handler';
import type { HandlerDependencies } from './handlers';
import { checkReceiverUrl } from './webhook-url';

/** Registration and listing; delivery is a separate worker (outbox). Each token sees only
 * the webhooks it registered. */
export function webhookHandlers(deps: HandlerDependencies): Record<string, Handler> {
  const store = new WebhookStore(deps.db);
  const owner = (tokenId: string | undefined): string => {
    if (tokenId === undefined) throw new Error('webhook route reached without a token');
    return tokenId;
  };
  const notFound = (id: string) => new ApiError('NOT_FOUND', `No webhook '${id}' registered by this token.`, { id });
  return {
    createWebhook: async ({ body, context }) => {
      const url = String(body.url);
      checkReceiverUrl(url, deps.allowLocalWebhooks ?? false);
      const created = await store.create(owner(context.token?.id), { url, events: body.events as WebhookEvent[], secret: String(body.secret) });
      return { status: 201, json: created };
    },
    listWebhooks: async ({ context }) => ({ status: 200, json: { data: await store.list(owner(context.token?.id)) } }),
    getWebhook: async ({ params, context }) => {
      const id = params.id ?? '';
      const found = await store.get(owner(context.token?.id), id);
      if (found === undefined) throw notFound(id);
      return { status: 200, json: found };
    },
    deleteWebhook: async ({ params, context }) => {
      const id = params.id ?? '';
      if (!(await store.remove(owner(context.token?.id), id))) throw notFound(id);
      return { status: 204 };
    },
  };
}
