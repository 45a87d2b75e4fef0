import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_UNIVERSE } from '@disc/market-data';
import { liveConfigFromEnv, marketDataConfigFromEnv, marketDataSource } from './market-data-config';

describe('marketDataConfigFromEnv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'disc-market-data-'));

  it('defaults to the bundled sample snapshot', async () => {
    expect(await marketDataConfigFromEnv({})).toEqual({ provider: 'sample' });
  });

  it('serves a snapshot file', async () => {
    const config = await marketDataConfigFromEnv({
      DISCOVERY_DATA_PROVIDER: 'file',
      DISCOVERY_DATA_FILE: '/data/market.json',
    });
    expect(config).toEqual({ provider: 'file', file: '/data/market.json' });
  });

  it('builds the live provider, requiring a FRED key', async () => {
    await expect(marketDataConfigFromEnv({ DISCOVERY_DATA_PROVIDER: 'live' })).rejects.toMatchObject({
      code: 'MARKET_DATA_UNAVAILABLE',
      details: { variable: 'FRED_API_KEY', reason: 'invalid_configuration' },
    });
    expect(await marketDataConfigFromEnv({ DISCOVERY_DATA_PROVIDER: 'live', FRED_API_KEY: 'k' })).toMatchObject({
      provider: 'live',
      live: { fred: { apiKey: 'k' } },
    });
  });

  it('names the variable of a bad value', async () => {
    await expect(marketDataConfigFromEnv({ DISCOVERY_DATA_PROVIDER: 'yahoo' })).rejects.toThrow(
      "DISCOVERY_DATA_PROVIDER is 'yahoo'; expected one of sample, file, live",
    );
    await expect(liveConfigFromEnv({ FRED_API_KEY: 'k', DISCOVERY_CACHE_TTL_SECONDS: 'soon' })).rejects.toThrow(
      "DISCOVERY_CACHE_TTL_SECONDS is 'soon'; expected a non-negative number",
    );
    await expect(liveConfigFromEnv({ FRED_API_KEY: 'k', COINGECKO_PLAN: 'gold' })).rejects.toThrow(
      "COINGECKO_PLAN is 'gold'; expected public, demo or pro",
    );
  });

  it('reads base URLs, keys and tuning from the environment', async () => {
    const config = await liveConfigFromEnv({
      FRED_API_KEY: 'fred-key',
      FRED_BASE_URL: 'http://127.0.0.1:9001',
      YAHOO_BASE_URL: 'http://127.0.0.1:9002',
      COINGECKO_BASE_URL: 'http://127.0.0.1:9003',
      COINGECKO_API_KEY: 'cg-key',
      COINGECKO_PLAN: 'pro',
      DISCOVERY_CACHE_TTL_SECONDS: '600',
      DISCOVERY_HTTP_TIMEOUT_MS: '5000',
      DISCOVERY_HTTP_RETRIES: '2',
      DISCOVERY_BENCHMARK: 'VOO',
    });
    expect(config).toEqual({
      universe: DEFAULT_UNIVERSE,
      benchmark: 'VOO',
      yahoo: { baseUrl: 'http://127.0.0.1:9002' },
      coingecko: { baseUrl: 'http://127.0.0.1:9003', apiKey: 'cg-key', plan: 'pro' },
      fred: { baseUrl: 'http://127.0.0.1:9001', apiKey: 'fred-key' },
      cacheTtlMs: 600_000,
      timeoutMs: 5000,
      retries: 2,
    });
  });

  it('reads a universe file and names the entry that is wrong', async () => {
    const good = join(dir, 'universe.json');
    writeFileSync(
      good,
      JSON.stringify({
        etf: ['VOO', { symbol: 'CSPX.L', ucits_compliant: true }],
        stock: ['MSFT'],
        crypto: ['bitcoin'],
      }),
    );
    expect((await liveConfigFromEnv({ FRED_API_KEY: 'k', DISCOVERY_UNIVERSE_FILE: good })).universe.etf).toEqual([
      'VOO',
      { symbol: 'CSPX.L', ucits_compliant: true },
    ]);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ etf: ['VOO', { ticker: 'IVV' }] }));
    await expect(liveConfigFromEnv({ FRED_API_KEY: 'k', DISCOVERY_UNIVERSE_FILE: bad })).rejects.toThrow(
      `Universe ${bad}: /etf/1 must be a non-empty string or an object with a 'symbol'`,
    );
    await expect(
      liveConfigFromEnv({ FRED_API_KEY: 'k', DISCOVERY_UNIVERSE_FILE: join(dir, 'missing.json') }),
    ).rejects.toMatchObject({ details: { variable: 'DISCOVERY_UNIVERSE_FILE' } });
  });
});

describe('marketDataSource', () => {
  it('names the configured market data for the first-start banner', () => {
    expect(marketDataSource({})).toMatch(/bundled SAMPLE snapshot/);
    expect(marketDataSource({ DISCOVERY_DATA_PROVIDER: ' Live ' })).toMatch(/^live, from Yahoo Finance/);
    expect(marketDataSource({ DISCOVERY_DATA_PROVIDER: 'file', DISCOVERY_DATA_FILE: '/data/snap.json' })).toBe(
      'the snapshot file /data/snap.json (DISCOVERY_DATA_PROVIDER=file)',
    );
  });
});
