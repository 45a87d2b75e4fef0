import Ajv, { type ErrorObject } from 'ajv';
import { businessDateAt } from '@disc/scoring';
import { ASSET_TYPES, MarketDataError, type Instrument, type PriceSeries } from '@disc/types';
import type { MonthlySeries } from './market-context';
import { SNAPSHOT_SCHEMA } from './snapshot-schema';

/** A parsed snapshot file (docs/data-format.md). */
export interface SnapshotFile {
  format: 'disc-snapshot';
  version: 1;
  sample: boolean;
  description?: string;
  as_of: string;
  generator?: Record<string, unknown>;
  market: {
    benchmark: { symbol: string; name: string; prices: PriceSeries };
    vix: PriceSeries;
    treasury_10y: PriceSeries;
    cpi_yoy: MonthlySeries;
  };
  instruments: Instrument[];
}

export interface SnapshotIssue {
  path: string;
  message: string;
  expected?: string;
}

const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
const validate = ajv.compile(SNAPSHOT_SCHEMA);
const MAX_LISTED = 20;

/**
 * Validates a snapshot (schema, units, consistency) and returns it typed. Every problem is
 * reported with its JSON path and, for a number out of range, the unit the field expects,
 * e.g. `/instruments/17/etf/tracking_error must be <= 0.2 (fraction: 0.002 means 0.2 %)`.
 */
export function parseSnapshot(data: unknown, source: string): SnapshotFile {
  const issues: SnapshotIssue[] = [];
  if (!validate(data)) {
    for (const e of validate.errors ?? []) issues.push(issueOf(e));
  } else {
    issues.push(...consistencyIssues(data));
  }
  if (issues.length > 0) {
    const listed = issues
      .slice(0, MAX_LISTED)
      .map((i) => `${i.path || '(root)'} ${i.message}${i.expected ? ` (${i.expected})` : ''}`);
    const more = issues.length > MAX_LISTED ? `; … ${issues.length - MAX_LISTED} more` : '';
    throw new MarketDataError(`Snapshot ${source} is invalid: ${listed.join('; ')}${more}`, {
      details: { source, errors: issues.slice(0, 100), error_count: issues.length },
    });
  }
  return data as SnapshotFile;
}

function consistencyIssues(s: SnapshotFile): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const seen = new Map<string, number>();
  s.instruments.forEach((inst, i) => {
    const key = inst.symbol.toUpperCase();
    const first = seen.get(key);
    if (first !== undefined)
      issues.push({ path: `/instruments/${i}/symbol`, message: `duplicates /instruments/${first} ('${inst.symbol}')` });
    else seen.set(key, i);
    for (const other of ASSET_TYPES) {
      if (other !== inst.asset_type && inst[other] !== undefined) {
        issues.push({
          path: `/instruments/${i}/${other}`,
          message: `must not be present on an instrument of asset_type '${inst.asset_type}'`,
        });
      }
    }
    const p = inst.prices;
    if (p?.dates && p.dates.length !== p.closes.length) {
      issues.push({
        path: `/instruments/${i}/prices/dates`,
        message: `has ${p.dates.length} dates for ${p.closes.length} closes`,
      });
    }
  });
  issues.push(...dateIssues(s));
  return issues;
}

/** Whether `date` (YYYY-MM-DD, as the schema checked) is a day of the calendar: not 2026-02-30. */
function isCalendarDate(date: string): boolean {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/**
 * Dates that cannot be right: not a day of the calendar, `dates` not strictly ascending
 * (closes are oldest first, one per date), and closes dated after `as_of` (the date of the
 * data). Without `dates`, the last close falls on the (n-1)-th weekday from `start`.
 */
function dateIssues(s: SnapshotFile): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const asOf = isCalendarDate(s.as_of) ? s.as_of : undefined;
  if (asOf === undefined) issues.push({ path: '/as_of', message: `is not a date of the calendar ('${s.as_of}')` });
  const series: [string, PriceSeries][] = [
    ['/market/benchmark/prices', s.market.benchmark.prices],
    ['/market/vix', s.market.vix],
    ['/market/treasury_10y', s.market.treasury_10y],
  ];
  s.instruments.forEach((inst, i) => {
    if (inst.prices) series.push([`/instruments/${i}/prices`, inst.prices]);
  });
  for (const [path, p] of series) issues.push(...seriesDateIssues(path, p, asOf));
  const cpi = s.market.cpi_yoy;
  const [year, month] = cpi.start.split('-').map(Number) as [number, number];
  if (month < 1 || month > 12) {
    issues.push({ path: '/market/cpi_yoy/start', message: `is not a month of the calendar ('${cpi.start}')` });
  } else if (asOf !== undefined) {
    const lastIndex = year * 12 + month - 1 + cpi.values.length - 1;
    const last = `${String(Math.floor(lastIndex / 12)).padStart(4, '0')}-${String((lastIndex % 12) + 1).padStart(2, '0')}`;
    if (last > asOf.slice(0, 7))
      issues.push({
        path: '/market/cpi_yoy/values',
        message: `has its last value in ${last}, after the month of as_of (${asOf})`,
      });
  }
  return issues;
}

function seriesDateIssues(path: string, p: PriceSeries, asOf: string | undefined): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const startValid = isCalendarDate(p.start);
  if (!startValid) issues.push({ path: `${path}/start`, message: `is not a date of the calendar ('${p.start}')` });
  if (p.dates !== undefined) {
    let previous: string | undefined;
    let ordered = true;
    let latest: [string, number] | undefined;
    p.dates.forEach((date, j) => {
      if (!isCalendarDate(date)) {
        issues.push({ path: `${path}/dates/${j}`, message: `is not a date of the calendar ('${date}')` });
        return;
      }
      // One issue per series: an unsorted array would otherwise list every date.
      if (ordered && previous !== undefined && date <= previous) {
        ordered = false;
        issues.push({
          path: `${path}/dates/${j}`,
          message: `('${date}') is not after the date before it ('${previous}'): dates must ascend strictly, oldest first`,
        });
      }
      previous = date;
      if (latest === undefined || date > latest[0]) latest = [date, j];
    });
    if (asOf !== undefined && latest !== undefined && latest[0] > asOf)
      issues.push({ path: `${path}/dates/${latest[1]}`, message: `('${latest[0]}') is after as_of (${asOf})` });
  } else if (startValid && asOf !== undefined) {
    const last = businessDateAt(p.start, p.closes.length - 1);
    if (last > asOf)
      issues.push({
        path: `${path}/start`,
        message: `('${p.start}') dates the last of ${p.closes.length} closes ${last}, after as_of (${asOf}): close i falls on the i-th weekday from start`,
      });
  }
  return issues;
}

function issueOf(e: ErrorObject): SnapshotIssue {
  const issue: SnapshotIssue = { path: e.instancePath, message: e.message ?? 'is invalid' };
  if (e.keyword === 'additionalProperties')
    issue.message += ` ('${String((e.params as { additionalProperty: string }).additionalProperty)}')`;
  const description = (e.parentSchema as { description?: unknown } | undefined)?.description;
  if (typeof description === 'string') issue.expected = description;
  return issue;
}
