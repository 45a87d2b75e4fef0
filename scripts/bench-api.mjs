#!/usr/bin/env node
// `pnpm bench:api`: throughput of the built discovery API against a bare Express app that
// answers a fixed JSON body, both measured in the same run on loopback with autocannon.
// Prints requests/s of GET /v1/discovery/criteria/etf and GET /v1/discovery/monitor/{symbol}
// as ratios to that baseline, and p99 latencies. Targets: >= 0.5 (criteria), >= 0.3 (monitor),
// on both backends, measured side by side in one run:
// - the embedded default (PGlite in a temporary folder), as `npm start` runs;
// - PostgreSQL (a scratch database on BENCH_POSTGRES_URL, default the test server
//   postgres://postgres@127.0.0.1:5432/test, dropped afterwards; skipped with a note when
//   the server is unreachable).
// In-memory rate limits are raised out of the way; info logs go to a pipe.
// The machine may be shared, so each target is measured in BENCH_ROUNDS rounds (default 3),
// each round the baseline and then the target for BENCH_SECONDS (default 4) each; a round's
// ratio compares the two measured back to back, and the median round is reported.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const appDir = join(root, 'apps', 'discovery-api');
const requireFromApp = createRequire(join(appDir, 'package.json'));
const autocannon = requireFromApp('autocannon');

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

if (!existsSync(join(appDir, 'dist', 'commands', 'serve.js'))) {
  console.error('apps/discovery-api is not built; run `pnpm run build` first.');
  process.exit(1);
}

/** Spawns a node process and resolves once `ready(output)` returns a value. */
function start(args, env, ready) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      if (output.length < 100_000) output += chunk.toString();
      const value = ready(output);
      if (value !== undefined) resolve({ child, value });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`process exited with ${code}:\n${output}`)));
  });
}

const baselineSource = `
const express = require(${JSON.stringify(requireFromApp.resolve('express'))});
const app = express();
const body = { status: 'ok', service: 'baseline', values: [1, 2, 3] };
app.get('/', (_req, res) => res.json(body));
const server = app.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));`;

function run(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function summary(label, result) {
  const ok = result['2xx'];
  const other = result.non2xx + result.errors + result.timeouts;
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, ok, other };
}

const { Client } = requireFromApp('pg');
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs a CLI command of the API to completion and returns its stdout. */
function cli(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(appDir, 'bin', 'run.js'), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}: ${err}`))));
  });
}

async function scratchPostgres() {
  const name = `disc_bench_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.error(`bench: PostgreSQL skipped (${POSTGRES_ADMIN_URL}: ${error.message})`);
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'discovery-bench-'));
const sample = JSON.parse(readFileSync(join(root, 'packages', 'disc-sample-snapshot', 'sample-snapshot.json'), 'utf8'));
const symbol = sample.instruments.find((i) => i.asset_type === 'etf').symbol;
const processes = [];
let postgres;
const BENCH_ENV = {
  PORT: '0', HOST: '127.0.0.1', REDIS_URL: '', LOG_LEVEL: 'info', LOG_FORMAT: 'json', DISCOVERY_REFRESH_INTERVAL_MS: '0',
  DISCOVERY_RATE_LIMITS: JSON.stringify({ criteria: { limit: 1e9 }, monitor: { limit: 1e9 } }),
};

/** Starts `serve` with `env`; the token comes from the first-start banner (embedded) or
 * from `token()` (PostgreSQL, where no development token is created). */
async function startApi(env, token) {
  const api = await start([join(appDir, 'bin', 'run.js'), 'serve'], { ...BENCH_ENV, ...env }, (out) => {
    const url = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1];
    const banner = /(disc_[A-Za-z0-9_-]{43})/.exec(out)?.[1];
    return url && out.includes('"listening"') && (banner || token) ? { url, token: banner ?? token } : undefined;
  });
  processes.push(api.child);
  return api.value;
}

/** BENCH_ROUNDS rounds of (baseline, target); the round with the median ratio. */
async function paired(label, url, headers, target) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const base = summary('baseline', await run(baseUrl, {}));
    const measured = summary(label, await run(url, headers));
    rounds.push({ ...measured, base: base.rps, ratio: measured.rps / base.rps, target });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  const median = rounds[Math.floor(rounds.length / 2)];
  return { ...median, all: rounds.map((r) => r.ratio.toFixed(2)).join(' ') };
}

async function measure(backend, api) {
  const auth = { authorization: `Bearer ${api.token}` };
  // Warm-up: JIT, database caches and the SDK's per-snapshot metric caches.
  await run(`${api.url}/v1/discovery/criteria/etf`, auth).catch(() => undefined);
  await run(`${api.url}/v1/discovery/monitor/${symbol}`, auth).catch(() => undefined);
  return [
    await paired(`${backend}: GET /v1/discovery/criteria/etf`, `${api.url}/v1/discovery/criteria/etf`, auth, 0.5),
    await paired(`${backend}: GET /v1/discovery/monitor/${symbol}`, `${api.url}/v1/discovery/monitor/${symbol}`, auth, 0.3),
  ];
}

let baseUrl;
try {
  const baseline = await start(['-e', baselineSource], {}, (out) => /PORT (\d+)/.exec(out)?.[1]);
  processes.push(baseline.child);
  baseUrl = `http://127.0.0.1:${baseline.value}/`;
  console.error(`bench: ${ROUNDS} rounds of ${DURATION}s baseline + ${DURATION}s target, ${CONNECTIONS} connections, monitor symbol ${symbol}`);
  await run(baseUrl, {}).catch(() => undefined);

  const embedded = await startApi({ DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '' });
  const rows = await measure('PGlite', embedded);
  postgres = await scratchPostgres();
  if (postgres !== undefined) {
    const env = { DATABASE_URL: postgres.url, DISCOVERY_DATA_DIR: dataDir };
    const token = (await cli(['tokens', 'create', '--name', 'bench', '--scopes', 'discovery'], env)).trim();
    rows.push(...(await measure('PostgreSQL', await startApi(env, token))));
  }
  console.log('target (median round)                    req/s  baseline  ratio  rounds          p50 ms  p99 ms    2xx  other');
  for (const row of rows) {
    const verdict = row.ratio >= row.target ? `(>= ${row.target} ok)` : `(< ${row.target} MISSED)`;
    console.log(
      `${row.label.padEnd(40)} ${row.rps.toFixed(0).padStart(6)}  ${row.base.toFixed(0).padStart(8)}  ${row.ratio.toFixed(2).padStart(5)}  ${row.all.padEnd(14)}  ${String(row.p50).padStart(6)}  ${String(row.p99).padStart(6)}  ${String(row.ok).padStart(6)}  ${String(row.other).padStart(5)}  ${verdict}`,
    );
  }
} finally {
  for (const child of processes) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await postgres?.drop().catch((error) => console.error(`bench: could not drop the scratch database: ${error.message}`));
  rmSync(dataDir, { recursive: true, force: true });
}
