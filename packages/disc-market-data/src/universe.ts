import { ASSET_TYPES, MarketDataError } from '@disc/types';

/** An ETF or stock of the live universe, by its Yahoo Finance symbol, with optional facts
 * Yahoo does not publish. */
export interface ListedEntry {
  symbol: string;
  name?: string;
  region?: string;
  category?: string;
  /** ETFs: UCITS status (Yahoo does not say; a name containing "UCITS" counts as true). */
  ucits_compliant?: boolean;
  /** ETFs: Yahoo symbol of the index the fund tracks (e.g. ^GSPC), to measure tracking error against. */
  tracking_index?: string;
  /** ETFs: a known tracking error (fraction: 0.001 = 0.1 %), used instead of measuring it. */
  tracking_error?: number;
}

/** A crypto asset of the live universe, by its CoinGecko id (`bitcoin`, not `BTC`). */
export interface CoinEntry {
  id: string;
  /** Whether regulated institutional products (e.g. US spot ETFs) hold it. Default false. */
  institutional_adoption?: boolean;
  /** YYYY-MM-DD, used when CoinGecko's genesis_date is null. */
  launch_date?: string;
  category?: string;
}

export interface UniverseConfig {
  etf: readonly (string | ListedEntry)[];
  stock: readonly (string | ListedEntry)[];
  crypto: readonly (string | CoinEntry)[];
}

/** Normalised universe: every entry an object. */
export interface Universe {
  etf: ListedEntry[];
  stock: ListedEntry[];
  crypto: CoinEntry[];
}

export function normaliseUniverse(config: UniverseConfig): Universe {
  const listed = (e: string | ListedEntry): ListedEntry => (typeof e === 'string' ? { symbol: e } : e);
  return {
    etf: config.etf.map(listed),
    stock: config.stock.map(listed),
    crypto: config.crypto.map((e) => (typeof e === 'string' ? { id: e } : e)),
  };
}

/** Reads a universe from parsed JSON (DISCOVERY_UNIVERSE_FILE); names the member that is wrong. */
export function parseUniverse(json: unknown, source: string): UniverseConfig {
  const fail = (path: string, expected: string): never => {
    throw new MarketDataError(`Universe ${source}: ${path} must be ${expected}`, {
      details: { source, path, reason: 'invalid_universe' },
    });
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return fail('(root)', 'an object with etf, stock and crypto arrays');
  const u = json as Record<string, unknown>;
  for (const type of ASSET_TYPES) {
    const list = u[type] ?? [];
    if (!Array.isArray(list)) return fail(`/${type}`, 'an array');
    list.forEach((e: unknown, i) => {
      const key = type === 'crypto' ? 'id' : 'symbol';
      const ok =
        (typeof e === 'string' && e.trim() !== '') ||
        (typeof e === 'object' && e !== null && typeof (e as Record<string, unknown>)[key] === 'string');
      if (!ok) fail(`/${type}/${i}`, `a non-empty string or an object with a '${key}'`);
    });
  }
  return {
    etf: (u.etf ?? []) as UniverseConfig['etf'],
    stock: (u.stock ?? []) as UniverseConfig['stock'],
    crypto: (u.crypto ?? []) as UniverseConfig['crypto'],
  };
}
