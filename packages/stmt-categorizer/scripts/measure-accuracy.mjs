#!/usr/bin/env node
// Measures the local classifier and the AI tier on the labelled set in test/labelled/.
// Needs the package built (`pnpm exec tsc -b packages/stmt-categorizer`). Usage:
//   node packages/stmt-categorizer/scripts/measure-accuracy.mjs
// With AI_BASE_URL, AI_API_KEY (and optionally AI_MODEL) set, the AI tier is asked for real;
// otherwise its plumbing is exercised against a loopback fake that knows the answers, which
// measures batching, retries and answer parsing, not the quality of any model.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { Categorizer, LocalClassifier, DEFAULT_CLASSIFIER_THRESHOLD } = require('../dist/index.js');
const { parse: parseYaml, stringify: toYaml } = require('yaml');

const shippedDatabase = join(here, '..', '..', '..', 'apps', 'statement-cli', 'database');
const labelled = readFileSync(join(here, '..', 'test', 'labelled', 'transactions.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .slice(1)
  .map((line) => {
    const [split, creditDebit, party, text, category] = line.split('\t');
    return { split, input: { creditDebit, party, ...(text ? { text } : {}) }, category };
  });
const train = labelled.filter((row) => row.split === 'train');
const test = labelled.filter((row) => row.split === 'test');
const pct = (n, d) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} %`);

console.log(
  `labelled set: ${labelled.length} rows (${train.length} train, ${test.length} test), ${new Set(labelled.map((r) => r.category)).size} categories`,
);

// 1. The classifier tier on its own: trained on the train split and the starter keywords.
const classifier = new LocalClassifier();
const starter = parseYaml(readFileSync(join(shippedDatabase, 'categories.yaml'), 'utf8')).categories;
for (const rule of starter)
  for (const keyword of rule.keywords ?? []) classifier.learn({ party: String(keyword), category: rule.name });
for (const row of train) classifier.learn({ ...row.input, category: row.category });
const predictions = test.map((row) => ({ row, prediction: classifier.predict(row.input) }));
const top1 = predictions.filter(({ row, prediction }) => prediction?.category === row.category).length;
console.log('\nclassifier tier alone (train split + starter keywords), on the test split:');
console.log(`  top-1 accuracy, no threshold: ${pct(top1, test.length)} (${top1}/${test.length})`);
for (const threshold of [0.5, DEFAULT_CLASSIFIER_THRESHOLD, 0.7, 0.8, 0.9]) {
  const covered = predictions.filter(({ prediction }) => prediction && prediction.confidence >= threshold);
  const right = covered.filter(({ row, prediction }) => prediction.category === row.category).length;
  const mark = threshold === DEFAULT_CLASSIFIER_THRESHOLD ? ' (default)' : '';
  console.log(
    `  threshold ${threshold.toFixed(2)}${mark}: decides ${pct(covered.length, test.length)}, of which correct ${pct(right, covered.length)} (${right}/${covered.length})`,
  );
}

// 2. The local pipeline as a user runs it: starter database + the train split as user mappings.
const userDir = mkdtempSync(join(tmpdir(), 'measure-db-'));
const asMap = (direction) =>
  Object.fromEntries(
    train.filter((r) => r.input.creditDebit === direction).map((r) => [r.input.party.toLowerCase(), r.category]),
  );
writeFileSync(join(userDir, 'debtors.yaml'), toYaml(asMap('DBIT')));
writeFileSync(join(userDir, 'creditors.yaml'), toYaml(asMap('CRDT')));
const local = await Categorizer.load({ databaseDir: shippedDatabase, userDatabaseDir: userDir });
const decisions = await local.categorizeMany(test.map((row) => row.input));
console.log('\nlocal pipeline (starter database + train split as user mappings), on the test split:');
const tiers = ['mapping', 'rule', 'classifier', 'fallback'];
for (const tier of tiers) {
  const decided = decisions.map((d, i) => ({ d, row: test[i] })).filter(({ d }) => d.tier === tier);
  const right = decided.filter(({ d, row }) => d.category === row.category).length;
  console.log(
    `  ${tier.padEnd(10)} decides ${String(decided.length).padStart(3)} rows, correct ${pct(right, decided.length)}`,
  );
}
const allRight = decisions.filter((d, i) => d.category === test[i].category).length;
console.log(
  `  overall: ${pct(allRight, test.length)} correct (${allRight}/${test.length}); uncategorised ${decisions.filter((d) => d.tier === 'fallback').length}`,
);

// 3. The AI tier: categories only, so every row reaches it.
const aiDir = mkdtempSync(join(tmpdir(), 'measure-ai-'));
writeFileSync(join(aiDir, 'categories.yaml'), toYaml({ categories: starter.map((rule) => ({ name: rule.name })) }));
const real = process.env.AI_BASE_URL && process.env.AI_API_KEY;
let fake;
if (!real) fake = await startOracle(new Map(test.map((row) => [row.input.party, row.category])));
const ai = await Categorizer.load({
  databaseDir: aiDir,
  classifierThreshold: 2,
  ai: {
    enabled: true,
    baseUrl: real ? process.env.AI_BASE_URL : fake.baseUrl,
    model: process.env.AI_MODEL ?? 'gpt-4o-mini',
    apiKey: real ? process.env.AI_API_KEY : 'fake-key',
    requestsPerMinute: real ? 60 : 6000,
    batchSize: 20,
  },
  logger: {
    debug() {},
    info() {},
    warn: (m) => console.log(`  warn: ${m}`),
    error: (m) => console.log(`  error: ${m}`),
  },
});
const aiDecisions = await ai.categorizeMany(test.map((row) => row.input));
const aiDecided = aiDecisions.filter((d) => d.tier === 'ai').length;
const aiRight = aiDecisions.filter((d, i) => d.tier === 'ai' && d.category === test[i].category).length;
console.log(
  real
    ? `\nAI tier (${process.env.AI_BASE_URL}, model ${process.env.AI_MODEL ?? 'gpt-4o-mini'}), on the test split:`
    : '\nAI tier: no AI service reachable here; PLUMBING ONLY against a loopback fake that knows the labels (first request answered 429):',
);
console.log(
  `  answered ${pct(aiDecided, test.length)} (${aiDecided}/${test.length}), correct ${pct(aiRight, test.length)}${fake ? `; ${fake.requests()} HTTP requests for ${test.length} rows` : ''}`,
);
if (fake) await fake.close();

function startOracle(truth) {
  let count = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      count += 1;
      if (count === 1) {
        res.writeHead(429, { 'retry-after': '0' }).end('{}');
        return;
      }
      const user = JSON.parse(body).messages.find((m) => m.role === 'user');
      const results = JSON.parse(user.content).transactions.map((t) => ({
        id: t.id,
        category: truth.get(t.party) ?? 'Uncategorized',
      }));
      const content = '```json\n' + JSON.stringify({ results }) + '\n```';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: {},
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
        requests: () => count,
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}
