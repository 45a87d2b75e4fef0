import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import type * as MarketData from '@disc/market-data';
import type { CoinGeckoPlan, LiveProviderConfig, MarketDataConfig, UniverseConfig } from '@disc/market-data';
import { MarketDataError } from '@disc/types';
import { ConfigError } from './config';
import { docsPage } from '@fin/errors';

/** The environment variables read by `marketDataConfigFromEnv` (docs/data-providers.md). */
export const PROVIDER_ENV = Object.freeze([
  'DISCOVERY_DATA_PROVIDER',
  'DISCOVERY_DATA_FILE',
  'DISCOVERY_UNIVERSE_FILE',
  'DISCOVERY_BENCHMARK',
  'DISCOVERY_CACHE_TTL_SECONDS',
  'DISCOVERY_HTTP_TIMEOUT_MS',
  'DISCOVERY_HTTP_RETRIES',
  'YAHOO_BASE_URL',
  'YAHOO_COOKIE_URL',
  'YAHOO_COOKIE',
  'YAHOO_CRUMB',
  'COINGECKO_BASE_URL',
  'COINGECKO_API_KEY',
  'COINGECKO_PLAN',
  'FRED_BASE_URL',
  'FRED_API_KEY',
] as const);

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The market-data configuration chosen by DISCOVERY_DATA_PROVIDER: `sample` (default, the
 * bundled SAMPLE DATA), `file` (DISCOVERY_DATA_FILE) or `live` (Yahoo Finance, CoinGecko,
 * FRED; FRED_API_KEY required), for `createProviderFromConfig` of @disc/market-data. A bad
 * setting is a MarketDataError that names the variable.
 */
export async function marketDataConfigFromEnv(env: Env): Promise<MarketDataConfig> {
  const kind = (env.DISCOVERY_DATA_PROVIDER ?? 'sample').trim().toLowerCase();
  switch (kind) {
    case 'sample':
      return { provider: 'sample' };
    case 'file':
      return {
        provider: 'file',
        file: required(env, 'DISCOVERY_DATA_FILE', `the path of a snapshot file (${docsPage('data-format.md')})`),
      };
    case 'live':
      return { provider: 'live', live: await liveConfigFromEnv(env) };
    default:
      throw configError('DISCOVERY_DATA_PROVIDER', `is '${kind}'; expected one of sample, file, live`);
  }
}

/**
 * Where market data comes from under DISCOVERY_DATA_PROVIDER, in words, for the first-start
 * banner (a snapshot loaded with `discovery-api data load` takes precedence; the caller says so).
 */
export function marketDataSource(env: Env): string {
  const kind = (env.DISCOVERY_DATA_PROVIDER ?? 'sample').trim().toLowerCase();
  if (kind === 'file') return `the snapshot file ${env.DISCOVERY_DATA_FILE ?? ''} (DISCOVERY_DATA_PROVIDER=file)`;
  if (kind === 'live') return 'live, from Yahoo Finance, CoinGecko and FRED (DISCOVERY_DATA_PROVIDER=live)';
  return 'the bundled SAMPLE snapshot (synthetic, not live market data)';
}

