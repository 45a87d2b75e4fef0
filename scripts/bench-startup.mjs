#!/usr/bin/env node
// Start-up benchmark (issue 15): everyday commands of the built CLI and the API's cold start, as
// ratios to `node -e 0` measured in the same run. Each case runs N times (like hyperfine, but in
// Node: no extra tool), one after the other, and the median wall time counts.
//   1. `stmt --version`                                 target ≤ 2× node -e 0
//   2. `stmt convert` of a tiny camt.053 file            target ≤ 3× node -e 0
//   3. `stmt convert` of a folder of 500 such files       target ≤ 1 ms per file after start-up
//      (per file = (folder run − tiny single-file run) / 500, each folder run paired with a
//      single-file run just before it so that both see the same load; the median over the pairs,
//      of wall time and, on Linux, of CPU time: user + system of the process and its threads)
//   4. what durability costs a small file: temporary file, write, fsync, rename (sixteen at a time,
//      as a folder conversion does, and four at a time), against the same without the fsync
//   5. `discovery-api serve`: spawn to the first 200 from /healthz (the process answers) and on
//      to the first 200 from /readyz (database open and migrated, the API serving), with a new
//      data folder (the PGlite database is created) and with an existing one (a restart);
//      reported, no target.
// Build first: `pnpm run build`.
//   pnpm bench:startup
//   pnpm bench:startup -- --runs 21 --files 500 --no-api
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { median } from './bench/stats.mjs';

// As the stmt launcher does (src/launch/main.ts): sixteen fsyncs under way need sixteen threads.
process.env.UV_THREADPOOL_SIZE ??= '16';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stmt = join(root, 'apps', 'statement-cli', 'bin', 'run.js');
const api = join(root, 'apps', 'discovery-api', 'bin', 'run.js');
const tinyCamt = join(root, 'packages', 'stmt-parser', 'test', 'fixtures', 'camt', 'camt053-foreign-currency.xml');

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const runs = option('runs', 15);
const files = option('files', 500);
const apiRuns = option('api-runs', 3);
const withApi = !process.argv.includes('--no-api');

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`); undefined where there is no /proc. */
const clockTicks = existsSync('/proc/self/stat')
  ? Number(spawnSync('getconf', ['CLK_TCK']).stdout ?? 100) || 100
  : undefined;

/** User + system CPU ms of the children this process has waited for (Linux), or undefined. */
function childrenCpu() {
  if (clockTicks === undefined) return undefined;
  // After "pid (comm) " come the fields from the 3rd on; cutime and cstime are the 16th and 17th.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicks;
}

/** One run of `node args`: wall and CPU ms; a failing run stops the bench. */
function runOnce(args) {
  const cpuBefore = childrenCpu();
  const start = performance.now();
  const result = spawnSync(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const wall = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  const cpuAfter = childrenCpu();
  return { wall, cpu: cpuBefore === undefined ? undefined : cpuAfter - cpuBefore };
}

/** Median wall time in ms of `node args`, after one warm-up run. */
function time(args, count = runs) {
  const samples = [];
  for (let i = 0; i <= count; i++) {
    const { wall } = runOnce(args);
    if (i > 0) samples.push(wall);
  }
  return median(samples);
}

/**
 * Writes back what earlier runs left in the page cache, where the system offers `sync`: each
 * folder run fsyncs its 500 files, and behind them would otherwise wait the previous run's
 * unflushed writes, a cost of the bench's repetition, not of the run measured.
 */
function settleDisk() {
  spawnSync('sync', [], { stdio: 'ignore' });
}

/**
 * The folder run's median wall time, and its cost per file after start-up: each folder run
 * follows a single-file run, and the median of (folder − single) / files over these pairs is
 * taken, of wall and of CPU time. One warm-up pair. `folderArgs(i)` names the run's output
 * folder: a new one each time (a first conversion), or the same one (a re-run replacing its
 * files, which costs the file system more: each rename frees the file it replaces).
 */
function perFileCost(singleArgs, folderArgs, count) {
  const folderWall = [];
  const wall = [];
  const cpu = [];
  for (let i = 0; i <= count; i++) {
    settleDisk();
    const one = runOnce(singleArgs);
    const all = runOnce(folderArgs(i));
    if (i === 0) continue;
    folderWall.push(all.wall);
    wall.push((all.wall - one.wall) / files);
    if (all.cpu !== undefined) cpu.push((all.cpu - one.cpu) / files);
  }
  return { folder: median(folderWall), wall: median(wall), cpu: cpu.length > 0 ? median(cpu) : undefined };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One GET of `path` without keep-alive (a kept connection would delay the server's clean stop). */
function answers200(port, path) {
  return new Promise((resolve) => {
    const request = get(
      { host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' } },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.on('error', () => resolve(false));
  });
}

/** Spawns `discovery-api serve` and resolves with the ms until /healthz, then /readyz, first
 * answer 200. */
async function apiStart(dataDir) {
  const port = await freePort();
  const start = performance.now();
  const child = spawn(process.execPath, [api, 'serve'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DISCOVERY_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const until200 = async (path) => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`discovery-api serve exited with ${child.exitCode}: ${stderr}`);
      if (await answers200(port, path)) return performance.now() - start;
      if (performance.now() - start > 120_000)
        throw new Error(`discovery-api serve: no 200 from ${path} within 2 minutes: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  try {
    const healthz = await until200('/healthz');
    return { healthz, readyz: await until200('/readyz') };
  } finally {
    child.kill('SIGTERM');
    const stuck = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(stuck);
  }
}

