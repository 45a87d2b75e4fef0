import { webhookTestPayload } from '@disc/types';

const AT = new Date('2026-03-02T06:00:00Z');

describe('webhookTestPayload', () => {
  it('names the webhook it was sent to', () => {
    expect(webhookTestPayload('wh_1', AT)).toEqual({
      event: 'webhook.test',
      timestamp: '2026-03-02T06:00:00.000Z',
      data: { webhook_id: 'wh_1', message: expect.stringContaining('Test event') },
    });
  });
});