/** The live provider's configuration from the environment. */
export async function liveConfigFromEnv(env: Env): Promise<LiveProviderConfig> {
  const plan = optional(env, 'COINGECKO_PLAN');
  if (plan !== undefined && !['public', 'demo', 'pro'].includes(plan))
    throw configError('COINGECKO_PLAN', `is '${plan}'; expected public, demo or pro`);
  const config: LiveProviderConfig = {
    universe: await universeFrom(optional(env, 'DISCOVERY_UNIVERSE_FILE')),
    benchmark: optional(env, 'DISCOVERY_BENCHMARK') ?? 'SPY',
    yahoo: definedOnly({
      baseUrl: optional(env, 'YAHOO_BASE_URL'),
      cookieUrl: optional(env, 'YAHOO_COOKIE_URL'),
      crumb: optional(env, 'YAHOO_CRUMB'),
      headers:
        optional(env, 'YAHOO_COOKIE') === undefined ? undefined : { Cookie: optional(env, 'YAHOO_COOKIE') as string },
    }),
    coingecko: definedOnly({
      baseUrl: optional(env, 'COINGECKO_BASE_URL'),
      apiKey: optional(env, 'COINGECKO_API_KEY'),
      plan: plan as CoinGeckoPlan | undefined,
    }),
    fred: definedOnly({
      baseUrl: optional(env, 'FRED_BASE_URL'),
      apiKey: required(env, 'FRED_API_KEY', 'a FRED API key (free at fred.stlouisfed.org)'),
    }),
  };
  const ttl = number(env, 'DISCOVERY_CACHE_TTL_SECONDS');
  if (ttl !== undefined) config.cacheTtlMs = ttl * 1000;
  const timeout = number(env, 'DISCOVERY_HTTP_TIMEOUT_MS');
  if (timeout !== undefined) config.timeoutMs = timeout;
  const retries = number(env, 'DISCOVERY_HTTP_RETRIES');
  if (retries !== undefined) config.retries = Math.floor(retries);
  return config;
}

/**
 * For start-up (`discovery-api serve`): the market-data settings, read as
 * `marketDataConfigFromEnv` reads them, and for `file` a snapshot file that can be read. A
 * problem is a ConfigError that names the variable to set, so the server stops instead of
 * answering every discovery request with 503 MARKET_DATA_UNAVAILABLE.
 */
export async function checkMarketDataConfig(env: Env): Promise<void> {
  let config: MarketDataConfig;
  try {
    config = await marketDataConfigFromEnv(env);
  } catch (error) {
    const variable = (error as { details?: { variable?: unknown } }).details?.variable;
    if (!(error instanceof Error) || typeof variable !== 'string') throw error;
    const problem = error.message.startsWith(`${variable} `) ? error.message.slice(variable.length + 1) : error.message;
    const kind = (env.DISCOVERY_DATA_PROVIDER ?? 'sample').trim().toLowerCase();
    throw new ConfigError(
      'INVALID_VALUE',
      variable === 'DISCOVERY_DATA_PROVIDER' ? problem : `${problem}; DISCOVERY_DATA_PROVIDER=${kind} needs it`,
      // Without the cause: its message says the same, and the CLI would print both.
      { variable },
    );
  }
  if (config.provider === 'file') {
    try {
      await access(config.file, constants.R_OK);
    } catch (error) {
      throw new ConfigError(
        'INVALID_VALUE',
        `cannot read the snapshot file '${config.file}' (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        { variable: 'DISCOVERY_DATA_FILE' },
      );
    }
  }
}

async function universeFrom(path: string | undefined): Promise<UniverseConfig> {
  // Loaded only here: the market-data library is not needed to check the other settings at
  // start-up, before the server listens.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { DEFAULT_UNIVERSE, parseUniverse } = require('@disc/market-data') as typeof MarketData;
  if (path === undefined) return DEFAULT_UNIVERSE;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (cause) {
    throw configError(
      'DISCOVERY_UNIVERSE_FILE',
      `'${path}' cannot be read as JSON: ${(cause as Error).message}`,
      cause,
    );
  }
  return parseUniverse(json, path);
}

function optional(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

function required(env: Env, name: string, what: string): string {
  const v = optional(env, name);
  if (v === undefined) throw configError(name, `is not set; it must be ${what}`);
  return v;
}

function number(env: Env, name: string): number | undefined {
  const v = optional(env, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw configError(name, `is '${v}'; expected a non-negative number`);
  return n;
}

function configError(variable: string, problem: string, cause?: unknown): MarketDataError {
  const details = { variable, reason: 'invalid_configuration' };
  return new MarketDataError(`${variable} ${problem}`, cause === undefined ? { details } : { details, cause });
}

/** Drops undefined members (exactOptionalPropertyTypes). */
function definedOnly<T extends Record<string, unknown>>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
