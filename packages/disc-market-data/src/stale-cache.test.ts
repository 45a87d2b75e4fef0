import { StaleCache } from './stale-cache';

describe('StaleCache', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('reuses a value until the TTL has passed, then loads again', async () => {
    const cache = new StaleCache({ ttlMs: 60_000, now: clock });
    let loads = 0;
    const load = async () => ++loads;
    expect((await cache.get('k', load)).value).toBe(1);
    now += 59_999;
    expect((await cache.get('k', load)).value).toBe(1);
    now += 1;
    expect(await cache.get('k', load)).toEqual({ value: 2, fetchedAt: 1_060_000, stale: false });
  });

  it('serves the last good value, marked stale with its fetch time, when a refresh fails', async () => {
    const cache = new StaleCache({ ttlMs: 60_000, failureCooldownMs: 10_000, now: clock });
    await cache.get('k', async () => 'good');
    now += 120_000;
    const boom = new Error('provider down');
    const got = await cache.get('k', async () => {
      throw boom;
    });
    expect(got).toEqual({ value: 'good', fetchedAt: 1_000_000, stale: true, error: boom });
    expect(cache.ageOf('k')).toBe(120_000);
  });

  it('does not ask a failing source again during the cooldown, and does after it', async () => {
    const cache = new StaleCache({ ttlMs: 60_000, failureCooldownMs: 10_000, now: clock });
    await cache.get('k', async () => 'good');
    now += 120_000;
    let calls = 0;
    const failing = async (): Promise<string> => {
      calls++;
      throw new Error('down');
    };
    await cache.get('k', failing);
    now += 9_999;
    expect((await cache.get('k', failing)).stale).toBe(true);
    expect(calls).toBe(1);
    now += 1;
    expect((await cache.get('k', async () => 'back')).value).toBe('back');
  });

  it('rethrows when there is nothing cached', async () => {
    const cache = new StaleCache({ ttlMs: 60_000, now: clock });
    await expect(
      cache.get('k', async () => {
        throw new Error('never fetched');
      }),
    ).rejects.toThrow('never fetched');
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new StaleCache({ ttlMs: 60_000, now: clock });
    let loads = 0;
    const load = () => new Promise<number>((r) => setImmediate(() => r(++loads)));
    const values = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(values.map((v) => v.value)).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });
});
