// Builds the `stmt` and `discovery-api` images with buildah (`scripts/image.mjs`, what
// `npm run image` runs) and runs them with podman, as a user would: a conversion through a
// mounted folder and through stdin/stdout, a 256 MiB --streaming conversion under
// --memory 128m, `stmt --version` against the image's labels, and the API answering /healthz
// through a published loopback port, on PGlite in a volume and on PostgreSQL + Redis, stopping
// cleanly on SIGTERM. Needs buildah, podman and runc (.ci/deps/containers.sh) and root; outside
// CI it skips when they are missing, in CI it fails.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchPostgres, TEST_REDIS_URL, type ScratchPostgres } from '@fin/test-utils';

// podman runs take seconds, more on a loaded two-core machine.
jest.setTimeout(120_000);

const root = join(__dirname, '..', '..');
const env = { ...process.env, CONTAINERS_CONF: join(root, 'images', 'containers.conf') };
const onPath = (tool: string): boolean => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
const missing = ['buildah', 'podman', 'runc'].filter((tool) => !onPath(tool));
const notRoot = process.getuid?.() !== 0;
const runnable = missing.length === 0 && !notRoot;
if (!runnable && !process.env.CI) {
  process.stderr.write(
    `images.integration.test: skipped, ${missing.length > 0 ? `${missing.join(', ')} not installed (run .ci/deps/containers.sh as root)` : 'needs root (buildah mount)'}\n`,
  );
}
const describeImages = runnable || process.env.CI ? describe : describe.skip;

interface BuiltImage {
  name: string;
  reference: string;
  version: string;
  revision: string;
  created: string;
  size: number;
}

function podman(
  args: string[],
  options: SpawnSyncOptions = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('podman', args, { env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, ...options });
  return { status: result.status, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}

/** A folder the image's unprivileged user can write to. */
function sharedFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stmt-image-'));
  chmodSync(dir, 0o777);
  return dir;
}

