#!/usr/bin/env node
// Generates the bundled SAMPLE DATA snapshot (../disc-sample-snapshot/sample-snapshot.json) and writes the
// snapshot JSON schema beside it (data/snapshot.schema.json).
//
// Deterministic: a seeded PRNG (mulberry32) drives everything, so the same seed gives a
// byte-identical file. The universe is synthetic: tickers and names are invented, and every
// name and description says SAMPLE DATA. A latent "quality" factor per instrument drives its
// fundamentals and its return/risk profile together, so that a few instruments are excellent
// across the board (A+), most are middling, and every grade band is populated.
//
// Usage (after `pnpm exec tsc -b packages/disc-market-data`):
//   node packages/disc-market-data/scripts/generate-sample-snapshot.mjs [--seed 20261030] [--out DIR]
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const { SNAPSHOT_SCHEMA, parseSnapshot } = require('../dist/index.js');
const { businessDayNumber, dateOfBusinessDay } = require('@disc/scoring');

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SEED = Number(arg('--seed') ?? 20261030);
const AS_OF = '2026-10-30';
const DAYS = 820; // weekdays: a little over three calendar years
const START = dateOfBusinessDay(businessDayNumber(AS_OF) - (DAYS - 1));
const COUNTS = { etf: 130, stock: 260, crypto: 64 };

// ---------- randomness ----------
function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);
const uniform = (lo, hi) => lo + (hi - lo) * rand();
const normal = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const chance = (p) => rand() < p;
const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x));
const sig4 = (x) => Number(x.toPrecision(4));
const round = (x, d) => Number(x.toFixed(d));

// ---------- market factors ----------
/** Daily log returns of a factor with annual drift, volatility and volatility clustering. */
function factor(drift, vol, days) {
  const out = [];
  let stress = 1;
  for (let i = 0; i < days; i++) {
    stress = clamp(stress * 0.97 + 0.03 + 0.12 * normal() * Math.sqrt(stress) * 0.5, 0.6, 2.8);
    const s = (vol * stress) / Math.sqrt(252);
    out.push(drift / 252 - (s * s) / 2 + s * normal());
  }
  return out;
}
/**
 * Pins a factor's realised growth: the older part of the window to `earlier` a year, the
 * last 252 days to `lastYear`, by shifting each part's daily returns by a constant. The
 * randomness stays (volatility, drawdowns, ordering); only the drift is set, so the sample
 * market is a plausible, moderately rising one rather than whatever the seed happens to draw.
 */
function pinDrift(returns, earlier, lastYear) {
  const cut = returns.length - 252;
  const shift = (from, to, annual) => {
    const n = to - from;
    const have = returns.slice(from, to).reduce((a, b) => a + b, 0);
    const c = (Math.log(1 + annual) * (n / 252) - have) / n;
    for (let i = from; i < to; i++) returns[i] += c;
  };
  shift(1, cut, earlier);
  shift(cut, returns.length, lastYear);
  return returns;
}
const equity = pinDrift(factor(0.1, 0.15, DAYS), 0.08, 0.14);
const rates = pinDrift(
  factor(0.04, 0.06, DAYS).map((r) => r * 0.3),
  0.025,
  0.045,
); // bonds: low beta to rates moves
const cryptoMkt = pinDrift(factor(0.25, 0.55, DAYS), 0.3, 0.35);

function path(returns, start = 100) {
  const closes = [start];
  for (let i = 1; i < returns.length; i++) closes.push(closes[i - 1] * Math.exp(returns[i]));
  return closes;
}

function series(closes) {
  return { start: START, closes: closes.map(sig4) };
}

/** An instrument's daily log returns: alpha + beta × factor + idiosyncratic noise. */
function instrumentReturns({ alpha, beta, idioVol, mkt }) {
  const s = idioVol / Math.sqrt(252);
  return mkt.map((m) => alpha / 252 - (s * s) / 2 + beta * m + s * normal());
}

