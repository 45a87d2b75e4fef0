// Market context: regime, VIX, rates trend, inflation, data age and source, from
// GET /v1/discovery/market-context (the criteria budget; no discovery is spent).
import { useEffect, useState } from 'preact/hooks';
import { settle, type Schemas } from '../api/client';
import { unitOf, withUnit, type Unit } from '../api/units';
import { Problem, SampleLabel } from '../components/bits';
import { useRequest } from '../components/use-request';
import { dateTime, fixed, inflationText } from '../format';
import type { Shared } from '../store';

function age(asOf: unknown): string {
  if (typeof asOf !== 'string' || Number.isNaN(Date.parse(asOf))) return 'unknown';
  const days = Math.floor((Date.now() - Date.parse(asOf)) / 86_400_000);
  return `${asOf} (${days} day${days === 1 ? '' : 's'} old)`;
}

export function Market({ shared }: { shared: Shared }) {
  const { busy, error, run } = useRequest();
  const [inflationUnit, setInflationUnit] = useState<Unit | undefined>(undefined);
  useEffect(() => {
    void unitOf('MarketContext', 'inflation_rate').then(setInflationUnit);
  }, []);
  const [fetched, setFetched] = useState<Schemas['MarketContext'] | undefined>(undefined);
  const [fetchedAt, setFetchedAt] = useState<string | undefined>(undefined);
  const load = () =>
    run(async () => {
      setFetched(await settle(shared.api.marketContext()));
      setFetchedAt(new Date().toISOString());
    });
  useEffect(() => {
    void load();
  }, []);
  const context = fetched as Record<string, unknown> | undefined;
  return (
    <section aria-labelledby="market-title">
      <h1 id="market-title">Market context</h1>
      <button type="button" onClick={() => void load()} disabled={busy}>
        {busy ? 'Loading…' : 'Reload'}
      </button>
      <Problem error={error} />
      {context === undefined ? null : (
        <>
          <SampleLabel context={context} />
          <dl class="market">
            <dt>Regime</dt>
            <dd>{typeof context.regime === 'string' ? context.regime : '–'}</dd>
            <dt>VIX</dt>
            <dd>
              {fixed(context.vix_level, 2)}
              {typeof context.vix_trend === 'string' ? ` (${context.vix_trend})` : ''}
            </dd>
            <dt>Interest rates</dt>
            <dd>
              {typeof context.interest_rate_environment === 'string' ? context.interest_rate_environment : '–'}
              {typeof context.risk_free_rate === 'number'
                ? `, risk-free rate ${(context.risk_free_rate * 100).toFixed(2)} %`
                : ''}
            </dd>
            <dt>Inflation</dt>
            <dd>
              {inflationUnit === 'fraction' || inflationUnit === 'percent'
                ? `${withUnit(context.inflation_rate, inflationUnit)} a year`
                : inflationText(context.inflation_rate)}
            </dd>
            <dt>Data as of</dt>
            <dd>{age(context.as_of)}</dd>
            <dt>Source</dt>
            <dd>{typeof context.data_source === 'string' ? context.data_source : '–'}</dd>
            <dt>Fetched</dt>
            <dd>{dateTime(fetchedAt)}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
