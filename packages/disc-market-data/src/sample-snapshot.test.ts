import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_DATA_LABEL, SAMPLE_SNAPSHOT_PATH, SampleSnapshotProvider, SNAPSHOT_SCHEMA } from '@disc/market-data';

describe('bundled sample snapshot', () => {
  const provider = new SampleSnapshotProvider();

  it('has at least 120 ETFs, 250 stocks and 60 crypto assets', async () => {
    expect((await provider.listInstruments('etf')).length).toBeGreaterThanOrEqual(120);
    expect((await provider.listInstruments('stock')).length).toBeGreaterThanOrEqual(250);
    expect((await provider.listInstruments('crypto')).length).toBeGreaterThanOrEqual(60);
  });

  it('is labelled as sample data in the file, every name and the market context', async () => {
    const raw = JSON.parse(readFileSync(SAMPLE_SNAPSHOT_PATH, 'utf8')) as { sample: boolean; description: string };
    expect(raw.sample).toBe(true);
    expect(raw.description).toMatch(/^SAMPLE DATA/);
    expect(await provider.isSample()).toBe(true);
    for (const t of ['etf', 'stock', 'crypto'] as const) {
      for (const i of await provider.listInstruments(t)) expect(i.name).toContain('(SAMPLE DATA)');
    }
    const ctx = await provider.getMarketContext();
    expect(ctx.sample).toBe(true);
    expect(ctx.data_source).toBe(SAMPLE_DATA_LABEL);
    expect(provider.name).toBe('sample snapshot');
  });

  it('carries at least three years of daily prices for the benchmark and every stock', async () => {
    expect((await provider.getBenchmark()).closes.length).toBeGreaterThanOrEqual(783);
    for (const s of await provider.listInstruments('stock'))
      expect(s.prices!.closes.length).toBeGreaterThanOrEqual(783);
  });

  it('derives a market context from its VIX, yield and CPI series', async () => {
    const ctx = await provider.getMarketContext();
    expect(['bull', 'bear', 'volatile', 'sideways']).toContain(ctx.regime);
    expect(ctx.vix_level).toBeGreaterThan(5);
    expect(ctx.inflation_rate).toBeGreaterThan(0);
    expect(ctx.inflation_rate).toBeLessThan(0.1);
    expect(ctx.risk_free_rate).toBeGreaterThan(0);
    expect(ctx.as_of).toBe('2026-10-30');
  });

  it('finds symbols case-insensitively and caches metrics', async () => {
    const [first] = await provider.listInstruments('stock');
    expect(await provider.getInstrument(first!.symbol.toLowerCase())).toBe(first);
    const m1 = await provider.metricsFor(first!.symbol);
    expect(m1?.observations).toBe(first!.prices!.closes.length);
    expect(await provider.metricsFor(first!.symbol)).toBe(m1);
    expect(await provider.getInstrument('NOPE-NOT-THERE')).toBeUndefined();
  });

  it('ships the JSON schema that the loader uses', () => {
    const shipped = JSON.parse(readFileSync(join(__dirname, '..', 'data', 'snapshot.schema.json'), 'utf8')) as unknown;
    expect(shipped).toEqual(JSON.parse(JSON.stringify(SNAPSHOT_SCHEMA)));
  });
});

describe('documented symbols in the sample snapshot', () => {
  it.each(['VTI', 'VXUS', 'BND', 'SCHD', 'AAPL', 'MSFT', 'GOOGL'])(
    '%s is there, labelled as synthetic sample figures',
    async (symbol) => {
      const instrument = await new SampleSnapshotProvider().getInstrument(symbol);
      expect(instrument?.symbol).toBe(symbol);
      expect(instrument?.name).toContain('synthetic figures under a documented ticker (SAMPLE DATA)');
    },
  );
});
