import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Categorizer } from '@stmt/categorizer';
import type { AiOptions } from '@stmt/categorizer';
import { answerWith, chatCompletion, sentTransactions, startFakeChatServer } from '@fin/test-utils';
import type { FakeChatServer, Script } from '@fin/test-utils';
import { RecordingLogger } from '../../test/recording-logger';

const KEY = 'sk-test-9f8e7d6c5b4a-secret';
const CATEGORIES =
  'categories:\n  - name: Groceries\n    keywords: [supermarket]\n  - name: Travel\n    keywords: [hotel]\n  - name: Subscriptions\n    keywords: [subscription]\n';
const known: Record<string, string> = {
  'Corner Shop Ltd': 'Groceries',
  'Grand Palace': 'Travel',
  StreamCo: 'Subscriptions',
};

let dir: string;
let server: FakeChatServer | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'categorizer-ai-'));
  await writeFile(join(dir, 'categories.yaml'), CATEGORIES);
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setUp(script: Script, ai: Partial<AiOptions> = {}) {
  server = await startFakeChatServer(script);
  const logger = new RecordingLogger();
  const sleeps: number[] = [];
  const categorizer = await Categorizer.load({
    databaseDir: dir,
    logger,
    sleep: async (ms) => void sleeps.push(ms),
    ai: {
      enabled: true,
      baseUrl: server.baseUrl,
      model: 'test-model',
      apiKey: KEY,
      requestsPerMinute: 6000,
      timeoutMs: 2000,
      maxRetries: 2,
      ...ai,
    },
  });
  return { categorizer, logger, sleeps, server };
}

const rows = [
  { party: 'Corner Shop Ltd', creditDebit: 'DBIT' as const, text: 'Card payment 12.03.' },
  { party: 'Grand Palace', creditDebit: 'DBIT' as const },
  { party: 'StreamCo', creditDebit: 'DBIT' as const },
];

