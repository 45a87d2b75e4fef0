import Ajv, { type ErrorObject } from 'ajv';
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
