// Discover: asset-type tabs, the criteria form pre-filled from GET /criteria/{type} with the
// regime's adjustments beside it, and the results table (sortable, filterable, expandable).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { settle, unwrap, type Schemas } from '../api/client';
import { describedAs } from '../api/units';
import { GradeBadge, Problem, SampleLabel, ScoreBar } from '../components/bits';
import { useRequest } from '../components/use-request';
import { OVERRIDABLE, fieldText, label, parseField } from '../criteria-fields';
import { fixed } from '../format';
import { GRADE_BANDS, gradeRank } from '../grades';
import type { Candidate, Shared } from '../store';

const ASSET_TYPES = ['etf', 'stock', 'crypto'] as const;
type AssetType = (typeof ASSET_TYPES)[number];
const TYPE_LABEL: Record<AssetType, string> = { etf: 'ETFs', stock: 'Stocks', crypto: 'Crypto' };

export function Discover({ shared }: { shared: Shared }) {
  const [type, setType] = useState<AssetType>(shared.lastDiscovery?.asset_type ?? 'etf');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + ASSET_TYPES.length) % ASSET_TYPES.length;
    setType(ASSET_TYPES[next] as AssetType);
    tabs.current[next]?.focus();
  };
  return (
    <section aria-labelledby="discover-title">
      <h1 id="discover-title">Discover</h1>
      <div role="tablist" aria-label="Asset type" class="tabs">
        {ASSET_TYPES.map((t, i) => (
          <button
            key={t}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            role="tab"
            id={`tab-${t}`}
            aria-selected={t === type}
            aria-controls="discover-panel"
            tabIndex={t === type ? 0 : -1}
            onClick={() => setType(t)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {TYPE_LABEL[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="discover-panel" aria-labelledby={`tab-${type}`}>
        <DiscoverPanel key={type} type={type} shared={shared} />
      </div>
    </section>
  );
}

function DiscoverPanel({ type, shared }: { type: AssetType; shared: Shared }) {
  const [criteria, setCriteria] = useState<Schemas['CriteriaResult'] | undefined>(shared.criteria.get(type));
  const { busy, error, setError, run: request } = useRequest();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [minScore, setMinScore] = useState('0.85');
  const [maxResults, setMaxResults] = useState('20');
  const [risk, setRisk] = useState('');
  const [result, setResult] = useState(shared.lastDiscovery?.asset_type === type ? shared.lastDiscovery : undefined);
  const [hints, setHints] = useState<Record<string, string>>({});

  useEffect(() => {
    if (criteria !== undefined) return;
    settle(shared.api.criteria(type))
      .then((c) => {
        shared.criteria.set(type, c);
        setCriteria(c);
      })
      .catch(setError);
  }, [type]);

  // Units and meanings of the criteria, from the server's OpenAPI document.
  useEffect(() => {
    if (criteria === undefined) return;
    const schema = `${type.charAt(0).toUpperCase()}${type.slice(1)}ScreeningCriteria`;
    void Promise.all(
      Object.keys(criteria.criteria).map(async (key) => [key, await describedAs(schema, key)] as const),
    ).then((pairs) =>
      setHints(Object.fromEntries(pairs.filter((p): p is readonly [string, string] => p[1] !== undefined))),
    );
  }, [criteria]);

  const run = async (event: Event) => {
    event.preventDefault();
    const custom: Record<string, unknown> = {};
    const score = Number(minScore);
    if (minScore.trim() !== '' && Number.isFinite(score)) custom.min_score = score;
    const max = Number(maxResults);
    if (maxResults.trim() !== '' && Number.isInteger(max)) custom.max_results = max;
    if (risk !== '') custom.risk_tolerance = risk;
    for (const [key, text] of Object.entries(edits)) {
      const value = parseField((criteria?.criteria as Record<string, unknown> | undefined)?.[key], text);
      if (value !== undefined) custom[key] = value;
    }
    await request(async () => {
      const body = { custom_criteria: custom } as Schemas['DiscoverRequest'];
      const answer = await unwrap(
        shared.api.http.POST('/v1/discovery/discover/{asset_type}', { params: { path: { asset_type: type } }, body }),
      );
      shared.setLastDiscovery(answer);
      setResult(answer);
    });
  };

  const overridable = new Set<string>(OVERRIDABLE[type] ?? []);
  const entries = Object.entries(criteria?.criteria ?? {});
  return (
    <div class="discover">
      <div class="discover-top">
        <form class="criteria-form" onSubmit={(event) => void run(event)} aria-label={`${type} discovery criteria`}>
          <h2>Criteria</h2>
          {criteria === undefined && error === undefined ? <p>Loading the criteria in force…</p> : null}
          <div class="fields">
            <Field
              id="min_score"
              label="Minimum final score (0–1)"
              value={minScore}
              onInput={setMinScore}
              type="number"
              step="0.01"
              min="0"
              max="1"
            />
            <Field
              id="max_results"
              label="Maximum results"
              value={maxResults}
              onInput={setMaxResults}
              type="number"
              step="1"
              min="0"
              max="500"
            />
            <div class="field">
              <label for="risk_tolerance">Risk tolerance</label>
              <select id="risk_tolerance" value={risk} onChange={(e) => setRisk((e.target as HTMLSelectElement).value)}>
                <option value="">Default</option>
                <option value="conservative">Conservative</option>
                <option value="moderate">Moderate</option>
                <option value="aggressive">Aggressive</option>
              </select>
            </div>
            {entries.map(([key, value]) =>
              typeof value === 'boolean' ? (
                <div class="field field-check" key={key}>
                  <input
                    id={`c-${key}`}
                    type="checkbox"
                    disabled={!overridable.has(key)}
                    checked={edits[key] === undefined ? value : edits[key] === 'true'}
                    onChange={(e) => setEdits({ ...edits, [key]: String((e.target as HTMLInputElement).checked) })}
                  />
                  <label for={`c-${key}`}>{label(key)}</label>
                </div>
              ) : (
                <Field
                  key={key}
                  id={`c-${key}`}
                  label={label(key) + (overridable.has(key) ? '' : ' (fixed)')}
                  hint={hints[key]}
                  value={edits[key] ?? fieldText(value)}
                  readOnly={!overridable.has(key)}
                  type={typeof value === 'number' ? 'number' : 'text'}
                  step="any"
                  onInput={(text) => setEdits({ ...edits, [key]: text })}
                />
              ),
            )}
          </div>
          <button type="submit" disabled={busy}>
            {busy ? 'Running…' : `Run ${type.toUpperCase()} discovery`}
          </button>
        </form>
        <Regime criteria={criteria} />
      </div>
      <Problem error={error} />
      {result === undefined ? null : <Results result={result} />}
    </div>
  );
}

function Field(props: {
  id: string;
  label: string;
  hint?: string | undefined;
  value: string;
  onInput(text: string): void;
  type: string;
  step?: string;
  min?: string;
  max?: string;
  readOnly?: boolean;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        step={props.step}
        min={props.min}
        max={props.max}
        readOnly={props.readOnly}
        value={props.value}
        aria-describedby={props.hint === undefined ? undefined : `${props.id}-hint`}
        onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
      />
      {props.hint === undefined ? null : (
        <small id={`${props.id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}

function Regime({ criteria }: { criteria: Schemas['CriteriaResult'] | undefined }) {
  if (criteria === undefined) return null;
  const adj = criteria.market_adjustments as Record<string, unknown>;
  const notes = Array.isArray(adj.notes) ? adj.notes.filter((n): n is string => typeof n === 'string') : [];
  return (
    <aside class="regime" aria-labelledby="regime-title">
      <h2 id="regime-title">Market regime: {typeof adj.regime === 'string' ? adj.regime : '–'}</h2>
      <dl>
        {Object.entries(adj)
          .filter(
            ([k, v]) =>
              k !== 'regime' &&
              k !== 'notes' &&
              (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string'),
          )
          .map(([k, v]) => (
            <div key={k}>
              <dt>{label(k)}</dt>
              <dd>{typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v)}</dd>
            </div>
          ))}
      </dl>
      {notes.length === 0 ? null : (
        <ul>
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </aside>
  );
}

type SortKey =
  'symbol' | 'grade' | 'fundamental_score' | 'technical_score' | 'quality_score' | 'risk_score' | 'confidence_level';
const COMPONENTS = [
  ['fundamental_score', 'Fundamental'],
  ['technical_score', 'Technical'],
  ['quality_score', 'Quality'],
  ['risk_score', 'Risk'],
] as const;

function sortValue(c: Candidate, key: SortKey): number | string {
  if (key === 'symbol') return c.candidate.symbol;
  if (key === 'grade') return -gradeRank(c.final_grade) + (c.final_score ?? 0) / 10;
  return c[key];
}

function Results({ result }: { result: Schemas['DiscoveryResult'] }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'grade', desc: true });
  const [filter, setFilter] = useState('');
  const [minGrade, setMinGrade] = useState('');
  const [open, setOpen] = useState<Set<string>>(new Set());
  const rows = useMemo(() => {
    const text = filter.trim().toLowerCase();
    const floor = minGrade === '' ? Infinity : gradeRank(minGrade);
    const list = (result.a_plus_candidates as Candidate[]).filter(
      (c) =>
        (text === '' ||
          c.candidate.symbol.toLowerCase().includes(text) ||
          c.candidate.name.toLowerCase().includes(text)) &&
        gradeRank(c.final_grade) <= floor,
    );
    const dir = sort.desc ? -1 : 1;
    return list.sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      return (x < y ? -1 : x > y ? 1 : 0) * dir;
    });
  }, [result, sort, filter, minGrade]);

  useEffect(() => {
    performance.mark('discovery-results-rendered');
  }, [result]);

  const header = (key: SortKey, text: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button
        type="button"
        class="sort"
        onClick={() => setSort({ key, desc: sort.key === key ? !sort.desc : key !== 'symbol' })}
      >
        {text}
        <span aria-hidden="true">{sort.key === key ? (sort.desc ? ' ▼' : ' ▲') : ''}</span>
      </button>
    </th>
  );
  const toggle = (symbol: string) => {
    const next = new Set(open);
    if (next.has(symbol)) next.delete(symbol);
    else next.add(symbol);
    setOpen(next);
  };
  return (
    <section class="results" aria-labelledby="results-title">
      <h2 id="results-title">
        Results: {result.a_plus_candidates.length} of {result.total_screened} screened
      </h2>
      <SampleLabel context={result.market_context} />
      <div class="filters">
        <div class="field">
          <label for="filter-text">Filter by symbol or name</label>
          <input
            id="filter-text"
            type="search"
            value={filter}
            onInput={(e) => setFilter((e.target as HTMLInputElement).value)}
          />
        </div>
        <div class="field">
          <label for="filter-grade">Minimum grade</label>
          <select
            id="filter-grade"
            value={minGrade}
            onChange={(e) => setMinGrade((e.target as HTMLSelectElement).value)}
          >
            <option value="">Any</option>
            {GRADE_BANDS.map((b) => (
              <option key={b.grade} value={b.grade}>
                {b.grade}
              </option>
            ))}
          </select>
        </div>
      </div>
      <table class="results-table">
        <thead>
          <tr>
            {header('symbol', 'Symbol')}
            <th scope="col">Name</th>
            {header('grade', 'Grade')}
            {COMPONENTS.map(([key, text]) => header(key, text))}
            {header('confidence_level', 'Confidence')}
            <th scope="col">Rationale</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => {
            const symbol = c.candidate.symbol;
            const expanded = open.has(symbol);
            return [
              <tr key={symbol} data-symbol={symbol}>
                <th scope="row">
                  <a href={`#/symbol/${encodeURIComponent(symbol)}`}>{symbol}</a>
                </th>
                <td>{c.candidate.name}</td>
                <td>
                  <GradeBadge grade={c.final_grade} /> <span class="muted">{fixed(c.final_score, 3)}</span>
                </td>
                {COMPONENTS.map(([key, text]) => (
                  <td key={key}>
                    <ScoreBar label={`${symbol} ${text}`} value={c[key]} />
                  </td>
                ))}
                <td>{fixed(c.confidence_level, 2)}</td>
                <td>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={`why-${symbol}`}
                    onClick={() => toggle(symbol)}
                  >
                    {expanded ? 'Hide' : 'Why?'}
                    <span class="visually-hidden"> {symbol}</span>
                  </button>
                </td>
              </tr>,
              expanded ? (
                <tr key={`${symbol}-why`} id={`why-${symbol}`} class="rationale">
                  <td colSpan={9}>
                    <ul>
                      {c.rationale.map((line, i) => (
                        <li key={i}>{line}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
      {rows.length === 0 ? <p>No candidate matches; lower the minimum score or clear the filter.</p> : null}
    </section>
  );
}
