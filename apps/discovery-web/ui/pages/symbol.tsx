// Symbol page: current grade, the grade/score history chart over grade bands, alerts with
// severity, the next review date, the screening criteria it passes or breaches, and the
// price history with its 50- and 200-day averages (GET /prices/{symbol}).
import { useEffect, useRef, useState } from 'preact/hooks';
import { settle, type Schemas } from '../api/client';
import { GradeBadge, Head, Problem, SampleLabel } from '../components/bits';
import { criterionLines } from '../criteria-lines';
import { dateTime, fixed, usd } from '../format';
import { sortedHistory, type HistoryPoint } from '../history';
import { candidateOf, type Shared } from '../store';

export function SymbolPage({ symbol, shared }: { symbol: string; shared: Shared }) {
  const [monitor, setMonitor] = useState<Schemas['MonitorResult'] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    setMonitor(undefined);
    setError(undefined);
    settle(shared.api.monitorInvestment(symbol)).then(setMonitor).catch(setError);
  }, [symbol]);
  const candidate = candidateOf(shared, symbol);
  const history = sortedHistory(monitor?.grade_history);
  const alerts = Array.isArray(monitor?.alerts) ? monitor.alerts : [];
  return (
    <section aria-labelledby="symbol-title">
      <p>
        <a href="#/discover">← Back to the results</a>
      </p>
      <h1 id="symbol-title">
        {symbol}
        {candidate === undefined ? null : <span class="muted"> — {candidate.candidate.name}</span>}
      </h1>
      <Problem error={error} />
      {monitor === undefined ? (
        error === undefined ? (
          <p>Loading…</p>
        ) : null
      ) : (
        <>
          <div class="summary">
            <p>
              Grade <GradeBadge grade={monitor.current_grade} /> score{' '}
              <strong>{fixed(monitor.current_score, 4)}</strong>
            </p>
            <p>
              Next review: <strong>{dateTime(monitor.next_review_date)}</strong> (last updated{' '}
              {dateTime(monitor.last_updated)})
            </p>
            {candidate?.candidate.current_price === undefined ? null : (
              <p>Current price: {usd(candidate.candidate.current_price)}</p>
            )}
          </div>
          <HistoryChart points={history} />
          <HistoryTable points={history} />
          <section aria-labelledby="alerts-title">
            <h2 id="alerts-title">Alerts</h2>
            {alerts.length === 0 ? (
              <p>No open alerts.</p>
            ) : (
              <ul class="alerts">
                {alerts.map((a, i) => (
                  <li key={i} class={`alert alert-${a.severity}`}>
                    <span class="severity">{a.severity}</span> <span class="muted">{a.type}</span> {a.message}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Criteria shared={shared} symbol={symbol} alerts={alerts} />
          <PriceHistory shared={shared} symbol={symbol} />
          <SampleLabel context={shared.lastDiscovery?.market_context} />
        </>
      )}
    </section>
  );
}

function HistoryChart({ points }: { points: HistoryPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current === null || points.length === 0) return undefined;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    void import('../charts/history-chart').then(({ drawHistoryChart }) => {
      if (!cancelled && box.current !== null) dispose = drawHistoryChart(box.current, points);
    });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [points.map((p) => `${p.date}:${p.score}`).join('|')]);
  return (
    <figure class="chart">
      <div
        ref={box}
        class="chart-box history-chart"
        role="img"
        aria-label={`Score history, ${points.length} point${points.length === 1 ? '' : 's'}, over grade bands`}
      />
      <figcaption>Grade and score history (one point per day), over the grade bands A+ to F.</figcaption>
    </figure>
  );
}

function HistoryTable({ points }: { points: HistoryPoint[] }) {
  return (
    <table class="history-table">
      <caption>Grade history, newest first</caption>
      <Head columns={['Date', 'Grade', 'Score']} />
      <tbody>
        {[...points].reverse().map((p) => (
          <tr key={p.date}>
            <td>{p.date}</td>
            <td>
              <GradeBadge grade={p.grade} />
            </td>
            <td>{fixed(p.score, 4)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Criteria({ shared, symbol, alerts }: { shared: Shared; symbol: string; alerts: readonly Schemas['Alert'][] }) {
  const candidate = candidateOf(shared, symbol);
  const lines = candidate === undefined ? [] : criterionLines(candidate.rationale);
  const breaches = alerts.filter((a) => a.type === 'criteria_breach');
  return (
    <section aria-labelledby="criteria-title">
      <h2 id="criteria-title">Screening criteria</h2>
      {lines.length === 0 && breaches.length === 0 ? (
        <p>Run a discovery that returns {symbol} to see its criteria checks here.</p>
      ) : (
        <ul class="criteria-lines">
          {lines.map((l, i) => (
            <li key={i} class={l.passes ? 'pass' : 'breach'}>
              <strong>{l.passes ? 'Passes' : 'Breaches'}:</strong> {l.text}
            </li>
          ))}
          {breaches.map((a, i) => (
            <li key={`b${i}`} class="breach">
              <strong>Breaches:</strong> {a.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const PRICE_DAYS = 365;

function PriceHistory({ shared, symbol }: { shared: Shared; symbol: string }) {
  const [history, setHistory] = useState<Schemas['PriceHistory'] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setHistory(undefined);
    setError(undefined);
    settle(shared.api.priceHistory(symbol, PRICE_DAYS)).then(setHistory).catch(setError);
  }, [symbol]);
  useEffect(() => {
    if (box.current === null || history === undefined || history.prices.length === 0) return undefined;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    void import('../charts/price-chart').then(({ drawPriceChart }) => {
      if (!cancelled && box.current !== null) dispose = drawPriceChart(box.current, history.prices, history.currency);
    });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [history]);
  const last = history?.prices[history.prices.length - 1];
  return (
    <section aria-labelledby="prices-title">
      <h2 id="prices-title">Price history</h2>
      <Problem error={error} />
      {history === undefined ? (
        error === undefined ? (
          <p>Loading prices…</p>
        ) : null
      ) : history.prices.length === 0 ? (
        <p>The market data has no price history for {history.symbol}.</p>
      ) : (
        <>
          <figure class="chart">
            <div
              ref={box}
              class="chart-box price-chart"
              role="img"
              aria-label={`Daily closes of ${history.symbol} with 50- and 200-day averages, ${history.prices.length} trading days to ${last?.date ?? ''}`}
            />
            <figcaption>
              Daily closes over the last {history.prices.length} trading days, with the 50-day (dashed) and 200-day
              (dotted) moving averages.
            </figcaption>
          </figure>
          {last === undefined ? null : (
            <p class="price-summary">
              Last close {fixed(last.close, 2)} {history.currency} on {last.date}; 50-day average{' '}
              {fixed(last.sma_50, 2)}, 200-day average {fixed(last.sma_200, 2)}
              {last.sma_50 !== null && last.sma_200 !== null
                ? ` (the 50-day is ${last.sma_50 >= last.sma_200 ? 'above' : 'below'} the 200-day)`
                : ''}
              .
            </p>
          )}
          <p class={history.sample ? 'sample-label' : 'muted'}>
            Source: {history.data_source}
            {history.as_of === null ? '' : `, as of ${history.as_of}`}
          </p>
        </>
      )}
    </section>
  );
}
