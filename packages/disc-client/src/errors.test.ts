import { apiErrorOf, DiscoveryApiError, retryAfterSeconds } from './errors';

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, statusText: 'Bad Gateway', headers });

describe('apiErrorOf', () => {
  it('keeps a code of the API and its envelope fields', () => {
    const error = apiErrorOf(answer(404), {
      error: { code: 'SYMBOL_NOT_FOUND', message: 'no', details: { symbol: 'X' }, request_id: 'r1' },
    });
    expect(error).toBeInstanceOf(DiscoveryApiError);
    expect([error.name, error.code, error.reportedCode, error.status, error.requestId, error.details]).toEqual([
      'DiscoveryApiError',
      'SYMBOL_NOT_FOUND',
      'SYMBOL_NOT_FOUND',
      404,
      'r1',
      { symbol: 'X' },
    ]);
  });

  it('answers HTTP_ERROR for a body that is not the envelope', () => {
    const error = apiErrorOf(answer(502, { 'x-request-id': 'r2', 'retry-after': '7' }), '<html>');
    expect([error.code, error.reportedCode, error.message, error.requestId, error.retryAfterSeconds]).toEqual([
      'HTTP_ERROR',
      undefined,
      'The API answered 502 Bad Gateway.',
      'r2',
      7,
    ]);
  });

  it('answers HTTP_ERROR for a code this client does not know, keeping it as reportedCode', () => {
    const error = apiErrorOf(answer(400), { error: { code: 'SOMETHING_NEW', message: 'new' } });
    expect([error.code, error.reportedCode, error.message]).toEqual(['HTTP_ERROR', 'SOMETHING_NEW', 'new']);
  });
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates as whole seconds, rounded up, never negative', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const read = (header: string | null) => retryAfterSeconds(header, now);
    expect([read('120'), read(' 3 '), read('Wed, 25 Nov 2026 12:00:01 GMT')]).toEqual([120, 3, 1]);
    expect([read('Wed, 25 Nov 2026 11:59:00 GMT'), read('soon'), read(''), read(null)]).toEqual([
      0,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
