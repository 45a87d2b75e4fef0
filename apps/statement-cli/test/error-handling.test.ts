// Error handling found in a new-user sweep: usage errors that were reported as parse or output
// errors, errors that ignored JSON logging, a named pipe that hung a conversion beyond the reach of
// SIGTERM, an AI service that never answers, and configuration mistakes that passed in silence.
// Every test runs the built CLI on real files in temporary folders. Waits are bounded generously;
// no duration is asserted. STMT_TEST_BIN runs them against another build (to see them fail there).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { startSilentServer, type SilentServer } from '@fin/test-utils';
import { BIN, FIXTURES, tempDir } from './run-cli';

jest.setTimeout(60_000);

const STMT = process.env['STMT_TEST_BIN'] ?? BIN;
const STATEMENT = join(FIXTURES, 'two-statements.camt053.xml');
const UNKNOWN_PARTIES = join(FIXTURES, 'unknown-parties.camt053.xml');

/** The environment without the variables stmt reads, and with a configuration folder of the test's own. */
function environment(configHome: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(CAMT_|AI_API_KEY|LOG_LEVEL|LOG_FORMAT|STMT_)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, XDG_CONFIG_HOME: configHome, ...extra };
}

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface Options {
  env?: Record<string, string>;
  configHome?: string;
  cwd?: string;
}

