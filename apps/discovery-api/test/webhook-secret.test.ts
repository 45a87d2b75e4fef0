import { randomBytes } from 'node:crypto';
import { signPayload } from '@disc/webhooks';
import { useWebhookApi } from '../src/test-support/webhook-api';

// docs/webhooks.md: a secret starting with `whsec_` is the base64 of the key bytes. The signer
// refuses one that is not standard base64, so a webhook registered with it would answer 201 and
// then lose every delivery in the worker; registration refuses it instead, with the signer's
// own check.
const web = useWebhookApi('secrets');

const register = (secret: string) =>
  web.api.call('POST', '/v1/webhooks', {
    token: web.token,
    body: { url: 'http://127.0.0.1:9/hook', secret, events: ['grade_change'] },
  });

describe('POST /v1/webhooks: a secret the signer cannot use', () => {
  const key = randomBytes(24);
  it.each([
    ['base64url key bytes', `whsec_${key.toString('base64url')}_-`],
    ['a passphrase that starts with whsec_', 'whsec_my-readable-secret-value'],
    ['base64 with spaces', 'whsec_c2VjcmV0 c2VjcmV0c2VjcmV0'],
    ['base64 with padding in the middle', 'whsec_c2VjcmV0==c2VjcmV0c2Vj'],
  ])('%s: 400 VALIDATION_ERROR at /secret, nothing stored', async (_label, secret) => {
    const res = await register(secret);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toMatchObject({
      location: 'body',
      errors: [{ path: '/secret' }],
      reason: 'INVALID_BASE64_SECRET',
    });
    // The message says what is allowed.
    expect(res.body.error.message).toMatch(/standard base64/);
    expect(res.body.error.details.errors[0].message).toMatch(/standard base64.*does not start with "whsec_"/);
    expect(() => signPayload({ id: 'msg_x', timestamp: 0, body: '', secret })).toThrow();
    expect((await web.api.call('GET', '/v1/webhooks', { token: web.token })).body.data).toEqual([]);
  });

  it.each([
    ['standard base64 key bytes', `whsec_${key.toString('base64')}`],
    ['standard base64 without padding', `whsec_${randomBytes(20).toString('base64').replace(/=+$/, '')}`],
    ['a passphrase', 'my-readable-secret-value'],
    ['a passphrase with whsec_ inside', 'not-whsec_-at-the-start'],
  ])('%s: registered (201)', async (_label, secret) => {
    const res = await register(secret);
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('secret');
    expect((await web.api.call('DELETE', `/v1/webhooks/${res.body.id as string}`, { token: web.token })).status).toBe(
      204,
    );
  });
});
