import { createProviderFromConfig } from './create-provider';
import { DEFAULT_UNIVERSE } from './default-universe';
import { FileSnapshotProvider, SampleSnapshotProvider } from './file-provider';
import { LiveMarketDataProvider } from './live-provider';

describe('createProviderFromConfig', () => {
  it('builds the bundled sample snapshot', () => {
    expect(createProviderFromConfig({ provider: 'sample' })).toBeInstanceOf(SampleSnapshotProvider);
  });

  it('serves a snapshot file', () => {
    const p = createProviderFromConfig({ provider: 'file', file: '/data/market.json' });
    expect(p).toBeInstanceOf(FileSnapshotProvider);
    expect((p as FileSnapshotProvider).path).toBe('/data/market.json');
  });

  it('builds the live provider', () => {
    const live = { universe: DEFAULT_UNIVERSE, fred: { apiKey: 'k' } };
    expect(createProviderFromConfig({ provider: 'live', live })).toBeInstanceOf(LiveMarketDataProvider);
  });
});