// ---------- market series ----------
const benchmarkCloses = path(equity, 4800);
const vix = [];
for (let i = 0; i < DAYS; i++) {
  const w = equity.slice(Math.max(1, i - 19), i + 1);
  const mean = w.reduce((a, b) => a + b, 0) / Math.max(1, w.length);
  const rv = Math.sqrt(w.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, w.length - 1)) * Math.sqrt(252);
  vix.push(round(clamp(100 * rv * 1.15 + 2 + normal() * 0.8, 9, 80), 2));
}
let y = 0.038;
const treasury = [];
for (let i = 0; i < DAYS; i++) {
  y += (0.02 * (0.043 - y)) / 21 + 0.0006 * normal();
  treasury.push(round(clamp(y, 0.005, 0.09), 4));
}
const months = 40;
let cpi = 0.041;
const cpiValues = [];
for (let i = 0; i < months; i++) {
  cpi += 0.08 * (0.028 - cpi) + 0.0015 * normal();
  cpiValues.push(round(cpi, 4));
}
const cpiStartYear = Number(AS_OF.slice(0, 4)) - Math.floor((months - 1) / 12) - 1;

// ---------- names ----------
const ISSUERS = [
  'Northwind',
  'Harborline',
  'Bluestone',
  'Meridian Peak',
  'Crescent Ridge',
  'Ironbark',
  'Summit Arc',
  'Larkspur',
  'Tidewater',
  'Granite Bay',
];
const usedSymbols = new Set();
function symbolFrom(words, len) {
  const letters = words
    .join('')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  for (let attempt = 0; attempt < 1000; attempt++) {
    let s = letters[0] ?? 'X';
    while (s.length < len) s += letters[Math.floor(rand() * letters.length)] ?? 'X';
    if (!usedSymbols.has(s)) {
      usedSymbols.add(s);
      return s;
    }
  }
  throw new Error('symbol space exhausted');
}

// ---------- ETFs ----------
const ETF_CATEGORIES = [
  { category: 'US Large Cap', region: 'US', beta: 1.0, idio: 0.02, er: 0.05, alpha: 0.0 },
  { category: 'US Total Market', region: 'US', beta: 1.02, idio: 0.025, er: 0.04, alpha: 0.0 },
  { category: 'US Small Cap', region: 'US', beta: 1.25, idio: 0.1, er: 0.12, alpha: -0.01 },
  { category: 'Developed ex-US', region: 'Europe', beta: 0.85, idio: 0.08, er: 0.1, alpha: -0.02 },
  { category: 'Global Equity', region: 'Global', beta: 0.92, idio: 0.05, er: 0.12, alpha: -0.01 },
  { category: 'Emerging Markets', region: 'Emerging Markets', beta: 0.9, idio: 0.14, er: 0.18, alpha: -0.03 },
  { category: 'Asia Pacific', region: 'Asia-Pacific', beta: 0.8, idio: 0.12, er: 0.15, alpha: -0.02 },
  { category: 'Technology Sector', region: 'US', beta: 1.2, idio: 0.12, er: 0.1, alpha: 0.04 },
  { category: 'Healthcare Sector', region: 'US', beta: 0.75, idio: 0.1, er: 0.1, alpha: 0.0 },
  { category: 'Dividend Equity', region: 'US', beta: 0.8, idio: 0.06, er: 0.08, alpha: 0.0 },
  { category: 'Aggregate Bond', region: 'US', beta: 0.05, idio: 0.05, er: 0.04, alpha: -0.05, bond: true },
  { category: 'Treasury Bond', region: 'US', beta: 0.0, idio: 0.06, er: 0.05, alpha: -0.06, bond: true },
  { category: 'Corporate Bond', region: 'Global', beta: 0.15, idio: 0.06, er: 0.12, alpha: -0.04, bond: true },
  { category: 'Real Estate', region: 'US', beta: 0.95, idio: 0.16, er: 0.12, alpha: -0.03 },
  { category: 'Commodities', region: 'Global', beta: 0.2, idio: 0.18, er: 0.35, alpha: -0.04 },
  { category: 'Thematic Innovation', region: 'Global', beta: 1.4, idio: 0.28, er: 0.6, alpha: -0.04 },
];