describe('AI tier against a loopback chat-completions server', () => {
  it('batches parties into one request with the bearer key and accepts known categories', async () => {
    const { categorizer, server } = await setUp(answerWith((t) => known[t.party] ?? 'Uncategorized'));
    const decisions = await categorizer.categorizeMany(rows);
    expect(decisions.map((d) => [d.category, d.tier])).toEqual([
      ['Groceries', 'ai'],
      ['Travel', 'ai'],
      ['Subscriptions', 'ai'],
    ]);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body.model).toBe('test-model');
    expect(sentTransactions(request!).map((t) => [t.party, t.direction])).toEqual([
      ['Corner Shop Ltd', 'debit'],
      ['Grand Palace', 'debit'],
      ['StreamCo', 'debit'],
    ]);
    expect(categorizer.pendingMappings().map((m) => [m.party, m.category, m.file, m.tier])).toContainEqual([
      'Grand Palace',
      'Travel',
      'debtors.yaml',
      'ai',
    ]);
  });

  it('asks once per distinct party and remembers the answer for the run', async () => {
    const { categorizer, server } = await setUp(answerWith((t) => known[t.party] ?? 'Uncategorized'));
    await categorizer.categorizeMany([rows[1]!, rows[1]!, rows[1]!]);
    const again = await categorizer.categorize(rows[1]!);
    expect(again.category).toBe('Travel');
    expect(server.requests).toHaveLength(1);
    expect(sentTransactions(server.requests[0]!)).toHaveLength(1);
  });

  it('splits large sets into batches of batchSize', async () => {
    const { categorizer, server } = await setUp(
      answerWith(() => 'Groceries'),
      { batchSize: 2 },
    );
    const many = Array.from({ length: 5 }, (_, i) => ({
      party: `Shop number ${String.fromCharCode(97 + i)}`,
      creditDebit: 'DBIT' as const,
    }));
    const decisions = await categorizer.categorizeMany(many);
    expect(decisions.every((d) => d.tier === 'ai')).toBe(true);
    expect(server.requests.map((r) => sentTransactions(r).length).sort()).toEqual([1, 2, 2]);
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    const ok = answerWith((t) => known[t.party] ?? 'Uncategorized');
    const { categorizer, sleeps, server } = await setUp((req, i) =>
      i === 0
        ? { status: 429, headers: { 'retry-after': '3' }, body: { error: { message: 'slow down' } } }
        : ok(req, i),
    );
    const decision = await categorizer.categorize(rows[0]!);
    expect(decision).toMatchObject({ category: 'Groceries', tier: 'ai' });
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  it('retries a 500 with backoff and gives up after maxRetries, logging ai service at ERROR without the key', async () => {
    const { categorizer, logger, sleeps, server } = await setUp(
      () => ({ status: 500, body: { error: { message: 'boom' } } }),
      { maxRetries: 2 },
    );
    const decisions = await categorizer.categorizeMany(rows);
    expect(decisions.map((d) => d.tier)).toEqual(['fallback', 'fallback', 'fallback']);
    expect(decisions[0]?.category).toBe('Uncategorized');
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeGreaterThanOrEqual(sleeps[0]! / 2);
    expect(logger.at('error')).toEqual([
      expect.stringContaining(`ai service at ${server.baseUrl} answered HTTP 500 after 3 attempts`),
    ]);
    expect(logger.dump()).not.toContain(KEY);
    expect(logger.dump()).not.toContain('Bearer');
  });

  it('does not ask a failed service again during the same run', async () => {
    const { categorizer, server } = await setUp(() => ({ status: 503 }), { maxRetries: 0 });
    await categorizer.categorize(rows[0]!);
    await categorizer.categorize(rows[1]!);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a 401 and reports it', async () => {
    const { categorizer, logger, server } = await setUp(() => ({
      status: 401,
      body: { error: { message: 'bad key' } },
    }));
    expect((await categorizer.categorize(rows[0]!)).tier).toBe('fallback');
    expect(server.requests).toHaveLength(1);
    expect(logger.at('error')[0]).toMatch(/^ai service at http:\/\/127\.0\.0\.1:\d+\/v1 answered HTTP 401/);
  });

  it('times out a slow answer once, within timeoutMs in all, and continues without the service', async () => {
    const { categorizer, logger, server } = await setUp(
      () => ({ delayMs: 5000, body: chatCompletion('{"results":[]}') }),
      { timeoutMs: 100, maxRetries: 1 },
    );
    const decision = await categorizer.categorize(rows[0]!);
    expect(decision.tier).toBe('fallback');
    // The one attempt spent the whole time allowed: a retry would double the wait for nothing.
    expect(server.requests).toHaveLength(1);
    expect(logger.at('error')).toEqual([
      `ai service at ${server.baseUrl} did not answer within 0.1 s (1 attempt); continuing without the AI service`,
    ]);
    expect(logger.dump()).not.toContain(KEY);
  });

  it('reports an unreachable service', async () => {
    const { categorizer, logger } = await setUp(
      answerWith(() => 'Groceries'),
      { maxRetries: 0 },
    );
    await server!.close();
    expect((await categorizer.categorize(rows[0]!)).tier).toBe('fallback');
    expect(logger.at('error')[0]).toMatch(/^ai service at http:\/\/127\.0\.0\.1:\d+\/v1 unreachable \(ECONNREFUSED\)/);
    expect(logger.dump()).not.toContain(KEY);
  });

  it('treats malformed content as a failed batch, not a crash', async () => {
    const { categorizer, logger } = await setUp(() => ({ body: chatCompletion('Sure! Groceries, I think.') }));
    expect((await categorizer.categorize(rows[0]!)).tier).toBe('fallback');
    expect(logger.at('error')[0]).toMatch(/^ai service answer is malformed: content is not JSON/);
  });

  it('treats a body outside the chat-completions shape as a failure', async () => {
    const { categorizer, logger, server } = await setUp(() => ({ raw: '<html>gateway</html>' }));
    expect((await categorizer.categorize(rows[0]!)).tier).toBe('fallback');
    expect(server.requests).toHaveLength(1);
    expect(logger.at('error')[0]).toMatch(/^ai service at \S+: answer is not in the chat-completions shape/);
  });

  it('reads an answer inside a Markdown code fence', async () => {
    const fenced = '```json\n{"results":[{"id":0,"category":"travel","confidence":0.95}]}\n```';
    const { categorizer } = await setUp(() => ({ body: chatCompletion(fenced) }));
    expect(await categorizer.categorize(rows[1]!)).toEqual({ category: 'Travel', tier: 'ai', confidence: 0.95 });
  });

  it('rejects unknown categories and keeps the known ones', async () => {
    const { categorizer, logger } = await setUp(
      answerWith((t) => (t.party === 'StreamCo' ? 'Streaming Services' : known[t.party]!)),
    );
    const decisions = await categorizer.categorizeMany(rows);
    expect(decisions.map((d) => d.category)).toEqual(['Groceries', 'Travel', 'Uncategorized']);
    expect(logger.at('warn')[0]).toContain('Streaming Services');
  });
});

describe('AI tier switched off', () => {
  it.each([
    ['disabled', { enabled: false, apiKey: KEY }],
    ['without a key', { enabled: true }],
  ])('sends nothing when %s', async (_, ai) => {
    const { categorizer: _unused, server } = await setUp(answerWith(() => 'Groceries'));
    const categorizer = await Categorizer.load({
      databaseDir: dir,
      ai: { baseUrl: server.baseUrl, model: 'm', requestsPerMinute: 60, ...ai },
    });
    expect((await categorizer.categorize(rows[0]!)).tier).toBe('fallback');
    expect(server.requests).toHaveLength(0);
  });
});

describe('AI rate limit', () => {
  it('never lets the server see more than requestsPerMinute requests in one window', async () => {
    const windowMs = 600;
    const limit = 3;
    const { categorizer, server } = await setUp(
      answerWith(() => 'Groceries'),
      { requestsPerMinute: limit, windowMs, batchSize: 1 },
    );
    const parties = Array.from({ length: 10 }, (_, i) => ({
      party: `Market ${String.fromCharCode(97 + i)}`,
      creditDebit: 'DBIT' as const,
    }));
    const decisions = await categorizer.categorizeMany(parties);
    expect(decisions.every((d) => d.tier === 'ai')).toBe(true);
    const arrivals = server.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(arrivals).toHaveLength(10);
    // Counted on the server: the most requests inside any window starting at an arrival.
    // The window is shortened by 20 % so that delivery jitter on a busy machine cannot make a
    // correct client fail; a client without the limit sends all ten at once.
    const busiest = Math.max(
      ...arrivals.map((start) => arrivals.filter((t) => t >= start && t < start + windowMs * 0.8).length),
    );
    expect(busiest).toBeLessThanOrEqual(limit);
  });
});
