import { SampleSnapshotProvider, type MarketDataProvider } from '@disc/market-data';

let sample: SampleSnapshotProvider | undefined;

/** The bundled sample snapshot, loaded once per process and shared by every class that was
 * given no provider: it never changes, and reading and validating it costs a few hundred ms. */
export function defaultProvider(): MarketDataProvider {
  sample ??= new SampleSnapshotProvider();
  return sample;
}