function makeEtf(i, documented) {
  const cat = documented
    ? ETF_CATEGORIES.find((c) => c.category === documented.category)
    : ETF_CATEGORIES[i % ETF_CATEGORIES.length];
  const q = documented ? documented.q + 0.3 * normal() : normal();
  const issuer = pick(ISSUERS);
  const ucits = chance(0.55);
  const variant = pick(['Index', 'Core', 'Select', 'Broad', 'Enhanced', 'Quality']);
  const name = documented
    ? documented.name
    : `${issuer} ${cat.category} ${variant}${ucits ? ' UCITS' : ''} ETF (SAMPLE DATA)`;
  const expense = clamp(cat.er * Math.exp(-0.45 * q + 0.35 * normal()), 0.02, 0.95);
  const aum = Math.pow(10, clamp(9.4 + 0.45 * q + 0.6 * normal(), 7.7, 11.7));
  const te = clamp(0.0025 * Math.exp(-0.55 * q + 0.5 * normal()), 0.0002, 0.02);
  const history = round(clamp(9 + 4 * q + 5 * normal(), 1.2, 32), 1);
  const returns = instrumentReturns({
    alpha: cat.alpha + 0.045 * q + 0.02 * normal(),
    beta: cat.beta * (1 + 0.08 * normal()),
    idioVol: cat.idio * Math.exp(-0.25 * q + 0.2 * normal()),
    mkt: cat.bond ? rates : equity,
  });
  const closes = path(returns, uniform(20, 400));
  // A fund younger than the price window only has closes since its launch.
  const keep = Math.min(closes.length, Math.max(60, Math.round(history * 261)));
  const kept = closes.slice(closes.length - keep);
  return {
    symbol: documented ? documented.symbol : symbolFrom([issuer, cat.category], pick([3, 4])),
    name,
    asset_type: 'etf',
    currency: 'USD',
    current_price: sig4(kept[kept.length - 1]),
    market_cap: null,
    region: cat.region,
    etf: {
      expense_ratio: round(expense, 2),
      aum: sig4(aum),
      tracking_error: round(te, 4),
      history_years: history,
      ucits_compliant: ucits,
      region: cat.region,
      category: cat.category,
      dividend_yield: round(clamp((cat.bond ? 0.038 : 0.016) + 0.006 * normal(), 0, 0.08), 4),
    },
    prices: { start: dateOfBusinessDay(businessDayNumber(AS_OF) - (keep - 1)), closes: kept.map(sig4) },
  };
}

