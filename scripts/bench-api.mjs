#!/usr/bin/env node
// `pnpm bench:api`: throughput of the built discovery API against a bare Express app that
// answers a fixed JSON body, both measured in the same run on loopback with autocannon.
// Prints requests/s of GET /v1/discovery/criteria/etf and GET /v1/discovery/monitor/{symbol}
// as ratios to that baseline, and p99 latencies. Targets: >= 0.5 (criteria), >= 0.3 (monitor).
// The API runs as its own process on the embedded default (PGlite in a temporary folder,
// in-memory rate limits raised out of the way, info logs to a pipe), as `npm start` does.
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

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
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

const dataDir = mkdtempSync(join(tmpdir(), 'discovery-bench-'));
const sample = JSON.parse(readFileSync(join(root, 'packages', 'disc-sample-snapshot', 'sample-snapshot.json'), 'utf8'));
const symbol = sample.instruments.find((i) => i.asset_type === 'etf').symbol;
const processes = [];
try {
  const baseline = await start(['-e', baselineSource], {}, (out) => /PORT (\d+)/.exec(out)?.[1]);
  processes.push(baseline.child);
  const api = await start(
    [join(appDir, 'bin', 'run.js'), 'serve'],
    {
      PORT: '0', HOST: '127.0.0.1', DISCOVERY_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', LOG_FORMAT: 'json',
      DISCOVERY_RATE_LIMITS: JSON.stringify({ criteria: { limit: 1e9 }, monitor: { limit: 1e9 } }),
    },
    (out) => {
      const url = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1];
      const token = /(disc_[A-Za-z0-9_-]{43})/.exec(out)?.[1];
      return url && token && out.includes('"listening"') ? { url, token } : undefined;
    },
  );
  processes.push(api.child);
  const auth = { authorization: `Bearer ${api.value.token}` };
  const baseUrl = `http://127.0.0.1:${baseline.value}/`;
  console.error(`bench: ${DURATION}s per target, ${CONNECTIONS} connections, monitor symbol ${symbol}`);
  // Warm-up: JIT, PGlite caches and the SDK's per-snapshot metric caches.
  await run(`${api.value.url}/v1/discovery/criteria/etf`, auth).catch(() => undefined);
  await run(`${api.value.url}/v1/discovery/monitor/${symbol}`, auth).catch(() => undefined);

  const rows = [
    summary('baseline GET / (bare Express)', await run(baseUrl, {})),
    summary('GET /v1/discovery/criteria/etf', await run(`${api.value.url}/v1/discovery/criteria/etf`, auth)),
    summary(`GET /v1/discovery/monitor/${symbol}`, await run(`${api.value.url}/v1/discovery/monitor/${symbol}`, auth)),
  ];
  const base = rows[0].rps;
  const targets = [undefined, 0.5, 0.3];
  console.log('target                                   req/s   ratio  p50 ms  p99 ms   2xx      other');
  rows.forEach((row, i) => {
    const ratio = row.rps / base;
    const verdict = targets[i] === undefined ? '' : ratio >= targets[i] ? `  (>= ${targets[i]} ok)` : `  (< ${targets[i]} MISSED)`;
    console.log(`${row.label.padEnd(40)} ${row.rps.toFixed(0).padStart(6)}  ${ratio.toFixed(2).padStart(5)}  ${String(row.p50).padStart(6)}  ${String(row.p99).padStart(6)}  ${String(row.ok).padStart(7)}  ${String(row.other).padStart(6)}${verdict}`);
  });
} finally {
  for (const child of processes) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
