import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiscoveryApiError, DiscoveryClient } from '@disc/client';
import { embeddedApiEnv, startReceiver, type TestReceiver } from '@fin/test-utils';

const ROOT = join(__dirname, '..', '..', '..');
const BIN = join(ROOT, 'apps', 'discovery-api', 'bin', 'run.js');
const PACKAGE = join(__dirname, '..');

interface Spawned {
  url: string;
  token: string;
  child: ChildProcess;
}

/** The real API (`discovery-api serve`) on the embedded database in a temporary folder; the
 * first start prints a development token. Needs `pnpm run build`. */
async function spawnApi(dataDir: string, rateLimits: object): Promise<Spawned> {
  if (!existsSync(join(ROOT, 'apps', 'discovery-api', 'dist', 'commands', 'serve.js')))
    throw new Error('run `pnpm run build` first');
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: embeddedApiEnv(dataDir, { DISCOVERY_RATE_LIMITS: JSON.stringify(rateLimits) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];
      const token = /(disc_[A-Za-z0-9_-]{43})/.exec(output)?.[1];
      if (url !== undefined && token !== undefined && output.includes('"listening"')) resolve({ url, token, child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
}

let dataDir: string;
let api: Spawned;
let client: DiscoveryClient;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'disc-client-'));
  api = await spawnApi(dataDir, { monitor: { limit: 8 }, discover: { limit: 100 } });
  client = new DiscoveryClient({ baseUrl: api.url, apiKey: api.token });
}, 90_000);
afterAll(async () => {
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('DiscoveryClient against a spawned server', () => {
  it('discoverStocks sends camelCase criteria as the API names them', async () => {
    const result = await client.discoverStocks({
      minRoe: 0.25,
      minMarketCapBillions: 5.0,
      maxResults: 20,
      minScore: 0,
    });
    expect(result.asset_type).toBe('stock');
    expect(result.a_plus_candidates.length).toBeGreaterThan(0);
    expect(result.a_plus_candidates.length).toBeLessThanOrEqual(20);
    expect(result.market_context.data_source).toContain('SAMPLE DATA');
    const etfs = await client.discoverEtfs({
      maxExpenseRatio: 0.1,
      minAumBillions: 2.0,
      regions: ['US'],
      minScore: 0,
      maxResults: 3,
    });
    expect(etfs.a_plus_candidates.every((a) => a.candidate.asset_type === 'etf')).toBe(true);
  });

  it('monitorInvestments answers each symbol in order', async () => {
    const statuses = await client.monitorInvestments(['AAPL', 'MSFT', 'GOOGL']);
    expect(statuses.map((s) => s.symbol)).toEqual(['AAPL', 'MSFT', 'GOOGL']);
    expect(statuses[0]!.grade_history.length).toBeGreaterThan(0);
  });

  it('batchDiscover, criteria and integrateDiscoveries', async () => {
    const batch = await client.batchDiscover({
      asset_types: ['etf', 'crypto'],
      global_criteria: { min_score: 0, max_results_per_type: 2 },
    });
    expect(Object.keys(batch.results).sort()).toEqual(['crypto', 'etf']);
    const criteria = await client.criteria('etf');
    expect(criteria.criteria).toHaveProperty('max_expense_ratio');
    const plan = await client.integrateDiscoveries({
      current_portfolio: {
        holdings: [{ symbol: 'VTI', shares: 100, current_value: 24500 }],
        cash: 5000,
        total_value: 29500,
      },
      discoveries: [{ symbol: 'VXUS', recommended_allocation: 0.1, replacement_for: null }],
      constraints: { max_transaction_cost: 100 },
    });
    expect(plan.trades[0]).toMatchObject({ action: 'buy', symbol: 'VXUS' });
  });

  it('webhooks.create / list / delete', async () => {
    const created = await client.webhooks.create({
      url: 'https://93.184.216.34/hook',
      events: ['grade_change'],
      secret: 'a-long-enough-secret',
    });
    expect((await client.webhooks.list()).map((w) => w.id)).toContain(created.id);
    expect((await client.webhooks.deliveries(created.id, { limit: 5 })).next_cursor).toBeNull();
    await client.webhooks.delete(created.id);
    await expect(client.webhooks.get(created.id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('priceHistory and marketContext (sample data, labelled)', async () => {
    const history = await client.priceHistory('msft', 60);
    expect(history).toMatchObject({ symbol: 'MSFT', sample: true });
    expect(history.prices).toHaveLength(60);
    expect(history.prices[59]!.sma_200).toEqual(expect.any(Number));
    const context = await client.marketContext();
    expect([context.sample, context.as_of]).toEqual([true, history.as_of]);
  });

  it('throws DiscoveryApiError with the envelope code and request id', async () => {
    const error = (await client.discoverEtfs({ minScore: 2 }).catch((e: unknown) => e)) as DiscoveryApiError;
    expect(error).toBeInstanceOf(DiscoveryApiError);
    expect([error.status, error.code, error.details.location]).toEqual([400, 'VALIDATION_ERROR', 'body']);
    expect(error.requestId).toMatch(/\S+/);
  });

  it('runs the README example', () => {
    const example = readFileSync(join(PACKAGE, 'examples', 'quick-start.mjs'), 'utf8');
    expect(readFileSync(join(PACKAGE, 'README.md'), 'utf8')).toContain(example.trim());
    const run = spawnSync(process.execPath, [join(PACKAGE, 'examples', 'quick-start.mjs')], {
      env: { ...process.env, DISCOVERY_URL: api.url, DISCOVERY_TOKEN: api.token },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/A\+ stocks out of \d+ screened/);
    expect(run.stdout).toMatch(/404 SYMBOL_NOT_FOUND \(request \S+\)/);
  });
  // Last: it spends the token's monitor budget.
  it('does not wait out an hour-long rate-limit window: 429 is thrown with Retry-After', async () => {
    let error: unknown;
    for (let i = 0; i < 10 && error === undefined; i += 1)
      error = await client.monitorInvestment('VTI').then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
    expect((error as DiscoveryApiError).retryAfterSeconds).toBeGreaterThan(60);
  });
});

describe('retries (a loopback server that answers 503, then 200)', () => {
  let server: TestReceiver;
  let seen: string[];
  let answers: { status: number; retryAfter?: string }[];
  let baseUrl: string;
  beforeAll(async () => {
    server = await startReceiver((request, _index, res) => {
      seen.push(request.body);
      const answer = answers.shift() ?? { status: 200 };
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-request-id': `req_${seen.length}`,
      };
      if (answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
      res.writeHead(answer.status, headers);
      res.end(
        answer.status === 200
          ? JSON.stringify({ criteria: {} })
          : JSON.stringify({
              error: {
                code: 'DATABASE_UNAVAILABLE',
                message: 'down',
                details: {},
                timestamp: new Date().toISOString(),
                request_id: `req_${seen.length}`,
              },
            }),
      );
      return answer.status;
    });
    baseUrl = server.urlFor('');
  });
  afterAll(() => server.close());
  beforeEach(() => {
    seen = [];
  });

  it('retries 503 after Retry-After, sending the body again', async () => {
    answers = [
      { status: 503, retryAfter: '0' },
      { status: 503, retryAfter: '0' },
    ];
    const retrying = new DiscoveryClient({ baseUrl, apiKey: 'x' });
    await retrying.batchDiscover({ asset_types: ['etf'] });
    expect(seen).toEqual(Array(3).fill('{"asset_types":["etf"]}'));
  });

  it('stops after maxRetries and throws the last answer', async () => {
    answers = [
      { status: 503, retryAfter: '0' },
      { status: 503, retryAfter: '0' },
      { status: 503, retryAfter: '0' },
    ];
    const bounded = new DiscoveryClient({ baseUrl, apiKey: 'x', retry: { maxRetries: 2 } });
    await expect(bounded.criteria('etf')).rejects.toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      requestId: 'req_3',
    });
    expect(seen).toHaveLength(3);
  });
});

describe('generated types', () => {
  it('src/generated/api.ts is up to date with docs/openapi.json (else `pnpm -F @disc/client generate`)', () => {
    const script = join(PACKAGE, 'scripts', 'generate.mjs');
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { render } from ${JSON.stringify(script)}; process.stdout.write(await render());`,
      ],
      { encoding: 'utf8', cwd: PACKAGE },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(readFileSync(join(PACKAGE, 'src', 'generated', 'api.ts'), 'utf8'));
  });
});