// ---------- stocks ----------
const SECTORS = [
  {
    sector: 'Technology',
    roe: 0.05,
    growth: 0.05,
    de: 0.7,
    margin: 0.06,
    beta: 1.2,
    idio: 0.3,
    words: ['Quantum', 'Vector', 'Cloud', 'Signal', 'Pixel', 'Logic'],
  },
  {
    sector: 'Healthcare',
    roe: 0.02,
    growth: 0.02,
    de: 0.9,
    margin: 0.03,
    beta: 0.8,
    idio: 0.26,
    words: ['Vita', 'Cura', 'Helix', 'Thera', 'Medi', 'Bio'],
  },
  {
    sector: 'Financials',
    roe: 0.0,
    growth: 0.0,
    de: 1.6,
    margin: 0.06,
    beta: 1.1,
    idio: 0.22,
    words: ['Capital', 'Trust', 'Ledger', 'Harbor', 'Union', 'Crest'],
  },
  {
    sector: 'Consumer Discretionary',
    roe: 0.01,
    growth: 0.01,
    de: 1.0,
    margin: -0.02,
    beta: 1.15,
    idio: 0.3,
    words: ['Urban', 'Nova', 'Trend', 'Style', 'Motion', 'Leisure'],
  },
  {
    sector: 'Consumer Staples',
    roe: 0.03,
    growth: -0.03,
    de: 1.1,
    margin: -0.01,
    beta: 0.6,
    idio: 0.18,
    words: ['Harvest', 'Pantry', 'Daily', 'Fresh', 'Home', 'Basket'],
  },
  {
    sector: 'Industrials',
    roe: 0.0,
    growth: -0.01,
    de: 1.0,
    margin: -0.01,
    beta: 1.05,
    idio: 0.24,
    words: ['Forge', 'Atlas', 'Gear', 'Steel', 'Rail', 'Works'],
  },
  {
    sector: 'Energy',
    roe: 0.01,
    growth: -0.02,
    de: 1.0,
    margin: 0.0,
    beta: 0.9,
    idio: 0.32,
    words: ['Petro', 'Flare', 'Basin', 'Ridge', 'Solar', 'Wind'],
  },
  {
    sector: 'Utilities',
    roe: -0.03,
    growth: -0.04,
    de: 2.2,
    margin: 0.01,
    beta: 0.5,
    idio: 0.17,
    words: ['Grid', 'Power', 'Water', 'Current', 'Volt', 'Line'],
  },
  {
    sector: 'Materials',
    roe: -0.01,
    growth: -0.02,
    de: 1.0,
    margin: -0.01,
    beta: 1.0,
    idio: 0.28,
    words: ['Mineral', 'Alloy', 'Polymer', 'Timber', 'Quarry', 'Chem'],
  },
  {
    sector: 'Communication Services',
    roe: 0.01,
    growth: 0.01,
    de: 1.0,
    margin: 0.02,
    beta: 1.0,
    idio: 0.28,
    words: ['Stream', 'Wave', 'Echo', 'Link', 'Channel', 'Media'],
  },
  {
    sector: 'Real Estate',
    roe: -0.04,
    growth: -0.02,
    de: 2.0,
    margin: 0.04,
    beta: 0.9,
    idio: 0.22,
    words: ['Estate', 'Tower', 'Plaza', 'Realty', 'Square', 'Dwell'],
  },
];
const STOCK_REGIONS = [
  ['US', 0.6],
  ['Europe', 0.25],
  ['Asia-Pacific', 0.15],
];
const SUFFIXES = ['Holdings', 'Corp', 'Group', 'Systems', 'Industries', 'Labs', 'Partners', 'Inc'];

function makeStock(i, documented) {
  const sec = documented ? SECTORS.find((x) => x.sector === documented.sector) : SECTORS[i % SECTORS.length];
  const q = documented ? documented.q + 0.3 * normal() : normal();
  const word = pick(sec.words);
  const second = pick([
    'North',
    'Prime',
    'Bright',
    'Clear',
    'True',
    'Silver',
    'Blue',
    'Keystone',
    'Evergreen',
    'Apex',
    'Pioneer',
    'Horizon',
  ]);
  const name = documented ? documented.name : `${second}${word.toLowerCase()} ${pick(SUFFIXES)} (SAMPLE DATA)`;
  let r = rand();
  const region = documented ? 'US' : (STOCK_REGIONS.find(([, p]) => (r -= p) < 0)?.[0] ?? 'US');
  const marketCap = Math.pow(10, clamp(10.3 + 0.35 * q + 0.65 * normal(), 8.6, 12.5));
  const price = uniform(8, 600);
  const returns = instrumentReturns({
    alpha: 0.06 * q + 0.05 * normal(),
    beta: clamp(sec.beta * (1 + 0.2 * normal()), 0.2, 2.2),
    idioVol: sec.idio * Math.exp(-0.3 * q + 0.2 * normal()),
    mkt: equity,
  });
  const closes = path(returns, price);
  return {
    symbol: documented ? documented.symbol : symbolFrom([second, word], pick([3, 4, 4])),
    name,
    asset_type: 'stock',
    currency: 'USD',
    current_price: sig4(closes[closes.length - 1]),
    market_cap: sig4(marketCap),
    region,
    stock: {
      roe: round(clamp(0.14 + sec.roe + 0.09 * q + 0.05 * normal(), -0.6, 1.2), 4),
      revenue_growth_5y: round(clamp(0.08 + sec.growth + 0.07 * q + 0.04 * normal(), -0.3, 0.9), 4),
      debt_to_equity: round(clamp(sec.de * 0.55 * Math.exp(-0.55 * q + 0.6 * normal()), 0, 8), 3),
      free_cash_flow: sig4(marketCap * (0.028 + 0.014 * q + 0.02 * normal())),
      profit_margin: round(clamp(0.11 + sec.margin + 0.065 * q + 0.04 * normal(), -0.5, 0.6), 4),
      sector: sec.sector,
      region,
      pe_ratio: round(clamp(22 * Math.exp(0.35 * normal()), 4, 120), 1),
    },
    prices: series(closes),
  };
}

