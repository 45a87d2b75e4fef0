// Market context: regime, VIX, rates trend, inflation, data age and source. The API returns
// it with every discovery (no route of its own); "Load" runs an ETF discovery with
// max_results 0, which counts against the discover limit.
import { useEffect, useState } from 'preact/hooks';
import { unwrap } from '../api/client';
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
  const context = shared.lastDiscovery?.market_context as Record<string, unknown> | undefined;
  const load = () =>
    run(async () => {
      const body = { custom_criteria: { max_results: 0 } };
      shared.setLastDiscovery(await unwrap(shared.api.POST('/v1/discovery/discover/{asset_type}', { params: { path: { asset_type: 'etf' } }, body })));
    });
  return (
    <section aria-labelledby="market-title">
      <h1 id="market-title">Market context</h1>
      <p>The API returns the market context with each discovery; this shows the latest one.</p>
      <button type="button" onClick={() => void load()} disabled={busy}>
        {busy ? 'Loading…' : context === undefined ? 'Load the market context' : 'Reload'}
      </button>
      <Problem error={error} />
      {context === undefined ? null : (
        <>
          <SampleLabel context={context} />
          <dl class="market">
            <dt>Regime</dt>
            <dd>{String(context.regime ?? '–')}</dd>
            <dt>VIX</dt>
            <dd>
              {fixed(context.vix_level, 2)}
              {typeof context.vix_trend === 'string' ? ` (${context.vix_trend})` : ''}
            </dd>
            <dt>Interest rates</dt>
            <dd>
              {String(context.interest_rate_environment ?? '–')}
              {typeof context.risk_free_rate === 'number' ? `, risk-free rate ${(context.risk_free_rate * 100).toFixed(2)} %` : ''}
            </dd>
            <dt>Inflation</dt>
            <dd>{inflationUnit === 'fraction' || inflationUnit === 'percent' ? `${withUnit(context.inflation_rate, inflationUnit)} a year` : inflationText(context.inflation_rate)}</dd>
            <dt>Data as of</dt>
            <dd>{age(context.as_of)}</dd>
            <dt>Source</dt>
            <dd>{typeof context.data_source === 'string' ? context.data_source : '–'}</dd>
            <dt>Discovery run</dt>
            <dd>{dateTime(shared.lastDiscovery?.discovery_date)}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
