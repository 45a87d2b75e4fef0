import fc from 'fast-check';
import {
  signPayload,
  verifyWebhook,
  webhookHeaders,
  WebhookSecretError,
  WebhookVerificationError,
} from '@disc/webhooks';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NOW = new Date('2026-03-01T12:00:00Z');
const BODY = JSON.stringify({ event: 'grade_change', timestamp: NOW.toISOString(), data: { symbol: 'VTI' } });

function signed(overrides: { body?: string; timestamp?: Date; secret?: string } = {}) {
  return webhookHeaders({
    id: 'msg_1',
    timestamp: overrides.timestamp ?? NOW,
    body: overrides.body ?? BODY,
    secret: overrides.secret ?? SECRET,
  });
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.code;
    throw error;
  }
  return undefined;
}

describe('verifyWebhook', () => {
  it('returns the parsed payload of a correctly signed body', () => {
    expect(verifyWebhook(SECRET, signed(), BODY, { now: NOW })).toEqual(JSON.parse(BODY));
    expect(verifyWebhook(SECRET, signed(), Buffer.from(BODY), { now: NOW })).toEqual(JSON.parse(BODY));
  });

  it('reads headers case-insensitively from a plain object or a fetch Headers', () => {
    const headers = signed();
    const shouting = {
      'Webhook-Id': headers['webhook-id'],
      'WEBHOOK-TIMESTAMP': headers['webhook-timestamp'],
      'Webhook-Signature': headers['webhook-signature'],
    };
    expect(verifyWebhook(SECRET, shouting, BODY, { now: NOW })).toEqual(JSON.parse(BODY));
    expect(verifyWebhook(SECRET, new Headers(shouting), BODY, { now: NOW })).toEqual(JSON.parse(BODY));
  });

  it('reports each missing header', () => {
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
      const headers: Record<string, string> = { ...signed() };
      delete headers[name];
      expect(() => verifyWebhook(SECRET, headers, BODY, { now: NOW })).toThrow(name);
      expect(codeOf(() => verifyWebhook(SECRET, headers, BODY, { now: NOW }))).toBe('MISSING_HEADERS');
    }
    expect(
      codeOf(() => verifyWebhook(SECRET, { ...signed(), 'webhook-timestamp': 'yesterday' }, BODY, { now: NOW })),
    ).toBe('MISSING_HEADERS');
  });

  it('refuses timestamps outside the tolerance window either way (replays, skewed clocks)', () => {
    const old = signed({ timestamp: new Date(NOW.getTime() - 301_000) });
    const future = signed({ timestamp: new Date(NOW.getTime() + 301_000) });
    expect(codeOf(() => verifyWebhook(SECRET, old, BODY, { now: NOW }))).toBe('TIMESTAMP_OUT_OF_TOLERANCE');
    expect(codeOf(() => verifyWebhook(SECRET, future, BODY, { now: NOW }))).toBe('TIMESTAMP_OUT_OF_TOLERANCE');
    expect(codeOf(() => verifyWebhook(SECRET, old, BODY, { now: NOW, toleranceSeconds: 600 }))).toBeUndefined();
    expect(
      codeOf(() => verifyWebhook(SECRET, signed({ timestamp: new Date(NOW.getTime() - 300_000) }), BODY, { now: NOW })),
    ).toBeUndefined();
  });

  it('refuses a tampered body, a wrong secret, and cut or foreign signatures', () => {
    const headers = signed();
    expect(codeOf(() => verifyWebhook(SECRET, headers, BODY.replace('VTI', 'VOO'), { now: NOW }))).toBe(
      'INVALID_SIGNATURE',
    );
    expect(codeOf(() => verifyWebhook('whsec_AAAA', headers, BODY, { now: NOW }))).toBe('INVALID_SIGNATURE');
    for (const signature of [
      headers['webhook-signature'].slice(0, 8),
      'v1,',
      'v1',
      headers['webhook-signature'].replace('v1,', 'v2,'),
    ]) {
      expect(
        codeOf(() => verifyWebhook(SECRET, { ...headers, 'webhook-signature': signature }, BODY, { now: NOW })),
      ).toBe('INVALID_SIGNATURE');
    }
  });

  it('accepts any matching signature among several (secret rotation)', () => {
    const headers = signed();
    const rotated = `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,xyz ${headers['webhook-signature']}`;
    expect(verifyWebhook(SECRET, { ...headers, 'webhook-signature': rotated }, BODY, { now: NOW })).toEqual(
      JSON.parse(BODY),
    );
  });

  it('asks for the raw body when given parsed JSON, and refuses a signed body that is not JSON', () => {
    const parsed = JSON.parse(BODY) as unknown as string;
    expect(codeOf(() => verifyWebhook(SECRET, signed(), parsed, { now: NOW }))).toBe('INVALID_PAYLOAD');
    expect(codeOf(() => verifyWebhook(SECRET, signed({ body: 'not json' }), 'not json', { now: NOW }))).toBe(
      'INVALID_PAYLOAD',
    );
  });

  it('accepts every signed body and secret, and refuses the body with any one byte changed', () => {
    fc.assert(
      fc.property(
        fc.json(),
        fc.string({ minLength: 1 }).filter((s) => !s.startsWith('whsec_')),
        fc.nat(),
        (body, secret, position) => {
          const headers = webhookHeaders({ id: 'msg_p', timestamp: NOW, body, secret });
          expect(verifyWebhook(secret, headers, body, { now: NOW })).toEqual(JSON.parse(body));
          const bytes = Buffer.from(body);
          const index = position % bytes.length;
          bytes[index] = (bytes[index]! + 1) % 256;
          expect(codeOf(() => verifyWebhook(secret, headers, bytes, { now: NOW }))).toBe('INVALID_SIGNATURE');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is the inverse of signPayload for the header it produces', () => {
    const timestamp = Math.floor(NOW.getTime() / 1000);
    const signature = signPayload({ id: 'msg_x', timestamp, body: BODY, secret: SECRET });
    const headers = { 'webhook-id': 'msg_x', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(verifyWebhook(SECRET, headers, BODY, { now: NOW })).toEqual(JSON.parse(BODY));
  });
});

describe('verifyWebhook refuses configurations that would switch checks off', () => {
  const old = () => signed({ timestamp: new Date(NOW.getTime() - 86_400_000) });

  it('throws a RangeError naming toleranceSeconds when it is NaN, negative, infinite or not a number', () => {
    for (const toleranceSeconds of [NaN, -1, Infinity, '300' as unknown as number]) {
      expect(() => verifyWebhook(SECRET, old(), BODY, { now: NOW, toleranceSeconds })).toThrow(RangeError);
      expect(() => verifyWebhook(SECRET, old(), BODY, { now: NOW, toleranceSeconds })).toThrow(
        'options.toleranceSeconds must be a finite number',
      );
    }
    expect(codeOf(() => verifyWebhook(SECRET, signed(), BODY, { now: NOW, toleranceSeconds: 0 }))).toBeUndefined();
  });

  it('throws a RangeError naming now when it is an invalid Date or not a Date', () => {
    for (const now of [new Date('garbage'), NOW.getTime() as unknown as Date]) {
      expect(() => verifyWebhook(SECRET, old(), BODY, { now })).toThrow('options.now must be a valid Date');
    }
  });

  it('reports a missing secret as WebhookSecretError, not a TypeError', () => {
    for (const secret of [undefined, null]) {
      let caught: unknown;
      try {
        verifyWebhook(secret as unknown as string, signed(), BODY, { now: NOW });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(WebhookSecretError);
      expect((caught as WebhookSecretError).code).toBe('EMPTY_SECRET');
    }
  });

  it('reports absent headers as MISSING_HEADERS', () => {
    for (const headers of [undefined, null]) {
      expect(
        codeOf(() => verifyWebhook(SECRET, headers as unknown as Record<string, string>, BODY, { now: NOW })),
      ).toBe('MISSING_HEADERS');
    }
  });
});