// ---------- crypto ----------
const CRYPTO_CATEGORIES = [
  'Layer 1',
  'Layer 2',
  'DeFi',
  'Infrastructure',
  'Exchange Token',
  'Payments',
  'Gaming',
  'Meme',
];
const CRYPTO_WORDS = [
  'Aether',
  'Nimbus',
  'Photon',
  'Lattice',
  'Orbit',
  'Cinder',
  'Zephyr',
  'Quasar',
  'Ember',
  'Prism',
  'Solace',
  'Vertex',
  'Onyx',
  'Halo',
  'Drift',
  'Kite',
];

function makeCrypto(i) {
  const q = normal();
  const category = CRYPTO_CATEGORIES[i % CRYPTO_CATEGORIES.length];
  const word = CRYPTO_WORDS[i % CRYPTO_WORDS.length];
  const suffix = pick(['Coin', 'Chain', 'Network', 'Protocol', 'Token']);
  const meme = category === 'Meme';
  const marketCap = Math.pow(10, clamp(9.7 + 0.75 * q + 0.45 * normal() - (meme ? 0.4 : 0), 7.5, 12.3));
  const returns = instrumentReturns({
    alpha: 0.15 * q + 0.1 * normal() - (meme ? 0.1 : 0),
    beta: clamp(1 + 0.25 * normal() + (meme ? 0.4 : 0), 0.3, 2.2),
    idioVol: 0.45 * Math.exp(-0.3 * q + 0.25 * normal() + (meme ? 0.4 : 0)),
    mkt: cryptoMkt,
  });
  const age = Math.round(clamp(48 + 30 * q + 28 * normal(), 4, 200));
  const keep = Math.min(DAYS, Math.max(60, Math.round((age / 12) * 261)));
  const closes = path(returns, Math.pow(10, uniform(-2, 4))).slice(DAYS - keep);
  return {
    symbol: symbolFrom([word, suffix], pick([3, 4])),
    name: `${word} ${suffix} (SAMPLE DATA)`,
    asset_type: 'crypto',
    currency: 'USD',
    current_price: sig4(closes[closes.length - 1]),
    market_cap: sig4(marketCap),
    region: 'Global',
    crypto: {
      daily_volume: sig4(marketCap * clamp(0.045 * Math.exp(0.5 * normal()), 0.005, 0.4)),
      age_months: age,
      institutional_adoption: q + 0.6 * normal() > 0.5,
      category,
    },
    prices: { start: dateOfBusinessDay(businessDayNumber(AS_OF) - (keep - 1)), closes: closes.map(sig4) },
  };
}

