// Installs the packages as a user gets them from npm: every workspace package packed
// (scripts/release/pack.mjs), the tarballs installed into a fresh project outside the
// repository. Then each package is imported with ESM and CommonJS, a small program is
// type-checked with tsc --strict under node16 and bundler resolution, each library README's
// first example runs, and `npm install -g` of the CLI's tarballs works offline. Build first
// (`pnpm run build`); third-party dependencies come from the npm registry (or npm's cache).
import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { embeddedApiEnv } from '@fin/test-utils';

const root = join(__dirname, '..', '..', '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

interface Packed {
  name: string;
  tarball: string;
  dir: string;
}

function run(
  command: string,
  args: string[],
  options: SpawnSyncOptions = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024, ...options });
  return { status: result.status, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}

function must(result: { status: number | null; stdout: string; stderr: string }, what: string): string {
  if (result.status !== 0)
    throw new Error(`${what} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The first ```js or ```ts block of a README. */
function firstExample(readme: string): { lang: string; code: string } | undefined {
  const match = /^```(js|ts)\n([\s\S]*?)^```$/m.exec(readme);
  return match ? { lang: match[1]!, code: match[2]! } : undefined;
}

/**
 * Examples that need more than the package: a live network (market data), placeholder paths
 * (replaced by the statement in the working folder), a running server (the installed
 * discovery-api, its address and development token in DISCOVERY_URL / DISCOVERY_TOKEN), or
 * that show their result in a file rather than on stdout.
 */
const README_SETUP: Record<string, { skip?: string; replace?: [string, string][]; server?: true; writes?: string }> = {
  '@disc/market-data': { skip: 'fetches live market data over the network' },
  '@disc/client': { server: true },
  '@stmt/categorizer': { replace: [['/path/to/my/database', 'my-database']] },
  '@stmt/ledger': { replace: [['march.xml', 'statement.xml']], writes: 'march.journal' },
  '@stmt/merge': {
    replace: [
      ['march.xml', 'statement.xml'],
      ['march-april.xml', 'statement.xml'],
    ],
  },
};

/**
 * Starts the installed `discovery-api serve` on the embedded database in `dataDir`, on an
 * ephemeral loopback port; resolves with its address and the development token its first start
 * prints. Its output goes to a file, so a long synchronous step never blocks it on a full pipe.
 */
async function startApi(
  project: string,
  dataDir: string,
): Promise<{ url: string; token: string; child: ChildProcess }> {
  const log = join(dataDir, 'serve.log');
  mkdirSync(dataDir, { recursive: true });
  const out = openSync(log, 'w');
  const env = embeddedApiEnv(dataDir);
  const child = spawn(join(project, 'node_modules', '.bin', 'discovery-api'), ['serve'], {
    cwd: project,
    env,
    stdio: ['ignore', out, out],
  });
  for (let waited = 0; waited < 180_000; waited += 250) {
    const output = existsSync(log) ? readFileSync(log, 'utf8') : '';
    const url = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];
    const token = /(disc_[A-Za-z0-9_-]{43})/.exec(output)?.[1];
    if (url !== undefined && token !== undefined && output.includes('"listening"')) return { url, token, child };
    if (child.exitCode !== null) throw new Error(`discovery-api serve exited with ${child.exitCode}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`discovery-api serve did not start:\n${readFileSync(log, 'utf8')}`);
}

const CONSUMER_PROGRAM = `
import { parseString, type StatementRecord } from '@stmt/parser';
import { CsvWriter, getPreset } from '@stmt/export';
import { Categorizer } from '@stmt/categorizer';
import { gradeFor } from '@disc/scoring';
import type { Instrument } from '@disc/types';
import { planIntegration } from '@disc/portfolio';
import { InvestmentDiscoveryCrew } from '@disc/discovery';
import { LiveMarketDataProvider, SampleSnapshotProvider } from '@disc/market-data';
import { verifyWebhook } from '@disc/webhooks';
import { DiscoveryClient, DiscoveryApiError, type components } from '@disc/client';
import { Deduplicator, type MergeRow } from '@stmt/merge';
import { AccountMap, LedgerWriter, type LedgerFormatName } from '@stmt/ledger';

export async function main(xml: string): Promise<string[]> {
  const records: StatementRecord[] = [];
  for await (const record of parseString(xml, { fileName: 'in.xml' })) records.push(record);
  const header: readonly string[] = getPreset('default').header;
  const grade: string = gradeFor(0.951);
  const instrument: Instrument | undefined = undefined;
  const client = new DiscoveryClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: '' });
  const schemas: (keyof components['schemas'])[] = [];
  const dedup = new Deduplicator<MergeRow>();
  const admitted: boolean = dedup.admit({ transaction_id: 'a', status: 'BOOK' });
  const format: LedgerFormatName = 'hledger';
  const kinds = [CsvWriter, Categorizer, SampleSnapshotProvider, planIntegration, InvestmentDiscoveryCrew, LiveMarketDataProvider, verifyWebhook, DiscoveryApiError, AccountMap, LedgerWriter, client.discoverStocks].map((f) => typeof f);
  return [grade, String(records.length), String(header.length), String(instrument), String(schemas.length), String(admitted), format, ...kinds];
}
`;

