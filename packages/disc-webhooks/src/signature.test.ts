import { signPayload, webhookHeaders, WebhookSecretError } from '@disc/webhooks';
import { secretKey } from './secret';

// The signing test vector of the Standard Webhooks reference libraries
// (standard-webhooks/standard-webhooks, libraries/javascript "sign function works").
const VECTOR = {
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('signPayload', () => {
  it('matches the Standard Webhooks test vector', () => {
    expect(signPayload(VECTOR)).toBe(VECTOR.signature);
  });

  it('accepts the timestamp as a Date and the body as bytes', () => {
    const signature = signPayload({
      ...VECTOR,
      timestamp: new Date(VECTOR.timestamp * 1000 + 999),
      body: Buffer.from(VECTOR.body),
    });
    expect(signature).toBe(VECTOR.signature);
  });

  it('uses a secret without the whsec_ prefix as its UTF-8 bytes', () => {
    const passphrase = 'my shared secret ✓';
    const asBase64 = `whsec_${Buffer.from(passphrase, 'utf8').toString('base64')}`;
    expect(signPayload({ ...VECTOR, secret: passphrase })).toBe(signPayload({ ...VECTOR, secret: asBase64 }));
    expect(signPayload({ ...VECTOR, secret: passphrase })).not.toBe(VECTOR.signature);
  });

  it('changes with every signed part', () => {
    const variants = [
      { ...VECTOR, id: 'msg_other' },
      { ...VECTOR, timestamp: VECTOR.timestamp + 1 },
      { ...VECTOR, body: '{"test": 2432232315}' },
    ];
    for (const variant of variants) expect(signPayload(variant)).not.toBe(VECTOR.signature);
  });
});

describe('secretKey', () => {
  it('refuses an empty secret and a whsec_ secret that is not base64', () => {
    expect(() => secretKey('')).toThrow(expect.objectContaining({ code: 'EMPTY_SECRET' }));
    expect(() => secretKey('whsec_not base64!')).toThrow(WebhookSecretError);
    expect(() => secretKey('whsec_')).toThrow(expect.objectContaining({ code: 'INVALID_BASE64_SECRET' }));
  });

  it('decodes whsec_ secrets to their key bytes', () => {
    expect(secretKey('whsec_AAEC/w==')).toEqual(Buffer.from([0, 1, 2, 255]));
  });
});

describe('webhookHeaders', () => {
  it('gives the three Standard Webhooks headers for an attempt', () => {
    expect(webhookHeaders(VECTOR)).toEqual({
      'webhook-id': VECTOR.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': VECTOR.signature,
    });
  });
});
