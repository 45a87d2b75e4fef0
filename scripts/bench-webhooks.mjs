#!/usr/bin/env node
// Webhook delivery benchmark: deliveries per second from the PostgreSQL outbox to a local
// receiver with one and with two delivery workers (each in its own thread with its own
// connection pool, as separate processes would be), and the latency from event to receipt.
//
//   pnpm exec tsc -b packages/disc-webhooks && node scripts/bench-webhooks.mjs [--events 2000] [--rate 200]
//
// Needs PostgreSQL at 127.0.0.1:5432 (DATABASE_URL overrides); creates and drops its own database.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(root, 'packages', 'disc-webhooks');
const require = createRequire(join(pkg, 'package.json'));
const { Pool, Client } = require('pg');
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const POLL_MS = 50;
const CONCURRENCY = 16;

if (!existsSync(join(pkg, 'dist', 'index.js'))) {
  console.error('Build the package first: pnpm exec tsc -b packages/disc-webhooks');
  process.exit(1);
}
const webhooks = require(join(pkg, 'dist', 'index.js'));
const sql = require('@disc/sql');

if (isMainThread) await main();
else await runWorker();

async function main() {
  const events = Number(argument('--events', 2000));
  const rate = Number(argument('--rate', 200));
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_webhooks_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin(base, `CREATE DATABASE ${name}`);
  const url = withDatabase(base, name);
  const pool = new Pool({ connectionString: url, max: 4 });
  const receiver = await startReceiver();
  try {
    await migrate(pool);
    console.log(
      `webhook delivery benchmark: PostgreSQL, ${events} events, workers poll every ${POLL_MS} ms, ${CONCURRENCY} sends at once each`,
    );
    for (const workerCount of [1, 2]) {
      const throughput = await throughputRun(pool, url, receiver, workerCount, events);
      const latency = await latencyRun(pool, url, receiver, workerCount, rate, Math.min(events, rate * 5));
      console.log(
        `${workerCount} worker${workerCount > 1 ? 's' : ' '}: ${throughput.toFixed(0).padStart(5)} deliveries/s` +
          ` | event→receipt at ${rate}/s: p50 ${latency.p50.toFixed(0)} ms, p99 ${latency.p99.toFixed(0)} ms`,
      );
    }
  } finally {
    await receiver.close();
    await pool.end();
    await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** Every event is in the outbox before the workers start: how fast do they drain it? */
async function throughputRun(pool, url, receiver, workerCount, events) {
  await reset(pool, receiver);
  await enqueue(pool, events);
  const started = performance.now();
  const workers = startWorkers(url, workerCount);
  await receiver.until(events);
  const seconds = (performance.now() - started) / 1000;
  await stopWorkers(workers);
  return events / seconds;
}

/** Events arrive at a steady rate while the workers run: how long from commit to receipt? */
async function latencyRun(pool, url, receiver, workerCount, rate, events) {
  await reset(pool, receiver);
  const workers = startWorkers(url, workerCount);
  const committedAt = new Map();
  const started = performance.now();
  for (let index = 0; index < events; index += 1) {
    const due = started + (index * 1000) / rate;
    if (due > performance.now()) await sleep(due - performance.now());
    const { deliveries } = await sql.pgPoolClient(pool).transaction((tx) => webhooks.enqueueEvent(tx, payload(index)));
    committedAt.set(deliveries[0].id, performance.timeOrigin + performance.now());
  }
  await receiver.until(events);
  await stopWorkers(workers);
  const latencies = [...committedAt].map(([id, at]) => receiver.receivedAt.get(id) - at).sort((a, b) => a - b);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

function startWorkers(url, count) {
  return Array.from(
    { length: count },
    (_, index) => new Worker(fileURLToPath(import.meta.url), { workerData: { url, index } }),
  );
}

async function stopWorkers(workers) {
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve) => {
          worker.once('exit', resolve);
          worker.postMessage('stop');
        }),
    ),
  );
}

async function runWorker() {
  const pool = new Pool({ connectionString: workerData.url, max: CONCURRENCY });
  const worker = new webhooks.DeliveryWorker({
    db: sql.pgPoolClient(pool),
    workerId: `bench-${workerData.index}`,
    pollIntervalMs: POLL_MS,
    concurrency: CONCURRENCY,
    urlPolicy: { allowLoopback: true },
    onError: (error) => console.error(error),
  });
  worker.start();
  parentPort.once('message', async () => {
    await worker.stop();
    await pool.end();
    parentPort.close();
  });
}

async function startReceiver() {
  const receivedAt = new Map();
  let waiting;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      webhooks.verifyWebhook(SECRET, req.headers, Buffer.concat(chunks));
      receivedAt.set(req.headers['webhook-id'], performance.timeOrigin + performance.now());
      res.writeHead(204).end();
      if (waiting && receivedAt.size >= waiting.count) waiting.resolve();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    receivedAt,
    until: (count) =>
      new Promise((resolve) => {
        waiting = { count, resolve };
        if (receivedAt.size >= count) resolve();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

async function reset(pool, receiver) {
  await pool.query('TRUNCATE webhook_attempts, webhook_deliveries, webhook_events, webhooks');
  await pool.query(
    "INSERT INTO webhooks (id, url, events, secret, token_id) VALUES ('wh_bench', $1, '{grade_change}', $2, 'tok_bench')",
    [receiver.url, SECRET],
  );
  receiver.receivedAt.clear();
}

async function enqueue(pool, events) {
  const db = sql.pgPoolClient(pool);
  for (let start = 0; start < events; start += 100) {
    await db.transaction(async (tx) => {
      for (let index = start; index < Math.min(events, start + 100); index += 1)
        await webhooks.enqueueEvent(tx, payload(index));
    });
  }
}

function payload(index) {
  return webhooks.gradeChangePayload(
    {
      symbol: `SYM${index}`,
      previous_grade: 'A',
      new_grade: 'A+',
      previous_score: 0.91,
      new_score: 0.96,
      reason: 'benchmark',
    },
    new Date(),
  );
}

async function migrate(pool) {
  await sql.applyMigrations(sql.pgPoolClient(pool), webhooks.WEBHOOK_MIGRATIONS);
  await pool.query('ALTER TABLE webhooks ADD COLUMN token_id text NOT NULL');
}

async function admin(base, statement) {
  const client = new Client({ connectionString: base });
  await client.connect();
  await client.query(statement);
  await client.end();
}

function withDatabase(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

function argument(flag, fallback) {
  const index = process.argv.indexOf(flag);
  return index === -1 ? fallback : process.argv[index + 1];
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
