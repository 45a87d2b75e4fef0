import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MarketDataError } from '@disc/types';
import { FileSnapshotProvider, parseSnapshot, type SnapshotFile } from '@disc/market-data';
import { scratchFolder } from '@fin/test-utils';
import { userSnapshot } from './testing/snapshot';

const snapshot = (): SnapshotFile =>
  userSnapshot(['MYETF'], {
    etf: { expense_ratio: 0.07, aum: 5e9, tracking_error: 0.001, history_years: 10, ucits_compliant: true },
  });

describe('file snapshot provider', () => {
  const dir = scratchFolder('disc-file-');

  it('serves a user snapshot and labels it by file name', async () => {
    const path = join(dir(), 'mine.json');
    writeFileSync(path, JSON.stringify(snapshot()));
    const p = new FileSnapshotProvider(path);
    expect((await p.listInstruments('etf')).map((i) => i.symbol)).toEqual(['MYETF']);
    const ctx = await p.getMarketContext();
    expect(ctx).toMatchObject({
      vix_level: 15,
      interest_rate_environment: 'stable',
      inflation_rate: 0.029,
      risk_free_rate: 0.042,
      sample: false,
      data_source: 'file mine.json',
    });
    expect((await p.metricsFor('myetf'))?.beta).toBeCloseTo(1, 10);
  });

  it('reports a unit mix-up with its JSON path and the expected unit', () => {
    const s = snapshot();
    s.instruments[0]!.etf!.tracking_error = 0.25; // percent number where a fraction belongs
    expect(() => parseSnapshot(s, 'mine.json')).toThrow(
      'Snapshot mine.json is invalid: /instruments/0/etf/tracking_error must be <= 0.2 (fraction: 0.002 means 0.2 %)',
    );
  });

  it('reports yields given in percent and duplicate symbols', () => {
    const s = snapshot();
    s.market.treasury_10y.closes[5] = 4.2;
    expect(() => parseSnapshot(s, 'x')).toThrow(
      '/market/treasury_10y/closes/5 must be <= 0.3 (yield as a fraction: 0.042 means 4.2 %)',
    );
    const d = snapshot();
    d.instruments.push({ ...d.instruments[0]!, symbol: 'myetf' });
    try {
      parseSnapshot(d, 'x');
      throw new Error('expected an error');
    } catch (e) {
      expect(e).toBeInstanceOf(MarketDataError);
      expect((e as MarketDataError).details.errors).toEqual([
        { path: '/instruments/1/symbol', message: "duplicates /instruments/0 ('myetf')" },
      ]);
    }
  });

  it('gives MarketDataError for a missing or malformed file', async () => {
    await expect(new FileSnapshotProvider(join(dir(), 'absent.json')).getMarketContext()).rejects.toThrow(
      MarketDataError,
    );
    writeFileSync(join(dir(), 'bad.json'), '{"format":');
    await expect(new FileSnapshotProvider(join(dir(), 'bad.json')).listInstruments('etf')).rejects.toMatchObject({
      code: 'MARKET_DATA_UNAVAILABLE',
    });
  });

  it('reload() notices a changed file', async () => {
    const path = join(dir(), 'mine.json');
    writeFileSync(path, JSON.stringify(snapshot()));
    const p = new FileSnapshotProvider(path);
    const before = await p.snapshotId();
    expect(await p.reload()).toBe(false);
    const s = snapshot();
    s.instruments[0]!.etf!.expense_ratio = 0.5;
    writeFileSync(path, JSON.stringify(s));
    expect(await p.reload()).toBe(true);
    expect(await p.snapshotId()).not.toBe(before);
    expect((await p.getInstrument('MYETF'))?.etf?.expense_ratio).toBe(0.5);
  });
});