function stmt(args: string[], options: Options = {}): Run {
  const result = spawnSync(process.execPath, [STMT, ...args], {
    env: environment(options.configHome ?? tempDir('stmt-config-'), options.env),
    cwd: options.cwd ?? tempDir(),
    encoding: 'utf8',
    timeout: 50_000,
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

function start(args: string[], options: Options = {}): ChildProcess & { output: Promise<Run> } {
  const child = spawn(process.execPath, [STMT, ...args], {
    env: environment(options.configHome ?? tempDir('stmt-config-'), options.env),
    cwd: options.cwd ?? tempDir(),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const output = new Promise<Run>((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })),
  );
  return Object.assign(child, { output });
}

/** A configuration folder holding `files` in its `stmt/` folder. */
function configHomeWith(files: Record<string, string>): string {
  const home = tempDir('stmt-config-');
  mkdirSync(join(home, 'stmt'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(home, 'stmt', name), text);
  return home;
}

/** Every non-empty line of stderr, each parsed as JSON (a line that is not JSON fails the test). */
function jsonLines(stderr: string): Record<string, unknown>[] {
  return stderr
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(20);
}
const tempFiles = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

describe('an unknown --profile is a usage error (exit 2), not a parse error in the input', () => {
  it.each([['convert'], ['validate']])('stmt %s names the known profiles and where yours are looked for', (command) => {
    const database = tempDir('stmt-db-');
    const args = command === 'convert' ? ['-o', 'out.csv'] : [];
    const run = stmt([command, '-i', STATEMENT, ...args, '--profile', 'nope', '--database', database]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--profile "nope" is not a CSV profile');
    expect(run.stderr).toMatch(/Shipped: [a-z-]+(, [a-z-]+)+/);
    expect(run.stderr).toContain(join(database, 'profiles'));
    expect(run.stderr).not.toMatch(/parse error|line 1, column 1|UNKNOWN_FORMAT/);
  });

  it('accepts a profile of your own by its name', () => {
    const database = tempDir('stmt-db-');
    mkdirSync(join(database, 'profiles'));
    writeFileSync(
      join(database, 'profiles', 'mine.yaml'),
      'name: mine\nbank: My Bank\ndetect:\n  columns: [Datum, Betrag, Text]\ndate_format: DD.MM.YYYY\nbooking_date: Datum\namount:\n  column: Betrag\ncurrency: { code: EUR }\nremittance: Text\n',
    );
    const run = stmt(['validate', '-i', STATEMENT, '--profile', 'nope', '--database', database]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`yours (${join(database, 'profiles')}/*.yaml): mine`);
  });
});

describe('odd output paths and `mappings apply -` are usage errors with messages that fit', () => {
  it('refuses an empty --output before converting', () => {
    const cwd = tempDir();
    const run = stmt(['convert', '-i', STATEMENT, '-o', ''], { cwd });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--output is empty');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('says that an existing folder given as the output of one statement is a folder', () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'adir'));
    const run = stmt(['convert', '-i', STATEMENT, '-o', 'adir'], { cwd });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--output adir is a folder');
    expect(run.stderr).toContain(join('adir', 'two-statements.camt053.csv'));
    expect(run.stderr).not.toContain('Check that the folder exists');
    expect(readdirSync(join(cwd, 'adir'))).toEqual([]);
  });

  it('does not tell `mappings apply -` to use `-`', () => {
    const run = stmt(['mappings', 'apply', '-', '--database', tempDir()]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('reads a review file by its path, not standard input');
    expect(run.stderr).not.toContain('use `-`');
    const missing = stmt(['mappings', 'apply', 'missing.yaml', '--database', tempDir()]);
    expect(missing.status).toBe(3);
    expect(missing.stderr).not.toContain('use `-`');
  });
});

describe('help and typos', () => {
  it('suggests the nearest command for `stmt help conver`, as for `stmt conver`', () => {
    const run = stmt(['help', 'conver']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('conver is not a stmt command or topic. Did you mean convert?');
  });

  it('takes -h as --help, alone and after a command', () => {
    const root = stmt(['-h']);
    expect(root.status).toBe(0);
    expect(root.stdout).toContain('USAGE');
    expect(root.stderr).toBe('');
    const convert = stmt(['convert', '-h']);
    expect(convert.status).toBe(0);
    expect(convert.stdout).toContain('--max-field-size');
  });

  it('bounds --max-field-size: a huge number is refused like 1TiB, as a usage error naming the range', () => {
    const huge = stmt(['convert', '-i', STATEMENT, '-o', 'x.csv', '--max-field-size', '99999999999999999999']);
    const tebibyte = stmt(['convert', '-i', STATEMENT, '-o', 'x.csv', '--max-field-size', '1TiB']);
    for (const run of [huge, tebibyte]) {
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('expected a size from 1 byte to 256MiB');
    }
    expect(stmt(['convert', '-i', STATEMENT, '-o', 'x.csv', '--max-field-size', '64MiB']).status).toBe(0);
    const configured = stmt(['config', '--validate'], {
      configHome: configHomeWith({ 'config.yaml': 'input:\n  max_field_size: 100GiB\n' }),
    });
    expect(configured.status).toBe(6);
    expect(configured.stderr).toContain('input.max_field_size must be a number of bytes or a size');
  });
});

describe('JSON logging covers every error', () => {
  it.each([
    [['convert', '-i', STATEMENT, '-o', 'x.csv', '--log-format', 'json', '--bogus'], 2],
    [['convert', '-i', STATEMENT, '-o', 'x.csv', '--log-format', 'json', '--delimiter', 'ab'], 2],
    [['convert', '-i', STATEMENT, '-o', 'x.csv', '--log-format=json', '--preset', 'zzz'], 2],
    [['conver', '-i', STATEMENT, '--log-format', 'json'], 2],
    [['help', 'conver', '--log-format', 'json'], 2],
  ])('stmt %j: one JSON line with code USAGE', (args, status) => {
    const run = stmt(args);
    expect(run.status).toBe(status);
    const lines = jsonLines(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', message: expect.any(String) as string });
    expect(String(lines[0]?.['message'])).not.toContain('\n');
  });

  it('also for a configuration error, with JSON asked for in the environment, the env file or config.yaml', () => {
    const fromEnvironment = stmt(['convert', '-i', STATEMENT, '-o', 'x.csv'], {
      env: { LOG_FORMAT: 'json', CAMT_CSV_PRESET: 'x' },
    });
    expect(fromEnvironment.status).toBe(6);
    expect(jsonLines(fromEnvironment.stderr)).toEqual([expect.objectContaining({ code: 'CONFIG_INVALID' })]);

    const fromEnvFile = stmt(['convert', '-i', STATEMENT, '-o', 'x.csv', '--bogus'], {
      configHome: configHomeWith({ '.env': 'LOG_FORMAT=json\n' }),
    });
    expect(fromEnvFile.status).toBe(2);
    expect(jsonLines(fromEnvFile.stderr)).toEqual([expect.objectContaining({ code: 'USAGE' })]);

    const fromYaml = stmt(['conver'], { configHome: configHomeWith({ 'config.yaml': 'log:\n  format: json\n' }) });
    expect(fromYaml.status).toBe(2);
    expect(jsonLines(fromYaml.stderr)).toEqual([expect.objectContaining({ code: 'USAGE' })]);

    const validate = stmt(['config', '--validate', '--log-format', 'json'], {
      configHome: configHomeWith({ '.env': 'CAMT_CSV_PRESET=x\n' }),
    });
    expect(validate.status).toBe(6);
    expect(jsonLines(validate.stderr)).toContainEqual(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  });

  it("keeps text for a text run, one line per error, pointing at the command's help", () => {
    const run = stmt(['convert', '-i', STATEMENT, '-o', 'x.csv', '--delimiter', 'ab']);
    expect(run.status).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain("--delimiter: CSV delimiter 'ab' is not supported");
    expect(run.stderr).toContain('See `stmt convert --help`.');
  });
});

describe('a named pipe as --input', () => {
  const mkfifo = (path: string): void => {
    expect(spawnSync('mkfifo', [path]).status).toBe(0);
  };

  it('is read once, like standard input, when a writer comes', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'in.fifo');
    mkfifo(fifo);
    const child = start(['convert', '-i', fifo, '-o', join(dir, 'out.csv'), '--no-categorize']);
    // The writer comes after the conversion started and opened the pipe.
    await sleep(300);
    await writeFile(fifo, readFileSync(STATEMENT));
    const run = await child.output;
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'out.csv'), 'utf8').trimEnd().split('\n')).toHaveLength(5);
  });

  it('without a writer: SIGTERM ends the run with 143 and removes the temporary CSV', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'in.fifo');
    mkfifo(fifo);
    const child = start(['convert', '-i', fifo, '-o', join(dir, 'out.csv'), '--no-categorize']);
    await until(() => tempFiles(dir).length > 0);
    child.kill('SIGTERM');
    const run = await child.output;
    expect(run.status).toBe(143);
    expect(readdirSync(dir)).toEqual(['in.fifo']);
  });

  it('refuses --merge, which reads its files twice, as a usage error', () => {
    const dir = tempDir();
    const fifo = join(dir, 'in.fifo');
    mkfifo(fifo);
    const run = stmt(['convert', '-i', fifo, '-o', join(dir, 'm.csv'), '--merge']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is a named pipe');
  });

  it('whatever the run waits on, SIGTERM ends it: here a named pipe as --output that nobody reads', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'out.fifo');
    mkfifo(fifo);
    const child = start(['convert', '-i', STATEMENT, '-o', fifo, '--no-categorize']);
    await sleep(1500);
    child.kill('SIGTERM');
    const run = await child.output;
    // Ended by the signal itself when the exit could not complete: a shell reports 143 either way.
    expect(run.status === 143 || run.signal === 'SIGTERM').toBe(true);
  });
});

describe('an AI service that accepts connections and never answers', () => {
  let silent: SilentServer;
  let connections: Socket[];
  let url: string;

  beforeEach(async () => {
    silent = await startSilentServer();
    ({ connections, url } = silent);
  });

  afterEach(() => silent.close());

  const aiEnv = (): Record<string, string> => ({
    AI_API_KEY: 'sk-test-never-shown',
    CAMT_AI_BASE_URL: url,
    CAMT_AI_TIMEOUT_SECONDS: '2',
  });

  it('convert waits ai.timeout_seconds once, warns that it is slow, and says what to do, naming the URL', async () => {
    const dir = tempDir();
    const run = await start(['convert', '-i', UNKNOWN_PARTIES, '-o', join(dir, 'ai.csv')], { env: aiEnv() }).output;
    expect(run.status).toBe(0);
    expect(existsSync(join(dir, 'ai.csv'))).toBe(true);
    expect(connections).toHaveLength(1);
    expect(run.stderr).toMatch(new RegExp(` warn ai service at ${url} has not answered for 1 s; `));
    const [error] = run.stderr.split('\n').filter((line) => / error /.test(line));
    expect(error).toContain(`ai service at ${url} did not answer within 2 s (1 attempt)`);
    expect(error).toContain('Rows it would have categorised are written as Uncategorized');
    expect(error).toContain('--no-ai');
    expect(error).toContain('ai.timeout_seconds');
    expect(run.stderr).not.toContain('sk-test-never-shown');
  });

  it('categorize words it for a lookup, not a conversion', async () => {
    const run = await start(['categorize', '--party', 'Qwerty Lodge'], { env: aiEnv() }).output;
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('tier:       fallback');
    expect(run.stderr).toContain(`ai service at ${url} did not answer within 2 s`);
    expect(run.stderr).toContain('The decision below is the local tiers');
    expect(run.stderr).not.toMatch(/conversion|converts/);
  });

  it('--no-ai does not ask the service at all', async () => {
    const run = await start(['categorize', '--party', 'Qwerty Lodge', '--no-ai'], { env: aiEnv() }).output;
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(connections).toHaveLength(0);
  });
});

describe('configuration mistakes are reported, with where each value comes from', () => {
  it('config --validate reports misspelt names and lines that are no NAME=value in the env file', () => {
    const home = configHomeWith({ '.env': 'CAMT_CSV_PRESTE=minimal\nthis line is garbage\nLOG_LEVEL=warn\n' });
    const run = stmt(['config', '--validate'], { configHome: home });
    expect(run.status).toBe(6);
    const envFile = join(home, 'stmt', '.env');
    expect(run.stderr).toContain(
      `CAMT_CSV_PRESTE is not a variable stmt reads; did you mean CAMT_CSV_PRESET? (env file ${envFile}, line 1)`,
    );
    expect(run.stderr).toContain(`line 2 is not a NAME=value entry: "this line is garbage" (env file ${envFile})`);
    expect(run.stderr).not.toContain('LOG_LEVEL');
  });

  it('config --show tells the env file from the environment, and shows the database folder in use', () => {
    const home = configHomeWith({ '.env': 'CAMT_CSV_PRESET=full\n' });
    const fromFile = stmt(['config', '--show'], { configHome: home });
    expect(fromFile.stdout).toContain(`preset: full # CAMT_CSV_PRESET in ${join(home, 'stmt', '.env')}`);
    const fromEnvironment = stmt(['config', '--show'], { configHome: tempDir(), env: { CAMT_CSV_PRESET: 'full' } });
    expect(fromEnvironment.stdout).toContain('preset: full # CAMT_CSV_PRESET in the environment');
    expect(fromFile.stdout).not.toContain('database: {}');
    expect(fromFile.stdout).toContain(`dir: ${join(home, 'stmt', 'database')} # defaults`);
  });

  it('ends a YAML error with the line it is about and what to do, not with a colon', () => {
    const home = configHomeWith({ 'config.yaml': 'log:\n  level: [info\n  format: json\n' });
    const run = stmt(['config', '--validate'], { configHome: home });
    expect(run.status).toBe(6);
    const [line] = run.stderr.trimEnd().split('\n');
    expect(line).toContain(`${join(home, 'stmt', 'config.yaml')}, line 3, column 3: not valid YAML: `);
    expect(line).not.toMatch(/:$/);
    expect(line).toContain('(the line reads "format: json")');
    expect(line).toContain('stmt config --validate');
  });

  it.each([['convert'], ['categorize']])(
    'refuses an unknown key in categories.yaml (%s), naming the file, line and key',
    (command) => {
      const database = tempDir('stmt-db-');
      const file = join(database, 'categories.yaml');
      writeFileSync(file, 'categories:\n  - name: Coffee\n    pattern: ["croissant"]\n');
      const dir = tempDir();
      copyFileSync(STATEMENT, join(dir, 'in.xml'));
      const args =
        command === 'convert'
          ? ['convert', '-i', join(dir, 'in.xml'), '-o', join(dir, 'out.csv')]
          : ['categorize', '--text', 'croissant'];
      const run = stmt([...args, '--database', database]);
      expect(run.status).toBe(6);
      expect(run.stderr).toContain(
        `${file}, line 3, column 5: categories[0] has an unknown key "pattern"; did you mean patterns?`,
      );
    },
  );
});