/** ms per file to write `count` copies of `bytes` atomically into `dir`, `width` at a time; `sync`: fsync before the rename. */
async function atomicWrites(dir, bytes, count, sync, width) {
  mkdirSync(dir);
  const start = performance.now();
  const one = async (i) => {
    const temp = join(dir, `.f${i}.tmp`);
    const handle = await open(temp, 'wx');
    await handle.write(bytes);
    if (sync) await handle.sync();
    await handle.close();
    await rename(temp, join(dir, `f${i}.csv`));
  };
  for (let i = 0; i < count; i += width)
    await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, n) => one(i + n)));
  return (performance.now() - start) / count;
}

const ms = (value) => `${value.toFixed(1)} ms`;
const ratio = (value, base) => `${(value / base).toFixed(2)}×`;
const verdict = (ok) => (ok ? 'ok' : 'MISSED');

const scratch = mkdtempSync(join(tmpdir(), 'bench-startup-'));
try {
  const folder = join(scratch, 'in');
  mkdirSync(folder);
  for (let i = 0; i < files; i++) copyFileSync(tinyCamt, join(folder, `statement-${String(i).padStart(4, '0')}.xml`));

  const node = time(['-e', '0']);
  const version = time([stmt, '--version']);
  const single = time([stmt, 'convert', '-i', tinyCamt, '-o', join(scratch, 'one.csv')]);
  const singleArgs = [stmt, 'convert', '-i', tinyCamt, '-o', join(scratch, 'one.csv')];
  const pairs = Math.max(3, Math.ceil(runs / 3));
  const perFile = perFileCost(
    singleArgs,
    (i) => [stmt, 'convert', '-i', folder, '-o', join(scratch, `out-${i}`)],
    pairs,
  );
  const rerun = perFileCost(singleArgs, () => [stmt, 'convert', '-i', folder, '-o', join(scratch, 'out-0')], pairs);
  const nodeAgain = time(['-e', '0']);
  const csv = readFileSync(join(scratch, 'one.csv'));
  const cost = {};
  for (const width of [16, 4]) {
    cost[width] = {
      durable: await atomicWrites(join(scratch, `fsync-${width}`), csv, files, true, width),
      undurable: await atomicWrites(join(scratch, `no-fsync-${width}`), csv, files, false, width),
    };
  }

  console.log(
    `bench:startup (median of ${runs} runs; node ${process.version}; node -e 0 again at the end: ${ms(nodeAgain)})`,
  );
  console.log(`  node -e 0                      ${ms(node)}`);
  console.log(
    `  stmt --version                 ${ms(version)}  ${ratio(version, node)}  (target ≤ 2×: ${verdict(version / node <= 2)})`,
  );
  console.log(
    `  stmt convert (tiny camt.053)   ${ms(single)}  ${ratio(single, node)}  (target ≤ 3×: ${verdict(single / node <= 3)})`,
  );
  const perFileLine = (cost) =>
    `${ms(cost.folder)}  ${cost.wall.toFixed(2)} ms per file after start-up` +
    (cost.cpu === undefined ? '' : `; CPU ${cost.cpu.toFixed(2)} ms per file`);
  console.log(
    `  stmt convert (folder, ${files} files, to a new folder) ${perFileLine(perFile)} (target ≤ 1 ms: ${verdict(perFile.wall <= 1)})`,
  );
  console.log(`  stmt convert (folder, ${files} files, re-run replacing them) ${perFileLine(rerun)}`);

  for (const width of [16, 4]) {
    const { durable, undurable } = cost[width];
    console.log(
      `  durability: ${files} small CSVs, temp + write + fsync + rename, ${width} at a time  ${durable.toFixed(2)} ms per file (${undurable.toFixed(2)} ms without the fsync)`,
    );
  }

  if (withApi) {
    const cold = [];
    const warm = [];
    for (let i = 0; i < apiRuns; i++) {
      const dataDir = join(scratch, `api-${i}`);
      cold.push(await apiStart(dataDir));
      warm.push(await apiStart(dataDir));
    }
    for (const [label, runs] of [
      ['new data folder     ', cold],
      ['existing data folder', warm],
    ]) {
      const healthz = median(runs.map((r) => r.healthz));
      const readyz = median(runs.map((r) => r.readyz));
      console.log(
        `  discovery-api serve, ${label} → 200 /healthz ${ms(healthz)}  ${ratio(healthz, node)}; → 200 /readyz ${ms(readyz)}  (median of ${apiRuns})`,
      );
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
