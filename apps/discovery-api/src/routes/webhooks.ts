import {
  ReceiverUrlError,
  checkReceiverUrl,
  enqueueEvent,
  listDeliveriesPage,
  signPayload,
  WebhookSecretError,
  webhookTestPayload,
} from '@disc/webhooks';
import { ApiError } from '../http/errors';
import { WebhookStore, type WebhookEvent } from '../store/webhooks';
import type { Handler } from './handler';
import { checkWebhookSymbols } from './webhook-symbols';
import type { HandlerDependencies } from './handlers';

/** Registration, listing, delivery history and test events. Delivery itself is the
 * outbox worker's. Each token sees only the webhooks it registered. */
export function webhookHandlers(deps: HandlerDependencies): Record<string, Handler> {
  const store = new WebhookStore(deps.db);
  const owner = (tokenId: string | undefined): string => {
    if (tokenId === undefined) throw new Error('webhook route reached without a token');
    return tokenId;
  };
  const notFound = (id: string) =>
    new ApiError('NOT_FOUND', `No webhook '${id}' registered by this token.`, { details: { id } });
  const owned = async (tokenId: string | undefined, id: string) => {
    const found = await store.get(owner(tokenId), id);
    if (found === undefined) throw notFound(id);
    return found;
  };
  return {
    createWebhook: async ({ body, context }) => {
      const url = String(body.url);
      const secret = String(body.secret);
      const symbols = body.symbols as string[] | undefined;
      checkWebhookSymbols(symbols);
      checkSecret(secret);
      await checkUrl(url, deps);
      const created = await store.create(owner(context.token?.id), {
        url,
        events: body.events as WebhookEvent[],
        secret,
        symbols,
      });
      return { status: 201, json: created };
    },
    listWebhooks: async ({ context }) => ({ status: 200, json: { data: await store.list(owner(context.token?.id)) } }),
    getWebhook: async ({ params, context }) => ({ status: 200, json: await owned(context.token?.id, params.id ?? '') }),
    deleteWebhook: async ({ params, context }) => {
      const id = params.id ?? '';
      if (!(await store.remove(owner(context.token?.id), id))) throw notFound(id);
      return { status: 204 };
    },
    listWebhookDeliveries: async ({ params, query, context }) => {
      const hook = await owned(context.token?.id, params.id ?? '');
      const after = query.after as string | undefined;
      try {
        return {
          status: 200,
          json: await listDeliveriesPage(deps.db, hook.id, {
            limit: (query.limit as number | undefined) ?? 50,
            ...(after === undefined ? {} : { after }),
          }),
        };
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        throw new ApiError('VALIDATION_ERROR', `The cursor is not one of this webhook's: ${error.message}.`, {
          details: {
            location: 'query',
            errors: [{ path: '/after', message: 'is not a cursor of this webhook' }],
          },
        });
      }
    },
    testWebhook: async ({ params, context }) => {
      const hook = await owned(context.token?.id, params.id ?? '');
      if (!hook.active) {
        throw new ApiError(
          'VALIDATION_ERROR',
          `Webhook '${hook.id}' is disabled (${hook.disabled_reason ?? 'inactive'}); enable it again with POST /v1/webhooks/{id}/enable to receive events.`,
          {
            details: {
              location: 'path',
              errors: [{ path: '/id', message: 'is a disabled webhook; enable it first' }],
              id: hook.id,
            },
          },
        );
      }
      const now = deps.clock();
      const enqueued = await deps.db.transaction((tx) =>
        enqueueEvent(tx, webhookTestPayload(hook.id, now), { webhookIds: [hook.id], now }),
      );
      deps.onEventsEnqueued?.();
      return { status: 202, json: { event_id: enqueued.eventId, delivery_id: enqueued.deliveries[0]?.id ?? null } };
    },
  };
}

/** docs/decisions/0010-webhook-delivery.md: HTTPS receivers whose host resolves only to public addresses
 * (SSRF). The worker checks the resolved addresses again before every attempt. A URL with
 * user info (`https://user:pass@host/hook`) is refused too: the URL is stored as it is and
 * listed (GET /v1/webhooks, the admin CLI), so credentials in it would leak there; receivers
 * authenticate deliveries by their signature, made with the webhook's secret. */
export async function checkUrl(url: string, deps: HandlerDependencies): Promise<void> {
  if (hasUserInfo(url)) {
    const message =
      "The webhook URL must not carry a user name or password (user:pass@host): the URL is stored as it is and shown by GET /v1/webhooks and `discovery-api webhooks list`, so credentials in it would leak there. Let the receiver authenticate deliveries by their webhook-signature header, made with the webhook's secret, instead.";
    throw new ApiError('VALIDATION_ERROR', message, {
      details: {
        location: 'body',
        errors: [{ path: '/url', message: 'must not contain a user name or password (user:pass@host)' }],
        reason: 'CREDENTIALS_IN_URL',
      },
    });
  }
  try {
    await checkReceiverUrl(url, deps.webhookUrlPolicy ?? {});
  } catch (error) {
    if (!(error instanceof ReceiverUrlError)) throw error;
    throw new ApiError('VALIDATION_ERROR', error.message, {
      details: { location: 'body', errors: [{ path: '/url', message: error.message }], reason: error.code },
      cause: error,
    });
  }
}

/** A secret the delivery worker could not sign with is refused before it is stored: the
 * signer turns a `whsec_` secret into key bytes by decoding standard base64 and refuses
 * anything else (base64url's `-` and `_`, a passphrase that happens to start with `whsec_`),
 * so such a webhook would answer 201 and then lose every delivery. The check is the
 * signer's own (`secretKey` of @disc/webhooks, reached through `signPayload`), so the two
 * cannot disagree. Every route that sets a secret calls this. */
export function checkSecret(secret: string): void {
  try {
    signPayload({ id: 'msg_registration_check', timestamp: 0, body: '', secret });
  } catch (error) {
    if (!(error instanceof WebhookSecretError)) throw error;
    const base64 = error.code === 'INVALID_BASE64_SECRET';
    const what = base64
      ? 'starts with "whsec_" but does not continue with standard base64 (A-Z a-z 0-9 + /, optional = padding); send standard base64 after "whsec_" (convert base64url\'s - and _ to + and /), or a secret that does not start with "whsec_" (used as its UTF-8 bytes)'
      : error.message;
    const advice = base64
      ? ' Send the key bytes as standard base64 after "whsec_" (base64url\'s - and _ become + and /), or a secret that does not start with "whsec_": any other secret is used as its UTF-8 bytes.'
      : '';
    throw new ApiError('VALIDATION_ERROR', `The webhook secret cannot sign deliveries: ${error.message}${advice}`, {
      details: {
        location: 'body',
        errors: [{ path: '/secret', message: what }],
        reason: error.code,
      },
      cause: error,
    });
  }
}

/** Whether a URL carries a user name or password (`user@host`, `user:pass@host`). */
function hasUserInfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false; // not a URL: the receiver policy says so
  }
}
