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
// In-memory rate limits are raised out of the way; info logs (the access log) go to a pipe
// that this script drains, as a log shipper would.
// The machine may be shared, so the ratio is never taken from one measurement:
// - every server (baseline included) is warmed up first (JIT, caches, connections);
// - each target is measured in BENCH_ROUNDS rounds (default 5); a round measures the baseline
//   and the target back to back for BENCH_SECONDS (default 3) each, alternating which goes
//   first (ABBA), so a drift of the machine's load does not favour either;
// - a round's ratio compares its two measurements; the median round is reported, with the
//   lowest and highest round ratio (the spread) beside it;
// - on Linux the server's own CPU time per request (from /proc) is reported too, for the
//   baseline and the target: it depends far less on what else the machine runs than req/s.
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

const DURATION = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

if (!existsSync(join(appDir, 'dist', 'commands', 'serve.js'))) {
  console.error('apps/discovery-api is not built; run `pnpm run build` first.');
  process.exit(1);
}

/** Spawns a node process and resolves once `ready(output)` returns a value. Its output is
 * drained for as long as it runs. */
function start(args, env, ready) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    let done = false;
    const onData = (chunk) => {
      if (done) return;
      if (output.length < 100_000) output += chunk.toString();
      const value = ready(output);
      if (value !== undefined) {
        done = true;
        resolve({ child, value });
      }
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

function run(url, headers, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** CPU seconds (user + system) a process has used so far; undefined where /proc is missing. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (USER_HZ, 100).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** One autocannon run against `server` ({ url, pid }), with the server's CPU time per request. */
async function measureOnce(server, path, headers) {
  const before = cpuSeconds(server.pid);
  const result = await run(`${server.url}${path}`, headers);
  const after = cpuSeconds(server.pid);
  const other = result.non2xx + result.errors + result.timeouts;
  const cpuUs =
    before === undefined || after === undefined || result.requests.total === 0
      ? undefined
      : ((after - before) * 1e6) / result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other,
    cpuUs,
  };
}

const { Client } = requireFromApp('pg');
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs a CLI command of the API to completion and returns its stdout. */
function cli(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(appDir, 'bin', 'run.js'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}: ${err}`)),
    );
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
  PORT: '0',
  HOST: '127.0.0.1',
  REDIS_URL: '',
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  DISCOVERY_REFRESH_INTERVAL_MS: '0',
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
  return { ...api.value, pid: api.child.pid, child: api.child };
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  processes.splice(processes.indexOf(child), 1);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** BENCH_ROUNDS rounds of baseline and target back to back, alternating which runs first;
 * the round with the median ratio, the spread of the round ratios and the median CPU costs. */
async function paired(label, api, path, headers, target) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const targetFirst = i % 4 === 1 || i % 4 === 2;
    const first = targetFirst ? await measureOnce(api, path, headers) : await measureOnce(baseline, '/', {});
    const second = targetFirst ? await measureOnce(baseline, '/', {}) : await measureOnce(api, path, headers);
    const [measured, base] = targetFirst ? [first, second] : [second, first];
    rounds.push({ ...measured, base: base.rps, baseCpuUs: base.cpuUs, ratio: measured.rps / base.rps });
  }
  const ratios = rounds.map((r) => r.ratio);
  const middle = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  const cpu = rounds.every((r) => r.cpuUs !== undefined && r.baseCpuUs !== undefined)
    ? { target: median(rounds.map((r) => r.cpuUs)), base: median(rounds.map((r) => r.baseCpuUs)) }
    : undefined;
  return {
    label,
    target,
    ...middle,
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    other: rounds.reduce((n, r) => n + r.other, 0),
    cpu,
  };
}

async function measure(backend, api) {
  const auth = { authorization: `Bearer ${api.token}` };
  const criteria = '/v1/discovery/criteria/etf';
  const monitor = `/v1/discovery/monitor/${symbol}`;
  // Warm-up: JIT, database caches and connections, the SDK's per-snapshot metric caches.
  await run(`${api.url}${criteria}`, auth, WARMUP);
  await run(`${api.url}${monitor}`, auth, WARMUP);
  return [
    await paired(`${backend}: GET ${criteria}`, api, criteria, auth, 0.5),
    await paired(`${backend}: GET ${monitor}`, api, monitor, auth, 0.3),
  ];
}

const fixed = (value, digits = 0) => (value === undefined ? '-' : value.toFixed(digits));

let baseline;
try {
  const started = await start(['-e', baselineSource], {}, (out) => /PORT (\d+)/.exec(out)?.[1]);
  processes.push(started.child);
  baseline = { url: `http://127.0.0.1:${started.value}`, pid: started.child.pid };
  console.error(
    `bench: ${ROUNDS} rounds of ${DURATION}s baseline + ${DURATION}s target (alternating order), ${CONNECTIONS} connections, ` +
      `${WARMUP}s warm-up per server and route, monitor symbol ${symbol}`,
  );
  await run(`${baseline.url}/`, {}, WARMUP);

  const embedded = await startApi({ DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '' });
  const rows = await measure('PGlite', embedded);
  // Only one API server runs at a time.
  await stop(embedded.child);
  postgres = await scratchPostgres();
  if (postgres !== undefined) {
    const env = { DATABASE_URL: postgres.url, DISCOVERY_DATA_DIR: dataDir };
    const token = (await cli(['tokens', 'create', '--name', 'bench', '--scopes', 'discovery'], env)).trim();
    rows.push(...(await measure('PostgreSQL', await startApi(env, token))));
  }
  console.log(
    `target (median of ${ROUNDS} rounds)                     req/s  baseline  ratio  min-max      p50 ms  p99 ms  cpu µs/req (baseline)  non-2xx`,
  );
  for (const row of rows) {
    const verdict = row.ratio >= row.target ? `(>= ${row.target} ok)` : `(< ${row.target} MISSED)`;
    const cpu = row.cpu === undefined ? '-' : `${fixed(row.cpu.target)} (${fixed(row.cpu.base)})`;
    console.log(
      `${row.label.padEnd(46)} ${fixed(row.rps).padStart(6)}  ${fixed(row.base).padStart(8)}  ${fixed(row.ratio, 2).padStart(5)}  ${`${fixed(row.min, 2)}-${fixed(row.max, 2)}`.padEnd(11)}  ${String(row.p50).padStart(6)}  ${String(row.p99).padStart(6)}  ${cpu.padEnd(21)}  ${String(row.other).padStart(7)}  ${verdict}`,
    );
  }
} finally {
  for (const child of processes) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await postgres
    ?.drop()
    .catch((error) => console.error(`bench: could not drop the scratch database: ${error.message}`));
  rmSync(dataDir, { recursive: true, force: true });
}
