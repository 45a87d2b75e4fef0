import { InvestmentDiscoveryCrew } from '@disc/discovery';
import { loadConfig } from '../config';
import { sdkEngine } from '../discovery/sdk-engine';
import { silentLogger } from '../logging';
import { callApi } from '../test-support/api';
import { readOwner } from './owner-lock';
import { startServer } from './serve';
import { scratchFolder } from '@fin/test-utils';

describe('startServer on the embedded database', () => {
  const dataDir = scratchFolder('discovery-serve-', { per: 'block' });

  it('prints a working development token once, and lets an in-flight request finish on close', async () => {
    // A criteria call that waits until the test releases it: the request is in flight
    // when close() is called.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const engine = sdkEngine(new InvestmentDiscoveryCrew());
    const slowEngine = {
      ...engine,
      criteria: async (assetType: 'etf' | 'stock' | 'crypto') => {
        entered();
        await gate;
        return engine.criteria(assetType);
      },
    };
    const announced: string[] = [];
    const config = { ...loadConfig({ DISCOVERY_DATA_DIR: dataDir() }), port: 0 };
    const server = await startServer(config, {
      engineFactory: () => slowEngine,
      logger: silentLogger(),
      announce: (text) => announced.push(text),
    });
    expect((await readOwner(dataDir()))?.port).toBe(server.port);
    const token = /(disc_[A-Za-z0-9_-]{43})/.exec(announced.join(''))?.[1];
    expect(token).toBeDefined();
    expect(announced.join('')).toContain('Market data: the bundled SAMPLE snapshot (synthetic, not live market data).');

    const pending = callApi(server.url, 'GET', '/v1/discovery/criteria/etf', { token: token! });
    await inside;
    const closed = server.close();
    release();
    const response = await pending;
    expect([response.status, response.body.asset_type]).toEqual([200, 'etf']);
    await closed;
    expect(await readOwner(dataDir())).toBeUndefined();

    // Second start: the token exists, so nothing is printed.
    const again = await startServer(config, {
      engineFactory: () => engine,
      logger: silentLogger(),
      announce: (text) => announced.push(text),
    });
    await again.close();
    expect(announced).toHaveLength(1);
  }, 60_000);
});

describe('the first-start banner', () => {
  const dataDir = scratchFolder('discovery-banner-', { per: 'test' });

  it('names the market data the server uses, not always the sample', async () => {
    const announced: string[] = [];
    const server = await startServer(
      { ...loadConfig({ DISCOVERY_DATA_DIR: dataDir() }), port: 0 },
      {
        engineFactory: () => sdkEngine(new InvestmentDiscoveryCrew()),
        logger: silentLogger(),
        announce: (text) => announced.push(text),
        marketData: 'live, from Yahoo Finance, CoinGecko and FRED (DISCOVERY_DATA_PROVIDER=live)',
      },
    );
    await server.close();
    expect(announced.join('')).toContain(
      'Market data: live, from Yahoo Finance, CoinGecko and FRED (DISCOVERY_DATA_PROVIDER=live).',
    );
    expect(announced.join('')).not.toContain('SAMPLE');
  }, 60_000);
});
