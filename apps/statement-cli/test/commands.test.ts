import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, runCli, tempDir } from './run-cli';

function configHomeWith(files: Record<string, string>): string {
  const home = tempDir('stmt-config-');
  mkdirSync(join(home, 'stmt'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(home, 'stmt', name), text);
  return home;
}

describe('stmt validate', () => {
  it('exits 0 for a valid file with a one-line verdict', () => {
    const run = runCli(['validate', '--input', join(FIXTURES, 'two-statements.camt053.xml')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('valid camt.053 (2 statement(s), 4 entries)');
  });

  it('reports balances that do not reconcile with file, line and column, exiting 4', () => {
    const file = join(FIXTURES, 'unreconciled.camt053.xml');
    const run = runCli(['validate', '--input', file]);
    expect(run.status).toBe(4);
    expect(run.stdout).toMatch(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: error UNRECONCILED_BALANCE`),
    );
    expect(run.stderr).toContain('parse error');
  });

  it('converts such a file all the same, logging the balances as a warning', () => {
    const out = join(tempDir(), 'out.csv');
    const run = runCli([
      'convert',
      '--input',
      join(FIXTURES, 'unreconciled.camt053.xml'),
      '-o',
      out,
      '--no-categorize',
    ]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/ warn statement .* does not reconcile .* severity=warning code=UNRECONCILED_BALANCE /);
  });

  it('reports XML that is not well formed', () => {
    const run = runCli(['validate', '--input', join(FIXTURES, 'truncated.camt053.xml')]);
    expect(run.status).toBe(4);
    expect(run.stdout).toMatch(/truncated\.camt053\.xml:\d+:\d+: error (NOT_WELL_FORMED|TRUNCATED)/);
  });

  it('validates every statement of a folder, reporting per file with a tally, exit 4 when one is bad', () => {
    const dir = tempDir();
    copyFileSync(join(FIXTURES, 'two-statements.camt053.xml'), join(dir, 'good.xml'));
    copyFileSync(join(FIXTURES, 'truncated.camt053.xml'), join(dir, 'bad.xml'));
    copyFileSync(join(FIXTURES, 'notes.txt'), join(dir, 'notes.txt'));
    mkdirSync(join(dir, 'nested'));
    copyFileSync(join(FIXTURES, 'truncated.camt053.xml'), join(dir, 'nested', 'ignored.xml'));
    const run = runCli(['validate', '--input', dir]);
    expect(run.status).toBe(4);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^${join(dir, 'bad.xml')}:67:9: error TRUNCATED at Document/BkToCstmrStmt/Stmt\\[1\\]/Ntry\\[2\\]/`),
    );
    expect(lines.slice(1)).toEqual([
      `${join(dir, 'bad.xml')}: 1 error(s), 0 warning(s)`,
      `${join(dir, 'good.xml')}: valid camt.053 (2 statement(s), 4 entries)`,
      `Validated 2 file(s) in ${dir}: 1 valid, 1 invalid, 1 skipped (not a statement) — ${join(dir, 'bad.xml')}.`,
    ]);
  });

  it('exits 0 for a folder of valid statements', () => {
    const dir = tempDir();
    copyFileSync(join(FIXTURES, 'two-statements.camt053.xml'), join(dir, 'a.xml'));
    copyFileSync(join(FIXTURES, 'unknown-parties.camt053.xml'), join(dir, 'b.xml'));
    const run = runCli(['validate', '--input', dir]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Validated 2 file(s) in ${dir}: 2 valid, 0 invalid.`);
  });
});

describe('stmt version', () => {
  it('prints version, commit and build date for `version` and the global --version', () => {
    const pattern = /^stmt \d+\.\d+\.\d+ \(commit (?:[0-9a-f]+|unknown), built \S+\)\n$/;
    expect(runCli(['version']).stdout).toMatch(pattern);
    expect(runCli(['--version']).stdout).toMatch(pattern);
    expect(runCli(['version', '--verbose']).stdout).toContain('formats: camt.052, camt.053');
  });
});

describe('stmt config', () => {
  it('refuses an unreadable AI key file only while the AI is on', () => {
    const input = join(FIXTURES, 'two-statements.camt053.xml');
    const missing = join(tempDir(), 'no-such-secret');
    const refused = runCli(['convert', '--input', input, '--output', '-'], { env: { AI_API_KEY_FILE: missing } });
    expect(refused.status).toBe(6);
    expect(refused.stderr).toContain(`AI_API_KEY_FILE names ${missing}, which cannot be read`);
    for (const [env, flags] of [
      [{ AI_API_KEY_FILE: missing, CAMT_AI_ENABLED: 'false' }, []],
      [{ AI_API_KEY_FILE: missing }, ['--no-ai']],
    ] as const) {
      const run = runCli(['convert', '--input', input, '--output', '-', ...flags], { env });
      expect([run.status, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toMatch(/^booking_date,/);
    }
  });

  it('shows the effective configuration with secrets masked and the source of each key', () => {
    const home = configHomeWith({ 'config.yaml': 'log:\n  level: warn\n', '.env': 'LOG_FORMAT=json\n' });
    const run = runCli(['config', '--show', '--json', '--log-level', 'debug'], {
      configHome: home,
      env: { AI_API_KEY: 'sk-secret-123', CAMT_AI_ENABLED: 'false' },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('sk-secret-123');
    const shown = JSON.parse(run.stdout) as {
      config: Record<string, Record<string, unknown>>;
      sources: Record<string, string>;
    };
    expect(shown.config['ai']).toMatchObject({ api_key: '********', enabled: false });
    expect(shown.config['log']).toEqual({ level: 'debug', format: 'json' });
    expect(shown.sources).toMatchObject({
      'log.level': '--log-level',
      // The same variable in the env file and in the environment are told apart.
      'log.format': `LOG_FORMAT in ${join(home, 'stmt', '.env')}`,
      'ai.enabled': 'CAMT_AI_ENABLED in the environment',
      'csv.delimiter': 'defaults',
    });
  });

  it('gives precedence environment > env file > YAML', () => {
    const home = configHomeWith({
      'config.yaml': 'log:\n  level: warn\n  format: text\n',
      '.env': 'LOG_LEVEL=error\n',
    });
    const fromEnvFile = JSON.parse(runCli(['config', '--show', '--json'], { configHome: home }).stdout) as {
      config: { log: { level: string } };
    };
    expect(fromEnvFile.config.log.level).toBe('error');
    const fromEnv = JSON.parse(
      runCli(['config', '--show', '--json'], { configHome: home, env: { LOG_LEVEL: 'debug' } }).stdout,
    ) as { config: { log: { level: string } } };
    expect(fromEnv.config.log.level).toBe('debug');
  });

  it('validates: unknown keys and wrong types are listed with their path, exit 6', () => {
    const home = configHomeWith({ 'config.yaml': 'ai:\n  enabled: maybe\n  tokens: 3\ncsv:\n  delimiter: ";;"\n' });
    const run = runCli(['config', '--validate'], { configHome: home, env: { CAMT_AI_REQUESTS_PER_MINUTE: 'lots' } });
    expect(run.status).toBe(6);
    expect(run.stderr).toContain('ai.enabled must be boolean');
    expect(run.stderr).toContain('ai.tokens is not a known configuration key');
    expect(run.stderr).toContain('csv.delimiter must be comma, semicolon, tab, pipe');
    expect(run.stderr).toContain('ai.requests_per_minute must be integer (environment, CAMT_AI_REQUESTS_PER_MINUTE)');
  });

  it('says where the terminal is quieter than the log level shown', () => {
    expect(runCli(['config', '--show']).stdout).toContain(
      'level: info # defaults; the terminal shows warn and above unless --verbose or a level is set',
    );
    for (const run of [
      runCli(['config', '--show', '--verbose']),
      runCli(['config', '--show'], { env: { LOG_LEVEL: 'info' } }),
    ])
      expect(run.stdout).not.toContain('the terminal shows');
  });

  it('sends the AI key over HTTPS only, or over plain HTTP to this machine', () => {
    const validate = (url: string) => runCli(['config', '--validate'], { env: { CAMT_AI_BASE_URL: url } });
    const remote = validate('http://ai.example.com/v1');
    expect(remote.status).toBe(6);
    expect(remote.stderr).toContain(
      'ai.base_url must be an https:// address (the API key goes with every request); http:// only to this machine',
    );
    expect(validate('https://').stderr).toContain('ai.base_url must be an address such as https://api.openai.com/v1');
    for (const fine of ['https://ai.example.com:8443/v1', 'http://127.0.0.1:11434/v1', 'http://localhost:8080'])
      expect(validate(fine).status).toBe(0);
  });

  it('exits 0 for a valid configuration, and other commands exit 6 on an invalid one', () => {
    expect(runCli(['config', '--validate']).status).toBe(0);
    const home = configHomeWith({ 'config.yaml': 'log:\n  level: loud\n' });
    const run = runCli(['convert', '-i', join(FIXTURES, 'two-statements.camt053.xml'), '-o', '-'], {
      configHome: home,
    });
    expect(run.status).toBe(6);
    expect(run.stderr).toContain('log.level must be one of debug, info, warn, error');
    // An installed user has no docs/ folder: the hint names commands that exist.
    expect(run.stderr).toContain('`stmt config --show` lists every key');
    expect(run.stderr).not.toContain('docs/');
  });
});

describe('stmt camt', () => {
  it('converts camt like convert does', () => {
    const run = runCli([
      'camt',
      '-i',
      join(FIXTURES, 'two-statements.camt053.xml'),
      '-o',
      '-',
      '--no-categorize',
      '--preset',
      'minimal',
      '--streaming',
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[1]).toBe('2024-03-05,-120.50,CHF,Landlord AG,Rent March,');
  });

  it('refuses other formats with exit 4 and points to convert, which reads them', () => {
    const mt940 = join(FIXTURES, 'minimal.mt940.sta');
    const run = runCli(['camt', '-i', mt940, '-o', '-']);
    expect(run.status).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `parse error: ${mt940} is mt940, but this command reads camt.052, camt.053, camt.054 only`,
    );
    const converted = runCli(['convert', '-i', mt940, '-o', '-', '--no-categorize', '--preset', 'minimal']);
    expect(converted.stdout.split('\n')[1]).toBe('2024-03-01,-10.00,EUR,,Test,');
  });
});
