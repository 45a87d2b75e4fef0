import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerWith, startFakeChatServer } from '@fin/test-utils';
import { runCli, runCliAsync } from '../../test/run-cli';

// Spawns the built binary: run `pnpm run build` first.
describe('stmt categorize', () => {
  it('answers from the shipped database with tier and confidence', () => {
    const run = runCli(['categorize', '--party', 'REWE Markt GmbH']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      'category:   Groceries\ntier:       mapping (exact party mapping "rewe markt gmbh")\nconfidence: 1.00\n',
    );
  });

  it('prints JSON and honours --credit', () => {
    const run = runCli(['categorize', '--party', 'ACME GmbH', '--text', 'Salary November', '--credit', '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      party: 'ACME GmbH',
      credit_debit: 'CRDT',
      category: 'Salary',
      tier: 'rule',
      confidence: 0.9,
      matched: 'salary',
    });
  });

  it('lets --database override the shipped files', () => {
    const database = mkdtempSync(join(tmpdir(), 'stmt-db-'));
    writeFileSync(join(database, 'debtors.yaml'), 'rewe markt gmbh: Household\n');
    const run = runCli(['categorize', '--party', 'REWE MARKT GMBH', '--database', database, '--json']);
    expect(JSON.parse(run.stdout)).toMatchObject({ category: 'Household', tier: 'mapping' });
  });

  it('exits 6 naming the file when a database file is broken', () => {
    const database = mkdtempSync(join(tmpdir(), 'stmt-db-'));
    writeFileSync(join(database, 'creditors.yaml'), '- not a map\n');
    const run = runCli(['categorize', '--party', 'x', '--database', database]);
    expect(run.status).toBe(6);
    expect(run.stderr).toContain(join(database, 'creditors.yaml'));
  });

  it('uses the AI service for an unknown party, and on failure logs "ai service" at ERROR without the key', async () => {
    const key = 'sk-cli-test-0a1b2c3d';
    const good = await startFakeChatServer(answerWith(() => 'Travel'));
    const bad = await startFakeChatServer(() => ({ status: 401 }));
    try {
      const env = { AI_API_KEY: key, CAMT_AI_MODEL: 'test-model', LOG_LEVEL: 'debug' };
      const ok = await runCliAsync(['categorize', '--party', 'Qwerty Lodge', '--json'], {
        env: { ...env, CAMT_AI_BASE_URL: good.baseUrl },
      });
      expect(JSON.parse(ok.stdout)).toMatchObject({ category: 'Travel', tier: 'ai' });
      expect(good.requests[0]?.headers.authorization).toBe(`Bearer ${key}`);

      const failed = await runCliAsync(['categorize', '--party', 'Qwerty Lodge', '--json'], {
        env: { ...env, CAMT_AI_BASE_URL: bad.baseUrl },
      });
      expect(failed.status).toBe(0);
      expect(JSON.parse(failed.stdout)).toMatchObject({ category: 'Uncategorized', tier: 'fallback' });
      expect(failed.stderr).toMatch(/error ai service at http:\/\/127\.0\.0\.1:\d+\/v1 answered HTTP 401/);
      expect(failed.stdout + failed.stderr).not.toContain(key);
    } finally {
      await good.close();
      await bad.close();
    }
  });

  it('sends nothing to the AI service when CAMT_AI_ENABLED=false, even with a key', async () => {
    const server = await startFakeChatServer(answerWith(() => 'Travel'));
    try {
      const run = await runCliAsync(['categorize', '--party', 'Qwerty Lodge', '--json'], {
        env: { AI_API_KEY: 'sk-x', CAMT_AI_ENABLED: 'false', CAMT_AI_BASE_URL: server.baseUrl },
      });
      expect(JSON.parse(run.stdout)).toMatchObject({ tier: 'fallback' });
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
