// The Express receiver of docs/webhooks.md ("Verifying"), kept in step with it; the import
// comes from @disc/webhooks here because @disc/discovery re-exports the same function.
import express from 'express';
import { verifyWebhook, WebhookVerificationError } from '@disc/webhooks';
import type { WebhookPayload } from '@disc/webhooks';

export function createReceiver(secret: string, handle: (payload: WebhookPayload) => void): express.Express {
  const app = express();
  const handled = new Set<string>(); // use a table with a unique key in production

  // express.raw keeps the body as the exact bytes that were signed.
  app.post('/hooks/discovery', express.raw({ type: 'application/json' }), (req, res) => {
    let payload: WebhookPayload;
    try {
      payload = verifyWebhook(secret, req.headers, req.body as Buffer);
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        res.status(400).json({ error: error.code, message: error.message });
        return;
      }
      throw error;
    }
    // At-least-once: a retry of a message already handled has the same webhook-id.
    const id = req.header('webhook-id')!;
    if (!handled.has(id)) {
      handled.add(id);
      handle(payload);
    }
    res.sendStatus(204);
  });
  return app;
}