/** A camt.053 of at least `bytes` with numbered entries; returns how many. */
async function writeLargeCamt(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>' +
      '<GrpHdr><MsgId>IMG</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr><Stmt><Id>IMG-1</Id>' +
      '<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>' +
      '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">10000000000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-02-29</Dt></Dt></Bal>\n',
  );
  let cents = 10_000_000_000_00;
  let written = 0;
  let entries = 0;
  while (written < bytes) {
    const chunk: string[] = [];
    for (let i = 0; i < 1000; i += 1, entries += 1) {
      cents -= ((entries % 9000) + 1) * 100 + 25;
      chunk.push(
        `<Ntry><NtryRef>N${entries}</NtryRef><Amt Ccy="EUR">${(entries % 9000) + 1}.25</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
          `<BookgDt><Dt>2024-03-15</Dt></BookgDt><ValDt><Dt>2024-03-15</Dt></ValDt><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${entries}</EndToEndId></Refs>` +
          `<RltdPties><Cdtr><Pty><Nm>Supplier ${entries % 991} GmbH</Nm></Pty></Cdtr></RltdPties><RmtInf><Ustrd>Invoice ${entries} March 2024</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`,
      );
    }
    const text = chunk.join('');
    written += Buffer.byteLength(text);
    await write(text);
  }
  // The closing balance, learned last, follows the entries (parsers take balances in either place).
  const closing = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  await write(
    `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>` +
      '</Stmt></BkToCstmrStmt></Document>\n',
  );
  out.end();
  await once(out, 'finish');
  return entries;
}

/** Counts newline-terminated lines of a file without reading it whole. */
async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path)) for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
  return lines;
}

async function waitForHealth(url: string, seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      return response.status;
    } catch (error) {
      last = error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`${url} did not answer within ${seconds} s: ${String(last)}`);
}

/** The server answers /healthz as soon as it listens and /readyz 503 until its database is
 * open and migrated: polls /readyz until 200, answering the last status. */
async function waitForReady(url: string, seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let status = await waitForHealth(url, seconds);
  while (status !== 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = await waitForHealth(url, Math.max(1, (deadline - Date.now()) / 1000));
  }
  return status;
}

describeImages('container images (buildah, podman)', () => {
  const images = new Map<string, BuiltImage>();
  const cleanup: (() => void)[] = [];

  beforeAll(() => {
    if (!runnable)
      throw new Error(
        `CI must run the image test: ${missing.length > 0 ? `install ${missing.join(', ')} (.ci/deps/containers.sh)` : 'run as root'}`,
      );
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'image.mjs'), '--json'], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (result.status !== 0) throw new Error(`scripts/image.mjs failed (exit ${result.status}):\n${result.stderr}`);
    for (const image of JSON.parse(result.stdout) as BuiltImage[]) images.set(image.name, image);
    for (const image of images.values())
      process.stderr.write(`image ${image.reference}: ${(image.size / 1e6).toFixed(1)} MB uncompressed\n`);
  }, 15 * 60_000);

  afterAll(() => {
    for (const step of cleanup.reverse()) step();
  });

  const stmt = (): BuiltImage => images.get('stmt')!;
  const api = (): BuiltImage => images.get('discovery-api')!;

  it('labels both images with version, revision and creation date, and keeps stmt within 180 MB', () => {
    for (const image of images.values()) {
      const labels = JSON.parse(
        podman(['image', 'inspect', '--format', '{{json .Labels}}', image.reference]).stdout,
      ) as Record<string, string>;
      expect(labels['org.opencontainers.image.version']).toBe(image.version);
      expect(labels['org.opencontainers.image.revision']).toMatch(/^[0-9a-f]{40}$/);
      expect(labels['org.opencontainers.image.revision']).toBe(image.revision);
      expect(labels['org.opencontainers.image.created']).toBe(image.created);
    }
    expect(stmt().size).toBeLessThanOrEqual(180e6);
  });

  it('stmt --version inside prints the version, commit and date of the labels', () => {
    const result = podman(['run', '--rm', stmt().reference, '--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(`stmt ${stmt().version} (commit ${stmt().revision}, built ${stmt().created})`);
  });

  it('runs as a non-root user in /data, with the starter database beside the executable', () => {
    const config = JSON.parse(
      podman(['image', 'inspect', '--format', '{{json .Config}}', stmt().reference]).stdout,
    ) as {
      User: string;
      WorkingDir: string;
      Entrypoint: string[];
    };
    expect(config.User).toBe('stmt:stmt');
    expect(config.WorkingDir).toBe('/data');
    expect(config.Entrypoint).toEqual(['/usr/local/bin/stmt']);
    const categories = podman([
      'run',
      '--rm',
      '--entrypoint',
      '/usr/local/bin/node',
      stmt().reference,
      '-p',
      'process.getuid() + " " + require("fs").existsSync("/usr/local/lib/node_modules/@stmt/cli/database/categories.yaml")',
    ]);
    expect(categories.stdout.trim()).toBe('10001 true');
  });

  it('converts a camt file in a mounted folder, and from stdin to stdout', () => {
    const dir = sharedFolder();
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const fixture = join(root, 'packages', 'stmt-parser', 'test', 'fixtures', 'camt', 'camt052-pending.xml');
    const xml = readFileSync(fixture);
    copyFileSync(fixture, join(dir, 'in.xml'));
    /** `stmt` in the image, with `dir` mounted as its working folder. */
    const stmtIn = (args: string[]) => podman(['run', '--rm', '-v', `${dir}:/data`, stmt().reference, ...args]);
    const mounted = stmtIn(['convert', '--input', 'in.xml', '--output', 'out.csv', '--no-categorize']);
    expect(mounted.stderr).not.toMatch(/\n\s+at /);
    expect(mounted.status).toBe(0);
    const csv = readFileSync(join(dir, 'out.csv'), 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^booking_date,value_date,amount,currency,/);
    expect(csv).toContain('5000.00,EUR,CRDT,PDNG,Grosskunde AG');
    expect(csv.trim().split('\n')).toHaveLength(4);
    // The CLI's other workspace packages are in the image too: @stmt/merge and @stmt/ledger.
    const journal = stmtIn([
      'convert',
      '--input',
      'in.xml',
      '--output',
      '-',
      '--no-categorize',
      '--merge',
      '--to',
      'hledger',
    ]);
    expect({ status: journal.status, stderr: journal.stderr }).toEqual({
      status: 0,
      stderr: expect.not.stringMatching(/\n\s+at /) as string,
    });
    expect(journal.stdout).toMatch(/^\s+Assets:Bank:DE89370400440532013000 {2}-100\.00 EUR$/m);

    const piped = podman(
      ['run', '--rm', '-i', stmt().reference, 'convert', '--input', '-', '--output', '-', '--no-categorize'],
      { input: xml },
    );
    expect(piped.status).toBe(0);
    expect(piped.stdout).toBe(csv);
  });

  it(
    'converts 256 MiB with --streaming under --memory 128m',
    async () => {
      const dir = sharedFolder();
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      const entries = await writeLargeCamt(join(dir, 'big.xml'), 256 * 2 ** 20);
      expect(statSync(join(dir, 'big.xml')).size).toBeGreaterThanOrEqual(256 * 2 ** 20);
      const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(
          'podman',
          [
            'run',
            '--rm',
            '--memory',
            '128m',
            '--memory-swap',
            '128m',
            '-v',
            `${dir}:/data`,
            stmt().reference,
            'convert',
            '--streaming',
            '--no-categorize',
            '--input',
            'big.xml',
            '--output',
            'big.csv',
          ],
          { env },
        );
        let stderr = '';
        child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
        child.on('close', (status) => resolve({ status, stderr }));
      });
      expect(result.stderr).not.toMatch(/out of memory|OOM/i);
      expect({ status: result.status, stderr: result.stderr.slice(-2000) }).toEqual({
        status: 0,
        stderr: expect.any(String),
      });
      expect(await countLines(join(dir, 'big.csv'))).toBe(entries + 1);
    },
    10 * 60_000,
  );

  /** Starts discovery-api serve detached; returns its container id. */
  function startApi(args: string[]): string {
    const started = podman(['run', '-d', ...args]);
    expect(started.stderr).not.toMatch(/^Error/m);
    const id = started.stdout.trim();
    cleanup.push(() => void podman(['rm', '--force', '--volumes', id]));
    return id;
  }

  /** SIGTERM through podman stop: the server says it stopped and exits 0, well before the kill. */
  function expectCleanStop(id: string): void {
    expect(podman(['stop', '--time', '30', id]).status).toBe(0);
    expect(podman(['inspect', '--format', '{{.State.ExitCode}}', id]).stdout.trim()).toBe('0');
    expect(podman(['logs', id]).stdout).toMatch(/"message":"stopped"/);
  }

  it('stores the fresh PGlite cluster of the PGlite release the image installed', () => {
    const module = '/usr/local/lib/node_modules/@disc/api/dist/db/pglite-template.js';
    const probe = `const t = require('${module}'); const path = t.pgliteTemplatePath();
      console.log(JSON.stringify({ version: t.installedPgliteVersion(), path, stored: t.readPgliteTemplate(path) !== undefined }))`;
    const result = podman(['run', '--rm', '--entrypoint', '/usr/local/bin/node', api().reference, '-e', probe]);
    expect(result.status).toBe(0);
    const found = JSON.parse(result.stdout) as { version: string; path: string; stored: boolean };
    expect(found.path).toBe(`/usr/local/lib/node_modules/@disc/api/dist/pglite-template-${found.version}.tar.gz`);
    expect(found.stored).toBe(true);
  });

  it(
    'serves /healthz through a published loopback port on PGlite in a volume, and stops on SIGTERM',
    async () => {
      const volume = `discovery-test-${process.pid}`;
      cleanup.push(() => void podman(['volume', 'rm', '-f', volume]));
      const id = startApi(['-p', '127.0.0.1::3000', '-v', `${volume}:/var/lib/discovery-api`, api().reference]);
      const port = /:(\d+)\s*$/.exec(podman(['port', id, '3000/tcp']).stdout.trim())?.[1];
      expect(port).toBeDefined();
      expect(await waitForHealth(`http://127.0.0.1:${port}/healthz`, 120)).toBe(200);
      expect(await waitForReady(`http://127.0.0.1:${port}/readyz`, 120)).toBe(200);
      expect(podman(['logs', id]).stdout).toMatch(/"database":"pglite"/);
      // The dashboard's bundle is in the image: a browser asking for / gets the page.
      const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
      expect({ status: page.status, html: /<title>Discovery dashboard<\/title>/.test(await page.text()) }).toEqual({
        status: 200,
        html: true,
      });
      expectCleanStop(id);
      // The data stays in the volume: a second container opens it.
      const again = startApi([
        '-p',
        '127.0.0.1::3000',
        '-v',
        `${volume}:/var/lib/discovery-api`,
        api().reference,
        'serve',
      ]);
      const port2 = /:(\d+)\s*$/.exec(podman(['port', again, '3000/tcp']).stdout.trim())?.[1];
      expect(await waitForHealth(`http://127.0.0.1:${port2}/healthz`, 120)).toBe(200);
      expectCleanStop(again);
    },
    5 * 60_000,
  );

  describe('on PostgreSQL and Redis', () => {
    let postgres: ScratchPostgres;
    beforeAll(async () => {
      postgres = await createScratchPostgres();
    });
    afterAll(async () => {
      await postgres?.drop();
    });

    it(
      'uses DATABASE_URL and REDIS_URL',
      async () => {
        // The host's PostgreSQL and Redis listen on loopback only: the container shares the
        // host's network, and takes a free port (PORT=0) that its log names.
        const id = startApi([
          '--network',
          'host',
          '-e',
          'PORT=0',
          '-e',
          'HOST=127.0.0.1',
          '-e',
          `DATABASE_URL=${postgres.url}`,
          '-e',
          `REDIS_URL=${TEST_REDIS_URL}`,
          '-e',
          `DISCOVERY_REDIS_PREFIX=image-test-${process.pid}:`,
          api().reference,
        ]);
        let url: string | undefined;
        for (let i = 0; i < 240 && url === undefined; i += 1) {
          url = /"message":"listening".*"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(podman(['logs', id]).stdout)?.[1];
          if (url === undefined) await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(url).toBeDefined();
        expect(await waitForHealth(`${url}/healthz`, 30)).toBe(200);
        expect(await waitForReady(`${url}/readyz`, 120)).toBe(200);
        const logs = podman(['logs', id]).stdout;
        expect(logs).toMatch(/"database":"postgres/);
        expect(logs).toMatch(/"rate_limit_store":"redis"/);
        expectCleanStop(id);
      },
      5 * 60_000,
    );
  });
});
