import { useWebhookApi } from '../test-support/webhook-api';

// Ajv's own wording of two rules did not say what to send: a list that must not repeat a value
// (webhook `events`, batch `asset_types`, `symbols`) was refused with "must NOT have duplicate
// items (items ## 1 and 0 are identical)" at the list's path, and a webhook URL that is not a URL
// with 'must match format "uri"'.

const web = useWebhookApi('owner');

it('names a repeated webhook event by its own path and the first occurrence', async () => {
  const response = await web.api.call('POST', '/v1/webhooks', {
    token: web.token,
    body: {
      url: 'http://127.0.0.1:9/hook',
      events: ['new_discovery', 'grade_change', 'new_discovery'],
      secret: 'a-secret-of-sixteen-or-more',
    },
  });
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe('VALIDATION_ERROR');
  expect(response.body.error.details.errors).toEqual([
    { path: '/events/2', message: 'repeats /events/0; list each value once' },
  ]);
  expect(response.body.error.message).toBe(
    'The request body is invalid: /events/2 repeats /events/0; list each value once.',
  );
});

it('says what a webhook url must look like when it is not a URL at all', async () => {
  const response = await web.api.call('POST', '/v1/webhooks', {
    token: web.token,
    body: { url: 'hooks dot example', events: ['grade_change'], secret: 'a-secret-of-sixteen-or-more' },
  });
  expect(response.status).toBe(400);
  expect(response.body.error.details.errors).toEqual([
    { path: '/url', message: 'must be an absolute URL, such as https://hooks.example.com/discovery' },
  ]);
});

// Symbols are stored and matched upper-case: ["SHEM", "shem"] used to become ["SHEM"] (201)
// while ["SHEM", "SHEM"] was a 400; and [] was accepted, a webhook no grade change could match.
const hook = { url: 'http://127.0.0.1:9/hook', events: ['grade_change'], secret: 'a-secret-of-sixteen-or-more' };

it('refuses a webhook symbol repeated in another case, naming the repeat and the first', async () => {
  const response = await web.api.call('POST', '/v1/webhooks', {
    token: web.token,
    body: { ...hook, symbols: ['SHEM', 'NUH', 'shem'] },
  });
  expect([response.status, response.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  expect(response.body.error.details.errors).toEqual([
    {
      path: '/symbols/2',
      message: "repeats /symbols/0 ('SHEM'; symbols are compared without case): list each symbol once",
    },
  ]);
});

it('refuses an empty list of webhook symbols, saying to leave the member out for every symbol', async () => {
  const response = await web.api.call('POST', '/v1/webhooks', { token: web.token, body: { ...hook, symbols: [] } });
  expect([response.status, response.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  expect(response.body.error.details.errors).toEqual([
    {
      path: '/symbols',
      message: 'must list at least one item; leave symbols out to receive the grade changes of every symbol',
    },
  ]);
});