// ---------- documented symbols ----------
// The API reference this service's contract comes from (fjacquet/finwiz) uses these tickers
// in its examples, so documented calls such as `GET /monitor/VTI` answer on the sample data.
// Only the tickers are borrowed: names, fundamentals and prices are as synthetic as the rest
// (`q` sets the latent quality), and each name says so. Generated after the invented universe,
// so adding them left every invented instrument unchanged.
const DOCUMENTED_ETFS = [
  {
    symbol: 'VTI',
    category: 'US Total Market',
    q: 1.2,
    name: 'Total Stock Market ETF, synthetic figures under a documented ticker (SAMPLE DATA)',
  },
  {
    symbol: 'VXUS',
    category: 'Developed ex-US',
    q: 1.4,
    name: 'Total International Stock ETF, synthetic figures under a documented ticker (SAMPLE DATA)',
  },
  {
    symbol: 'BND',
    category: 'Aggregate Bond',
    q: 0.8,
    name: 'Total Bond Market ETF, synthetic figures under a documented ticker (SAMPLE DATA)',
  },
  {
    symbol: 'SCHD',
    category: 'Dividend Equity',
    q: 1.6,
    name: 'US Dividend Equity ETF, synthetic figures under a documented ticker (SAMPLE DATA)',
  },
];
const DOCUMENTED_STOCKS = [
  {
    symbol: 'AAPL',
    sector: 'Technology',
    q: 1.3,
    name: 'Devices & Services Co, synthetic figures under a documented ticker (SAMPLE DATA)',
  },
  {
    symbol: 'MSFT',
    sector: 'Technology',
    q: 1.5,
    name: 'Software & Cloud Co, synthetic figures under a documented ticker (SAMPLE DATA)',
  },
  {
    symbol: 'GOOGL',
    sector: 'Communication Services',
    q: 1.1,
    name: 'Search & Media Co, synthetic figures under a documented ticker (SAMPLE DATA)',
  },
];

// ---------- assemble ----------
const instruments = [
  ...Array.from({ length: COUNTS.etf }, (_, i) => makeEtf(i)),
  ...Array.from({ length: COUNTS.stock }, (_, i) => makeStock(i)),
  ...Array.from({ length: COUNTS.crypto }, (_, i) => makeCrypto(i)),
];
for (const d of [...DOCUMENTED_ETFS, ...DOCUMENTED_STOCKS]) {
  if (usedSymbols.has(d.symbol)) throw new Error(`documented symbol ${d.symbol} is already an invented one`);
  usedSymbols.add(d.symbol);
}
instruments.push(...DOCUMENTED_ETFS.map((d) => makeEtf(0, d)), ...DOCUMENTED_STOCKS.map((d) => makeStock(0, d)));

const snapshot = {
  format: 'disc-snapshot',
  version: 1,
  sample: true,
  description:
    'SAMPLE DATA: a synthetic market generated by packages/disc-market-data/scripts/generate-sample-snapshot.mjs. Tickers, names, fundamentals and prices are invented; this is not live or historical market data.',
  as_of: AS_OF,
  generator: { script: 'packages/disc-market-data/scripts/generate-sample-snapshot.mjs', seed: SEED, days: DAYS },
  market: {
    benchmark: { symbol: 'SMPLMKT', name: 'Sample Broad Market Index (SAMPLE DATA)', prices: series(benchmarkCloses) },
    vix: { start: START, closes: vix },
    treasury_10y: { start: START, closes: treasury },
    cpi_yoy: { start: `${cpiStartYear}-${AS_OF.slice(5, 7)}`, values: cpiValues },
  },
  instruments,
};

parseSnapshot(snapshot, 'generated snapshot'); // refuse to write a file the loader would reject
const dataDir = arg('--out') ?? join(here, '..', 'data');
// The snapshot itself is its own package (@disc/sample-snapshot), so that this one stays small.
const snapshotDir = arg('--out') ?? join(here, '..', '..', 'disc-sample-snapshot');
writeFileSync(join(snapshotDir, 'sample-snapshot.json'), JSON.stringify(snapshot) + '\n');
writeFileSync(join(dataDir, 'snapshot.schema.json'), JSON.stringify(SNAPSHOT_SCHEMA, null, 2) + '\n');
console.log(
  `wrote ${instruments.length} instruments (${COUNTS.etf} + ${DOCUMENTED_ETFS.length} ETFs, ${COUNTS.stock} + ${DOCUMENTED_STOCKS.length} stocks, ${COUNTS.crypto} crypto), ${DAYS} days from ${START} to ${AS_OF}, seed ${SEED}`,
);