describe('packed packages in a consumer project', () => {
  const work = mkdtempSync(join(tmpdir(), 'finance-tools-consumer-'));
  const project = join(work, 'project');
  let packed: Packed[] = [];

  beforeAll(() => {
    mkdirSync(project, { recursive: true });
    const listing = must(
      run(process.execPath, [join(root, 'scripts', 'release', 'pack.mjs'), '--out', join(work, 'tarballs')]),
      'packing',
    );
    const dirs = new Map(
      must(
        run(process.execPath, [
          '--input-type=module',
          '-e',
          `import { workspacePackages } from ${JSON.stringify(join(root, 'scripts', 'release', 'pack.mjs'))}; for (const p of workspacePackages()) console.log(p.name + '\\t' + p.dir);`,
        ]),
        'listing',
      )
        .trim()
        .split('\n')
        .map((line) => line.split('\t') as [string, string]),
    );
    packed = listing
      .trim()
      .split('\n')
      .map((line) => line.split('\t') as [string, string])
      .map(([name, tarball]) => ({ name, tarball, dir: dirs.get(name)! }));
    const dependencies = Object.fromEntries(packed.map(({ name, tarball }) => [name, `file:${tarball}`]));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify(
        {
          name: 'consumer',
          version: '1.0.0',
          private: true,
          dependencies: { ...dependencies, '@types/node': '^20.19.0' },
        },
        null,
        2,
      ),
    );
    must(
      run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: project }),
      'npm install',
    );
  }, 10 * 60_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('imports every package with require() and with import, with the same named exports', () => {
    for (const { name, dir } of packed) {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        main?: string;
        exports?: unknown;
      };
      // The dashboard (@disc/web) is a built bundle the API serves, not a module.
      if (manifest.main === undefined && manifest.exports === undefined) continue;
      if (name === '@disc/sample-snapshot') {
        const json = `import s from '@disc/sample-snapshot' with { type: 'json' }; const c = require('@disc/sample-snapshot'); if (!s.sample || s.instruments.length !== c.instruments.length) process.exit(3);`;
        must(
          run(
            process.execPath,
            [
              '--input-type=module',
              '-e',
              `import { createRequire } from 'node:module'; const require = createRequire(process.cwd() + '/'); ${json}`,
            ],
            { cwd: project },
          ),
          name,
        );
        continue;
      }
      const cjs = JSON.parse(
        must(
          run(
            process.execPath,
            ['-e', `console.log(JSON.stringify(Object.keys(require(${JSON.stringify(name)})).sort()))`],
            { cwd: project },
          ),
          `require ${name}`,
        ),
      ) as string[];
      const esm = JSON.parse(
        must(
          run(
            process.execPath,
            [
              '--input-type=module',
              '-e',
              `const m = await import(${JSON.stringify(name)}); console.log(JSON.stringify(Object.keys(m).filter((k) => !['default', 'module.exports', '__esModule'].includes(k)).sort()))`,
            ],
            { cwd: project },
          ),
          `import ${name}`,
        ),
      ) as string[];
      expect({ name, esm }).toEqual({ name, esm: cjs.filter((key) => key !== '__esModule') });
      if (!['@stmt/cli', '@disc/api'].includes(name))
        expect({ name, named: cjs.length > 0 }).toEqual({ name, named: true });
    }
  }, 120_000);

  it('installs @disc/discovery without @disc/webhooks or axios in its dependency closure (issue 15)', () => {
    const closure = new Set<string>();
    const visit = (name: string, from: string): void => {
      if (closure.has(name)) return;
      closure.add(name);
      // npm's resolution: the package's own node_modules first, then the project's.
      const dir = [join(from, 'node_modules', name), join(project, 'node_modules', name)].find((d) =>
        existsSync(join(d, 'package.json')),
      )!;
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, dir);
    };
    visit('@disc/discovery', project);
    expect(closure).toContain('@disc/market-data');
    expect([...closure].filter((name) => ['@disc/webhooks', 'axios'].includes(name))).toEqual([]);
  });

  it.each([
    ['node16', { module: 'node16', moduleResolution: 'node16' }, ['program.mts', 'program.cts']],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }, ['program.ts']],
  ])(
    'type-checks a program with tsc --strict under %s resolution',
    (resolution, options, files) => {
      for (const file of files) writeFileSync(join(project, file), CONSUMER_PROGRAM);
      const config = {
        compilerOptions: {
          ...options,
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        files,
      };
      writeFileSync(join(project, `tsconfig.${resolution}.json`), JSON.stringify(config));
      const result = run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], { cwd: project });
      expect(result.stdout).toBe('');
      expect(result.status).toBe(0);
    },
    180_000,
  );

  it('runs the first example of every library README', async () => {
    const sandbox = join(project, 'examples');
    mkdirSync(sandbox, { recursive: true });
    // What the examples read: a statement in the working folder, the CLI's starter database.
    copyFileSync(
      join(root, 'packages', 'stmt-parser', 'test', 'fixtures', 'camt', 'camt053-batch-3-txdtls.xml'),
      join(sandbox, 'statement.xml'),
    );
    cpSync(
      join(project, 'node_modules', '@stmt', 'cli', 'database'),
      join(sandbox, 'apps', 'statement-cli', 'database'),
      { recursive: true },
    );
    const ran: string[] = [];
    let api: Awaited<ReturnType<typeof startApi>> | undefined;
    try {
      for (const { name, dir } of packed.filter((pkg) => pkg.dir.includes('/packages/'))) {
        const example = firstExample(readFileSync(join(dir, 'README.md'), 'utf8'));
        const setup = README_SETUP[name] ?? {};
        if (example === undefined || setup.skip) continue;
        if (setup.server && api === undefined) api = await startApi(project, join(work, 'api-data'));
        const server = setup.server && api !== undefined ? { DISCOVERY_URL: api.url, DISCOVERY_TOKEN: api.token } : {};
        let code = example.code;
        for (const [from, to] of setup.replace ?? []) code = code.replace(from, to);
        const commonjs = /\brequire\(/.test(code);
        const js =
          example.lang === 'ts'
            ? ts.transpileModule(code, {
                compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
              }).outputText
            : code;
        const file = join(sandbox, `${name.replace(/[@/]/g, '_')}.${commonjs ? 'cjs' : 'mjs'}`);
        writeFileSync(file, js);
        const result = run(process.execPath, [file], {
          cwd: sandbox,
          env: { ...process.env, CAMT_AI_ENABLED: 'false', HOME: sandbox, ...server },
        });
        expect({ name, status: result.status, stderr: result.stderr }).toEqual({
          name,
          status: 0,
          stderr: expect.any(String) as string,
        });
        const shown = setup.writes === undefined ? result.stdout : readFileSync(join(sandbox, setup.writes), 'utf8');
        expect({ name, printed: shown.length > 0 || name === '@stmt/export' }).toEqual({ name, printed: true });
        ran.push(name);
      }
    } finally {
      api?.child.kill('SIGTERM');
    }
    expect(ran).toEqual(
      expect.arrayContaining([
        '@stmt/parser',
        '@stmt/export',
        '@stmt/merge',
        '@stmt/ledger',
        '@disc/client',
        '@disc/discovery',
        '@disc/scoring',
        '@disc/screening',
        '@disc/portfolio',
        '@disc/webhooks',
      ]),
    );
    expect(readFileSync(join(sandbox, 'statement.csv'), 'utf8').split('\n')[0]).toMatch(/^booking_date,/);
  }, 360_000);

  it('installs the CLI globally from its tarballs, offline, and converts a statement', () => {
    const prefix = join(work, 'global');
    // The CLI's packages and the workspace packages they depend on (@fin/retry).
    const needed = new Set<string>(['@stmt/cli']);
    for (const { name, dir } of packed.filter((pkg) => pkg.name.startsWith('@stmt/'))) {
      needed.add(name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      for (const [dependency, range] of Object.entries(manifest.dependencies ?? {}))
        if (range.startsWith('workspace:')) needed.add(dependency);
    }
    const tarballs = packed.filter(({ name }) => needed.has(name)).map(({ tarball }) => tarball);
    must(
      run('npm', [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--offline',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        ...tarballs,
      ]),
      'npm install -g',
    );
    const stmt = join(prefix, 'bin', 'stmt');
    expect(must(run(stmt, ['--version']), 'stmt --version')).toMatch(/^stmt 0\.\d+\.\d+ \(commit \S+, built \S+\)/);
    const input = join(root, 'packages', 'stmt-parser', 'test', 'fixtures', 'camt', 'camt053-batch-3-txdtls.xml');
    const csv = must(
      run(stmt, ['convert', '--input', input, '--output', '-'], {
        env: { ...process.env, HOME: work, CAMT_AI_ENABLED: 'false' },
      }),
      'stmt convert',
    );
    expect(csv.split('\n')[0]).toMatch(/^booking_date,value_date,amount,/);
    expect(csv.trim().split('\n').length).toBeGreaterThan(1);
  }, 180_000);
});
