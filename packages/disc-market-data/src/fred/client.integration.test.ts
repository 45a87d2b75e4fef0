import { FredClient } from './client';
import type { MarketDataError } from '@disc/types';
import { FakeServer } from '../testing/fake-server';
import { FRED_TEST_KEY, fredRoute, standardFredSeries } from '../testing/fred-fixtures';
import { TEST_NOW } from '../testing/series';

describe('FredClient against a fake FRED', () => {
  let server: FakeServer;
  const tuning = { timeoutMs: 2000, retry: { retries: 0 }, now: () => TEST_NOW };
  const fred = (apiKey = FRED_TEST_KEY) =>
    new FredClient({ baseUrl: server.baseUrl, apiKey, requestsPerMinute: 60_000 }, tuning);

  const series = standardFredSeries();
  beforeAll(async () => {
    server = await FakeServer.start(fredRoute(series));
  });
  afterAll(() => server.close());

  it('asks for JSON observations since two years ago, with the key, and drops "." values', async () => {
    const vix = await fred().vix();
    const req = server.requests.find((r) => r.query.get('series_id') === 'VIXCLS');
    expect(req?.query.get('file_type')).toBe('json');
    expect(req?.query.get('observation_start')).toBe('2024-11-21');
    expect(req?.query.get('api_key')).toBe(FRED_TEST_KEY);
    expect(vix.dates).not.toContain('2025-12-25');
    expect(vix.dates).toContain('2025-12-24');
  });

  it('serves the 10-year yield as a fraction', async () => {
    const y = await fred().treasury10y();
    const raw = series[1]?.observations.find(([d]) => d === y.start)?.[1] as string; // e.g. "3.59"
    // Percent to fraction by moving the decimal point in the text: "3.59" → 0.0359 exactly.
    expect(y.closes[0]).toBe(Number(`0.0${raw.replace('.', '')}`));
    expect(Math.max(...y.closes)).toBeLessThan(0.2);
  });

  it('derives inflation year over year from the monthly index', async () => {
    const cpi = await fred().inflation();
    expect(cpi.start).toBe('2023-12'); // the index since 2022-12, so changes from 2023-12
    expect(cpi.values[cpi.values.length - 1]).toBeCloseTo(1.0025 ** 12 - 1, 4);
  });

  it("turns FRED's 400 for a bad key into MarketDataError without the key", async () => {
    const wrong = 'wrongkey0123456789wrongkey012345';
    const error = (await fred(wrong)
      .vix()
      .catch((e: unknown) => e)) as MarketDataError;
    expect(error.details).toMatchObject({ provider: 'fred', reason: 'rejected', status: 400 });
    expect(error.message).toContain('The value for variable api_key is not registered');
    expect(JSON.stringify([error.message, error.details])).not.toContain(wrong);
  });
});
