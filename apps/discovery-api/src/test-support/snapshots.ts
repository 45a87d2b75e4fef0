import { readFileSync } from 'node:fs';
import { SAMPLE_SNAPSHOT_PATH } from '@disc/market-data';

/** The bundled sample snapshot with one ETF made expensive and small, which moves its
 * grade from A to D (a deterministic grade change for the event tests). */
export function snapshotWithDowngradedEtf(symbol = 'NUH'): Record<string, unknown> {
  const snapshot = JSON.parse(readFileSync(SAMPLE_SNAPSHOT_PATH, 'utf8')) as {
    instruments: { symbol: string; etf?: Record<string, unknown> }[];
  };
  const instrument = snapshot.instruments.find((i) => i.symbol === symbol);
  if (instrument?.etf === undefined) throw new Error(`${symbol} is not an ETF of the sample snapshot`);
  Object.assign(instrument.etf, { expense_ratio: 0.9, tracking_error: 0.02, aum: 200_000_000 });
  return snapshot;
}
