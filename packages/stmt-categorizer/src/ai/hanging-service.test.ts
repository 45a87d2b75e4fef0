import type { Socket } from 'node:net';
import { startSilentServer, type SilentServer } from '@fin/test-utils';
import { RecordingLogger } from '../../test/recording-logger';
import { AiClient } from './client';
import { AiTier } from './tier';

// A service that accepts connections and never answers: the wait for it is bounded by the
// timeout in all (not once per attempt), a warning says it is slow, and once it is given up the
// other requests are cancelled or never sent. Durations are only bounded generously, never asserted.

let silent: SilentServer;
let connections: Socket[] = [];
let url: string;

beforeEach(async () => {
  silent = await startSilentServer();
  ({ connections, url } = silent);
});

afterEach(() => silent.close());

function tierFor(
  logger: RecordingLogger,
  options: { timeoutMs: number; batchSize?: number; requestsPerMinute?: number },
) {
  const client = new AiClient(
    {
      enabled: true,
      baseUrl: `${url}/`,
      model: 'm',
      apiKey: 'sk-test-hanging',
      requestsPerMinute: options.requestsPerMinute ?? 6000,
      timeoutMs: options.timeoutMs,
      maxRetries: 3,
    },
    logger,
    async () => undefined,
    { slowNoticeMs: 200 },
  );
  return new AiTier(client, logger, options.batchSize);
}

describe('AI tier against a service that never answers', () => {
  it('waits the timeout once, warns that the service is slow, and names its URL in both lines', async () => {
    const logger = new RecordingLogger();
    const started = Date.now();
    const decisions = await tierFor(logger, { timeoutMs: 1500 }).decide(
      [{ party: 'Qwerty Lodge', creditDebit: 'DBIT' }],
      ['Travel'],
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(decisions).toEqual([undefined]);
    // One attempt: retrying a request that used up the whole timeout would multiply the wait.
    expect(connections).toHaveLength(1);
    expect(logger.lines.filter((line) => line.level === 'warn')).toEqual([
      {
        level: 'warn',
        message: `ai service at ${url} has not answered for 0.2 s; waiting at most 1.5 s in all for it, then going on without it`,
        meta: { code: 'AI_SLOW', url, timeoutMs: 1500 },
      },
    ]);
    expect(logger.at('error')).toEqual([
      `ai service at ${url} did not answer within 1.5 s (1 attempt); continuing without the AI service`,
    ]);
    expect(logger.dump()).not.toContain('sk-test-hanging');
  });

  it('gives the service up for the run after the first failure: the other batches are cancelled or never sent', async () => {
    const logger = new RecordingLogger();
    // One party a batch, one request a second: without giving up, ten batches would take ten timeouts in turn.
    const tier = tierFor(logger, { timeoutMs: 1500, batchSize: 1, requestsPerMinute: 60 });
    const parties = Array.from({ length: 10 }, (_, i) => ({
      party: `Hotel ${String.fromCharCode(97 + i)}`,
      creditDebit: 'DBIT' as const,
    }));
    const started = Date.now();
    const decisions = await tier.decide(parties, ['Travel']);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(decisions.every((decision) => decision === undefined)).toBe(true);
    expect(connections.length).toBeLessThan(parties.length);
    expect(logger.at('error')).toHaveLength(1);
    // Asked again later in the run, the service is not contacted.
    const before = connections.length;
    await tier.decide([{ party: 'Another Inn', creditDebit: 'DBIT' }], ['Travel']);
    expect(connections).toHaveLength(before);
  });
});
