// Portfolio: paste holdings and constraints, get the integration plan: trades, allocation
// before and after, costs against the budget, and the constraint violations in words.
import { useEffect, useState } from 'preact/hooks';
import { settle, type Schemas } from '../api/client';
import { unitOf, withUnit, type Unit } from '../api/units';
import { Head, Problem } from '../components/bits';
import { useRequest } from '../components/use-request';
import { usd } from '../format';
import { parseDiscoveries, parseHoldings } from '../holdings';
import type { Shared } from '../store';

type Plan = Schemas['IntegrationPlan'];

const EXAMPLE = 'symbol, shares, value, cost basis\nVTI, 100, 25000, 20000\nBND, 200, 15000\n';

export function Portfolio({ shared }: { shared: Shared }) {
  const suggested = (shared.lastDiscovery?.a_plus_candidates ?? [])
    .slice(0, 3)
    .map((c) => `${c.candidate.symbol}, 10`)
    .join('\n');
  const [holdingsText, setHoldingsText] = useState(EXAMPLE);
  const [discoveriesText, setDiscoveriesText] = useState(suggested);
  const [cash, setCash] = useState('5000');
  const [budget, setBudget] = useState('0.5');
  const [threshold, setThreshold] = useState('1');
  const [harvest, setHarvest] = useState(true);
  const [errors, setErrors] = useState<string[]>([]);
  const [plan, setPlan] = useState<
    { plan: Plan; before: Map<string, number>; total: number; budgetUsd: number } | undefined
  >(undefined);
  const { busy, error, setError, run } = useRequest();

  const submit = async (event: Event) => {
    event.preventDefault();
    const parsed = parseHoldings(holdingsText);
    const wanted = parseDiscoveries(discoveriesText);
    const cashUsd = Number(cash);
    const problems = [...parsed.errors, ...wanted.errors];
    if (!Number.isFinite(cashUsd) || cashUsd < 0) problems.push(`Cash "${cash}" is not a non-negative number.`);
    if (wanted.discoveries.length === 0)
      problems.push('Name at least one discovery to integrate (symbol, allocation %).');
    setErrors(problems);
    setError(undefined);
    if (problems.length > 0) return;
    const total = parsed.holdings.reduce((sum, h) => sum + h.current_value, 0) + cashUsd;
    const budgetFraction = Number(budget) / 100;
    const body: Schemas['IntegrateRequest'] = {
      current_portfolio: { holdings: parsed.holdings, cash: cashUsd, total_value: total },
      discoveries: wanted.discoveries,
      constraints: {
        ...(Number.isFinite(budgetFraction) ? { max_transaction_cost_fraction: budgetFraction } : {}),
        ...(Number.isFinite(Number(threshold)) ? { rebalancing_threshold: Number(threshold) / 100 } : {}),
        tax_loss_harvesting: harvest,
      },
    };
    await run(async () => {
      const answer = await settle(shared.api.integrateDiscoveries(body));
      const before = new Map(parsed.holdings.map((h) => [h.symbol, h.current_value] as const));
      before.set('Cash', cashUsd);
      setPlan({
        plan: answer,
        before,
        total,
        budgetUsd: (Number.isFinite(budgetFraction) ? budgetFraction : 0) * total,
      });
    });
  };

  return (
    <section aria-labelledby="portfolio-title">
      <h1 id="portfolio-title">Portfolio integration</h1>
      <form class="portfolio-form" onSubmit={(event) => void submit(event)}>
        <div class="field wide">
          <label for="holdings">Holdings: one per line, symbol, shares, value in USD, optional cost basis</label>
          <textarea
            id="holdings"
            rows={6}
            value={holdingsText}
            onInput={(e) => setHoldingsText((e.target as HTMLTextAreaElement).value)}
          />
        </div>
        <div class="field wide">
          <label for="discoveries">Discoveries to add: symbol, allocation in %, optional held symbol it replaces</label>
          <textarea
            id="discoveries"
            rows={4}
            value={discoveriesText}
            onInput={(e) => setDiscoveriesText((e.target as HTMLTextAreaElement).value)}
          />
        </div>
        <div class="fields">
          <div class="field">
            <label for="cash">Cash (USD)</label>
            <input
              id="cash"
              type="number"
              min="0"
              step="any"
              value={cash}
              onInput={(e) => setCash((e.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for="budget">Transaction-cost budget (% of total)</label>
            <input
              id="budget"
              type="number"
              min="0"
              max="100"
              step="any"
              value={budget}
              onInput={(e) => setBudget((e.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for="threshold">Rebalancing threshold (% of total)</label>
            <input
              id="threshold"
              type="number"
              min="0"
              max="100"
              step="any"
              value={threshold}
              onInput={(e) => setThreshold((e.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field field-check">
            <input
              id="harvest"
              type="checkbox"
              checked={harvest}
              onChange={(e) => setHarvest((e.target as HTMLInputElement).checked)}
            />
            <label for="harvest">Tax-loss harvesting</label>
          </div>
        </div>
        <button type="submit" disabled={busy}>
          {busy ? 'Planning…' : 'Compute the plan'}
        </button>
      </form>
      {errors.length === 0 ? null : (
        <ul class="problem" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <Problem error={error} />
      {plan === undefined ? null : <PlanView {...plan} />}
    </section>
  );
}

function PlanView({
  plan,
  before,
  total,
  budgetUsd,
}: {
  plan: Plan;
  before: Map<string, number>;
  total: number;
  budgetUsd: number;
}) {
  const after = new Map<string, number>();
  for (const h of plan.resulting_portfolio.holdings as Record<string, unknown>[]) {
    if (typeof h.symbol === 'string' && typeof h.current_value === 'number') after.set(h.symbol, h.current_value);
  }
  after.set('Cash', plan.resulting_portfolio.cash);
  const costs = plan.estimated_transaction_costs;
  return (
    <section class="plan" aria-labelledby="plan-title">
      <h2 id="plan-title">
        Plan {plan.within_constraints ? '(within every constraint)' : '(some requests could not be met)'}
      </h2>
      <table class="trades">
        <caption>Trades</caption>
        <Head columns={['Action', 'Symbol', 'Shares', 'Amount', 'Reason']} />
        <tbody>
          {plan.trades.map((t, i) => (
            <tr key={i}>
              <td class={`action-${t.action}`}>{t.action}</td>
              <td>{t.symbol}</td>
              <td>{t.shares.toFixed(4)}</td>
              <td>{usd(t.amount)}</td>
              <td>{t.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {plan.trades.length === 0 ? <p>No trades.</p> : null}
      <div class="allocations">
        <Allocation title="Allocation before" values={before} total={total} />
        <Allocation title="Allocation after" values={after} total={plan.resulting_portfolio.total_value} />
      </div>
      <Improvements improvements={plan.improvements} />
      <h3>Costs against the budget</h3>
      <p>
        Estimated transaction costs {usd(costs)} of a budget of {usd(budgetUsd)}
        {budgetUsd > 0 ? ` (${((costs / budgetUsd) * 100).toFixed(0)} % used)` : ''}.
      </p>
      <meter
        class="budget"
        min={0}
        max={Math.max(budgetUsd, costs, 0.01)}
        high={budgetUsd * 0.9}
        value={costs}
        aria-label="Transaction costs against the budget"
      />
      <h3>Constraint violations</h3>
      {plan.constraint_violations.length === 0 ? (
        <p>None: every trade fits the constraints.</p>
      ) : (
        <ul class="violations">
          {plan.constraint_violations.map((v, i) => (
            <li key={i}>{violationText(v)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function violationText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null) {
    const { message, constraint, symbol } = v as Record<string, unknown>;
    if (typeof message === 'string') return message;
    return `Constraint ${typeof constraint === 'string' ? constraint : 'unknown'} not met${typeof symbol === 'string' ? ` for ${symbol}` : ''}.`;
  }
  return String(v);
}

/** A horizontal bar chart of weights, each bar labelled with its symbol and percent. */
function Allocation({ title, values, total }: { title: string; values: Map<string, number>; total: number }) {
  const rows = [...values.entries()].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
  return (
    <figure class="allocation">
      <figcaption>{title}</figcaption>
      <ul>
        {rows.map(([symbol, value]) => {
          const share = total > 0 ? (value / total) * 100 : 0;
          return (
            <li key={symbol}>
              <span class="alloc-label">{symbol}</span>
              <meter
                class="alloc-bar"
                min={0}
                max={100}
                value={share}
                aria-label={`${title}: ${symbol} ${share.toFixed(1)} %`}
              />
              <span class="alloc-value">
                {share.toFixed(1)} % ({usd(value)})
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** The improvements behind the plan. cost_analysis and risk_impact are shown member by
 * member, each in the unit the server's OpenAPI document gives it, so members added or
 * changed in unit (annual_savings USD → percentage points) read right. */
function Improvements({ improvements }: { improvements: readonly Schemas['PortfolioImprovement'][] }) {
  const costKeys = [...new Set(improvements.flatMap((i) => Object.keys(i.cost_analysis ?? {})))];
  const riskKeys = [...new Set(improvements.flatMap((i) => Object.keys(i.risk_impact ?? {})))];
  const [units, setUnits] = useState<Record<string, Unit | undefined>>({});
  useEffect(() => {
    void Promise.all(
      costKeys.map(async (k) => [k, await unitOf('PortfolioImprovement', `cost_analysis.${k}`)] as const),
    ).then((pairs) => setUnits(Object.fromEntries(pairs)));
  }, [costKeys.join(',')]);
  if (improvements.length === 0) return null;
  const label = (key: string) => key.replace(/_/g, ' ');
  return (
    <table class="improvements">
      <caption>Improvements</caption>
      <thead>
        <tr>
          <th scope="col">Priority</th>
          <th scope="col">Replaces</th>
          <th scope="col">With</th>
          <th scope="col">Expected grade improvement</th>
          {costKeys.map((k) => (
            <th scope="col" key={k}>
              {label(k)}
            </th>
          ))}
          {riskKeys.map((k) => (
            <th scope="col" key={k}>
              {label(k)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {improvements.map((i, n) => (
          <tr key={n}>
            <td>{i.implementation_priority}</td>
            <td>{i.current_holding ?? 'new position'}</td>
            <td>{i.recommended_replacement?.symbol ?? '–'}</td>
            <td>{typeof i.expected_grade_improvement === 'number' ? i.expected_grade_improvement.toFixed(2) : '–'}</td>
            {costKeys.map((k) => (
              <td key={k}>{withUnit((i.cost_analysis as Record<string, unknown>)[k], units[k])}</td>
            ))}
            {riskKeys.map((k) => (
              <td key={k}>{withUnit((i.risk_impact as Record<string, unknown>)[k], 'number')}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
