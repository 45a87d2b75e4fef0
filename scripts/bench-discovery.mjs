#!/usr/bin/env node
// `pnpm bench:discovery`: latency of one discovery per asset type over generated universes of
// 1k, 10k and 100k instruments, against the built packages (run `pnpm run build` first).
//
// Each universe is synthetic (seeded, reproducible): fundamentals drawn around the screening
// limits so that a realistic share passes the hard screens and few reach A+, and daily price
// histories (800 business days) drawn from a pool of generated paths; a block of 1 000 such
// instruments per type is tiled to each size (fresh objects, new symbols). Metrics are computed
// once per path before timing — providers cache metrics per snapshot, so a discovery run
// only screens and scores, which is what is measured here.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Re-run with an explicit GC hook and room for the 100k universes (the root script runs plain `node`).
if (typeof globalThis.gc !== 'function') {
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=4096', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(r.status ?? 1);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dist = (name) => join(root, 'packages', name, 'dist', 'index.js');
for (const name of ['disc-scoring', 'disc-screening', 'disc-portfolio', 'disc-discovery', 'test-utils']) {
  if (!existsSync(dist(name))) {
    console.error(`packages/${name}/dist is missing: run \`pnpm run build\` first.`);
    process.exit(1);
  }
}
const { computeMetrics, indexBenchmark } = require(dist('disc-scoring'));
const { InvestmentDiscoveryCrew, discoverInUniverse, discoveryOptions } = require(dist('disc-discovery'));
const { seeded } = require(dist('test-utils'));

const SIZES = [1_000, 10_000, 100_000];
const TYPES = ['etf', 'stock', 'crypto'];
const PATHS = 400;
const DAYS = 800;
const TARGET_P50_MS_10K = 50;
const ROUNDS = 21;
const BLOCK = 1_000;

function pricePath(rand, mu, sigma) {
  const closes = new Array(DAYS);
  closes[0] = 100;
  for (let i = 1; i < DAYS; i++) {
    const z = (rand() + rand() + rand() - 1.5) * 2; // ~N(0,1) by the sum of uniforms
    closes[i] = Math.round(closes[i - 1] * Math.exp(mu + sigma * z) * 1e4) / 1e4;
  }
  return { start: '2023-09-11', closes };
}

function buildPool(rand, benchmark) {
  const bench = indexBenchmark(benchmark);
  const pool = { etf: [], stock: [], crypto: [] };
  const vols = { etf: [0.004, 0.02], stock: [0.008, 0.03], crypto: [0.02, 0.06] };
  for (const type of TYPES) {
    for (let p = 0; p < PATHS; p++) {
      const [lo, hi] = vols[type];
      const sigma = lo + (hi - lo) * rand();
      const prices = pricePath(rand, (rand() - 0.3) * sigma * 0.15, sigma);
      pool[type].push({ prices, metrics: computeMetrics(prices, bench, { riskFree: 0.04 }) });
    }
  }
  return pool;
}

const between = (rand, lo, hi) => lo + (hi - lo) * rand();

function instrument(type, i, rand, pool) {
  const { prices, metrics } = pool[type][Math.floor(rand() * PATHS)];
  const base = {
    symbol: `${type.toUpperCase()}${i}`,
    name: `Bench ${type} ${i} (synthetic)`,
    asset_type: type,
    currency: 'USD',
    current_price: prices.closes[DAYS - 1],
    prices,
  };
  if (type === 'etf') {
    const region = rand() < 0.6 ? 'US' : 'Europe';
    return {
      instrument: {
        ...base,
        market_cap: null,
        region,
        etf: {
          expense_ratio: Math.round(between(rand, 0.02, 0.6) * 100) / 100,
          aum: 10 ** between(rand, 8, 11.5),
          tracking_error: between(rand, 0.0003, 0.006),
          history_years: Math.round(between(rand, 1, 25)),
          ucits_compliant: rand() < 0.7,
          region,
          category: 'US Large Cap',
        },
      },
      metrics,
    };
  }
  if (type === 'stock') {
    const cap = 10 ** between(rand, 8.5, 12);
    return {
      instrument: {
        ...base,
        market_cap: cap,
        region: 'US',
        stock: {
          roe: between(rand, -0.1, 0.5),
          revenue_growth_5y: between(rand, -0.1, 0.4),
          debt_to_equity: between(rand, 0, 1.5),
          free_cash_flow: cap * between(rand, -0.02, 0.06),
          profit_margin: between(rand, -0.1, 0.4),
          sector: 'Technology',
          region: 'US',
        },
      },
      metrics,
    };
  }
  return {
    instrument: {
      ...base,
      market_cap: 10 ** between(rand, 8, 12),
      region: 'Global',
      crypto: {
        daily_volume: 10 ** between(rand, 7, 10.5),
        age_months: Math.round(between(rand, 3, 150)),
        institutional_adoption: rand() < 0.4,
        category: 'Layer 1',
      },
    },
    metrics,
  };
}

/** A MarketDataProvider over prebuilt universes (metrics already cached). */
class BenchProvider {
  constructor(universes, benchmark) {
    this.name = 'bench (synthetic)';
    this.universes = universes;
    this.benchmark = benchmark;
    this.context = {
      regime: 'bull',
      vix_level: 15,
      interest_rate_environment: 'stable',
      inflation_rate: 0.025,
      risk_free_rate: 0.04,
      data_source: 'synthetic benchmark universe',
    };
  }
  async snapshotId() {
    return 'bench';
  }
  async isSample() {
    return true;
  }
  async listInstruments(t) {
    return this.universes[t].map((e) => e.instrument);
  }
  async universe(t) {
    return this.universes[t];
  }
  async getInstrument() {
    return undefined;
  }
  async metricsFor() {
    return undefined;
  }
  async getMarketContext() {
    return this.context;
  }
  async getBenchmark() {
    return this.benchmark;
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Lets the generator's garbage go before timing, so a run pays only for its own. */
function settle() {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

/**
 * Times one discovery per asset type. The sizes run interleaved, round after round (the order
 * rotating), so that load from other processes on the machine hits every size alike and the
 * growth ratio compares like with like.
 */
async function measureType(crews, type, rounds) {
  for (const size of SIZES) for (let i = 0; i < 3; i++) await crews[size].discover(type); // warm-up
  settle();
  const times = Object.fromEntries(SIZES.map((size) => [size, []]));
  const found = {};
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < SIZES.length; k++) {
      const size = SIZES[(round + k) % SIZES.length];
      const t0 = performance.now();
      const r = await crews[size].discover(type);
      times[size].push(performance.now() - t0);
      found[size] = r.a_plus_candidates.length;
    }
  }
  return Object.fromEntries(
    SIZES.map((size) => {
      const sorted = times[size].sort((a, b) => a - b);
      return [size, { p50: percentile(sorted, 50), p95: percentile(sorted, 95), found: found[size] }];
    }),
  );
}

const rand = seeded(20261122);
const benchmark = pricePath(rand, 0.0003, 0.01);
const t0 = performance.now();
const pool = buildPool(rand, benchmark);
const crews = {};
const universes = {};
// One block of BLOCK instruments per type, tiled (with fresh symbols) to every size: each
// universe has the same composition, so time(100k) / time(10k) measures scaling alone, not
// the sampling noise of how many instruments happen to pass the screens.
const blocks = Object.fromEntries(
  TYPES.map((type) => [type, Array.from({ length: BLOCK }, (_, i) => instrument(type, i, rand, pool))]),
);
for (const size of SIZES) {
  universes[size] = {};
  for (const type of TYPES) {
    universes[size][type] = Array.from({ length: size }, (_, i) => {
      const { instrument: base, metrics } = blocks[type][i % BLOCK];
      // Fresh objects per instrument (as a real snapshot has), so memory access is realistic.
      return {
        instrument: { ...base, symbol: `${type.toUpperCase()}${i}`, [type]: { ...base[type] } },
        metrics: { ...metrics },
      };
    });
  }
  crews[size] = new InvestmentDiscoveryCrew({
    provider: new BenchProvider(universes[size], benchmark),
    clock: () => new Date('2026-11-22T00:00:00Z'),
  });
}
console.log(
  `Discovery benchmark (Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}).`,
);
console.log(
  `Synthetic universes: ${PATHS} price paths × ${DAYS} days per type, metrics precomputed; generated in ${(performance.now() - t0).toFixed(0)} ms.`,
);
console.log(
  'Each discovery: criteria in force → hard screens → scores → top 10 at A+ (min_score 0.95) → full analyses.\n',
);
console.log('universe   type     p50 ms    p95 ms   instruments/s   pass screens   A+ found');
const p50 = {};
for (const type of TYPES) {
  const results = await measureType(crews, type, ROUNDS);
  for (const size of SIZES) {
    const m = results[size];
    p50[`${size}:${type}`] = m.p50;
    const rate = Math.round(size / (m.p50 / 1000));
    const { passed } = discoverInUniverse(
      type,
      universes[size][type],
      await crews[size].provider.getMarketContext(),
      discoveryOptions({}),
      '2026-11-22T00:00:00Z',
    );
    const share = `${((passed / size) * 100).toFixed(1)} %`;
    console.log(
      `${String(size).padStart(8)}   ${type.padEnd(6)} ${m.p50.toFixed(2).padStart(8)}  ${m.p95.toFixed(2).padStart(8)}   ${rate.toLocaleString('en-US').padStart(13)}   ${share.padStart(12)}   ${String(m.found).padStart(8)}`,
    );
  }
}

console.log(
  '\nGrowth, measured in this run: time(100k) / time(10k) against the 10× size ratio (≤ 10 is at most linear; the check allows 10 % for timing noise).',
);
let ok = true;
for (const type of TYPES) {
  const ratio = p50[`100000:${type}`] / p50[`10000:${type}`];
  const at10k = p50[`10000:${type}`];
  const meets = at10k < TARGET_P50_MS_10K;
  ok &&= meets && ratio <= 11;
  console.log(
    `  ${type.padEnd(6)} ${ratio.toFixed(2)}×   (10k p50 ${at10k.toFixed(2)} ms, target < ${TARGET_P50_MS_10K} ms: ${meets ? 'met' : 'MISSED'})`,
  );
}
console.log(ok ? '\nTargets met.' : '\nTargets missed (see above).');
