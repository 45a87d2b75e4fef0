import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { BIN, FIXTURES, runCli, tempDir, type CliRun } from './run-cli';

// Spawns the built binary: run `pnpm run build` first.
const MARCH = join(FIXTURES, 'two-statements.camt053.xml');
const CAMT = join(FIXTURES, 'merge', 'camt');
const POLISH = join(__dirname, '..', '..', '..', 'packages', 'stmt-parser', 'test', 'fixtures', 'mt940', 'polish.sta');
const NO_AI = { env: { CAMT_AI_ENABLED: 'false' } };

/** `amount status counterparty` of each data row of a default-layout CSV. */
function rows(csv: string): string[] {
  const [header, ...lines] = csv.trimEnd().split('\n');
  const columns = (header ?? '').split(',');
  const at = (name: string): number => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split(',');
    return [cells[at('amount')], cells[at('status')], cells[at('counterparty_name')]].join(' ');
  });
}

/** Runs the binary under `prefix` (a command that then runs node), with an environment of its own. */
function runWrapped(prefix: string[], args: string[], env: Record<string, string>): CliRun {
  const result = spawnSync(prefix[0] ?? '', [...prefix.slice(1), process.execPath, BIN, ...args], {
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', CAMT_AI_ENABLED: 'false', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('stmt convert --mappings-review never replaces an input or an output', () => {
  it.each(['convert', 'camt'])(
    '%s refuses the input file as the review file (exit 2), and leaves it as it was',
    (command) => {
      const dir = tempDir();
      const input = join(dir, 'march.xml');
      copyFileSync(MARCH, input);
      const run = runCli([command, '-i', input, '-o', join(dir, 'march.csv'), '--mappings-review', input], NO_AI);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(
        `--mappings-review ${input} is the input file; choose another path for the review file so the statement is not overwritten.`,
      );
      expect(readFileSync(input).equals(readFileSync(MARCH))).toBe(true);
      expect(readdirSync(dir)).toEqual(['march.xml']);
    },
  );

  it('refuses the output file, a statement of the input folder and a file of the output folder', () => {
    const dir = tempDir();
    const input = join(dir, 'statements');
    mkdirSync(input);
    copyFileSync(MARCH, join(input, 'march.xml'));
    const csv = join(dir, 'march.csv');
    writeFileSync(csv, 'an earlier conversion\n');
    const output = runCli(['convert', '-i', join(input, 'march.xml'), '-o', csv, '--mappings-review', csv], NO_AI);
    expect(output.status).toBe(2);
    expect(output.stderr).toContain(
      `--mappings-review ${csv} is the output file; choose another path for the review file`,
    );
    expect(readFileSync(csv, 'utf8')).toBe('an earlier conversion\n');

    const inFolder = runCli(
      ['convert', '-i', input, '-o', join(dir, 'csv'), '--mappings-review', join(input, 'march.xml')],
      NO_AI,
    );
    expect(inFolder.status).toBe(2);
    expect(inFolder.stderr).toContain(`is a statement of the input folder ${input}`);
    const merged = runCli(['convert', '-i', input, '-o', csv, '--merge', '--mappings-review', csv], NO_AI);
    expect(merged.status).toBe(2);
    const outFolder = runCli(
      ['convert', '-i', input, '-o', join(dir, 'csv'), '--mappings-review', join(dir, 'csv', 'march.csv')],
      NO_AI,
    );
    expect(outFolder.status).toBe(2);
    expect(outFolder.stderr).toContain(`where this run writes the output of ${join(input, 'march.xml')}`);
    expect(readFileSync(join(input, 'march.xml')).equals(readFileSync(MARCH))).toBe(true);
    expect(existsSync(join(dir, 'csv'))).toBe(false);
  });

  it('lets a review file in the input folder be written again by the next run (it is not a statement)', () => {
    const input = tempDir();
    copyFileSync(MARCH, join(input, 'march.xml'));
    const review = join(input, 'review.yaml');
    for (let run = 0; run < 2; run++) {
      const result = runCli(['convert', '-i', input, '--dry-run', '--mappings-review', review], NO_AI);
      expect(result.status).toBe(0);
      expect(result.stderr).toContain(`Wrote 0 learned mapping(s) to ${review}`);
    }
  });
});

describe('the mappings review file is replaced only when complete', () => {
  it('keeps the earlier review file when the new one cannot be written (exit 5), leaving no temporary file', () => {
    const dir = tempDir();
    const review = join(dir, 'review.yaml');
    const earlier = 'mappings:\n  - party: Keep Me\n    direction: debit\n    category: Travel\n';
    writeFileSync(review, earlier);
    // No file may grow past 0 bytes (RLIMIT_FSIZE): each write fails with EFBIG, as on a full disk.
    const run = runWrapped(
      ['sh', '-c', 'ulimit -f 0 && exec "$@"', 'sh'],
      ['convert', '-i', MARCH, '--dry-run', '--mappings-review', review],
      { XDG_CONFIG_HOME: tempDir('stmt-config-') },
    );
    expect(run.status).toBe(5);
    expect(run.stderr).toContain(`Cannot write the mappings review file ${review}:`);
    expect(run.stderr).toContain('An earlier file there is left as it was.');
    expect(readFileSync(review, 'utf8')).toBe(earlier);
    expect(readdirSync(dir)).toEqual(['review.yaml']);
  });
});

describe('stmt convert --since-last with a booking pending in one run and booked in a later one', () => {
  it('writes the booking once booked, although an earlier run wrote it as pending', () => {
    const inbox = tempDir('stmt-inbox-');
    const books = join(tempDir(), 'books.csv');
    const sinceLast = (...more: string[]): CliRun =>
      runCli(['convert', '-i', inbox, '-o', books, '--since-last', '--no-categorize', ...more]);
    copyFileSync(join(CAMT, 'a-intraday.camt052.xml'), join(inbox, 'a-intraday.camt052.xml'));
    expect(sinceLast().status).toBe(0);
    expect(rows(readFileSync(books, 'utf8'))).toContain('5000.00 PDNG Grosskunde AG');

    // The evening camt.053 books the 5000.00 credit.
    copyFileSync(join(CAMT, 'b-statement.camt053.xml'), join(inbox, 'b-statement.camt053.xml'));
    const dry = sinceLast('--dry-run');
    expect(dry.stdout).not.toMatch(/written by an earlier --since-last run\): .*Grosskunde AG/);
    expect(sinceLast().status).toBe(0);
    expect(rows(readFileSync(books, 'utf8'))).toEqual([
      '5000.00 BOOK Grosskunde AG',
      '-50.00 BOOK Stadtwerke',
      // Still pending: written again, as pending.
      '-20.00 PDNG Card shop',
    ]);

    // Booked once: the next run does not write it again.
    expect(sinceLast().status).toBe(0);
    expect(rows(readFileSync(books, 'utf8'))).toEqual(['-20.00 PDNG Card shop']);
  });

  (spawnSync('hledger', ['--version']).status === 0 ? it : it.skip)(
    'gives hledger journals that together reach the bank closing balance',
    () => {
      const inbox = tempDir('stmt-inbox-');
      const dir = tempDir();
      const out = join(dir, 'books.journal');
      const journals: string[] = [];
      for (const file of ['a-intraday.camt052.xml', 'b-statement.camt053.xml']) {
        copyFileSync(join(CAMT, file), join(inbox, file));
        const run = runCli(['convert', '-i', inbox, '-o', out, '--since-last', '--to', 'hledger', '--no-categorize']);
        expect(run.status).toBe(0);
        journals.push(readFileSync(out, 'utf8'));
      }
      writeFileSync(join(dir, 'all.journal'), journals.join('\n'));
      const balance = spawnSync('hledger', ['-f', join(dir, 'all.journal'), 'bal', 'Assets', '-N'], {
        encoding: 'utf8',
      });
      // STMT-0328 closes at 5850.00 EUR.
      expect(balance.stdout).toContain('5850.00 EUR');
    },
  );
});

describe('symbolic links in an input folder', () => {
  /** `statements/` with march.xml and a link to an MT940 statement kept elsewhere. */
  function statements(): string {
    const input = join(tempDir(), 'statements');
    mkdirSync(input);
    copyFileSync(MARCH, join(input, 'march.xml'));
    symlinkSync(POLISH, join(input, 'polish.sta'));
    return input;
  }

  it('converts, merges and validates a linked statement', () => {
    const input = statements();
    const csv = join(tempDir(), 'csv');
    const folder = runCli(['convert', '-i', input, '-o', csv, '--no-categorize']);
    expect(folder.status).toBe(0);
    expect(folder.stdout).toContain('Converted 2 file(s).');
    expect(readFileSync(join(csv, 'polish.csv'), 'utf8')).toContain('PLN');

    const merged = join(tempDir(), 'merged.csv');
    const merge = runCli(['convert', '-i', input, '-o', merged, '--merge', '--no-categorize']);
    expect(merge.status).toBe(0);
    expect(merge.stdout).toContain('Merged 2 file(s)');
    const count = (file: string): number => rows(readFileSync(file, 'utf8')).length;
    expect(count(merged)).toBe(count(join(csv, 'march.csv')) + count(join(csv, 'polish.csv')));
    expect(readFileSync(merged, 'utf8')).toContain('PLN');

    const validate = runCli(['validate', '-i', input]);
    expect(validate.status).toBe(0);
    expect(validate.stdout).toContain(`${join(input, 'polish.sta')}: valid mt940`);
    expect(validate.stdout).toContain('Validated 2 file(s)');
  });

  it('reports a dangling link as an input that is not found (exit 3), and converts the rest', () => {
    const input = statements();
    symlinkSync('/nonexistent/april.xml', join(input, 'april.xml'));
    const csv = join(tempDir(), 'csv');
    const run = runCli(['convert', '-i', input, '-o', csv, '--no-categorize']);
    expect(run.status).toBe(3);
    const message = `Input ${join(input, 'april.xml')} is a symbolic link to /nonexistent/april.xml, which does not exist. Restore that file, or remove the link.`;
    expect(run.stdout).toContain(`Converted 2 file(s), 1 failed:\n  ${join(input, 'april.xml')}: ${message}`);
    expect(readdirSync(csv).sort()).toEqual(['march.csv', 'polish.csv']);
    const json = JSON.parse(runCli(['convert', '-i', input, '--dry-run', '--json', '--no-categorize']).stdout) as {
      exit_code: number;
      failed: unknown[];
    };
    expect(json.exit_code).toBe(3);
    expect(json.failed).toEqual([{ file: join(input, 'april.xml'), message, exit_code: 3 }]);
    const merge = runCli(['convert', '-i', input, '-o', join(tempDir(), 'm.csv'), '--merge', '--no-categorize']);
    expect(merge.status).toBe(3);
    expect(merge.stderr).toContain(message);
  });
});

describe('a file of an input folder that cannot be read', () => {
  it('is reported per file with exit 3, not as an unexpected error (a loop of links)', () => {
    const input = join(tempDir(), 'in');
    mkdirSync(input);
    copyFileSync(MARCH, join(input, 'a.xml'));
    symlinkSync('b.xml', join(input, 'b.xml'));
    for (const args of [['-o', join(tempDir(), 'out')], ['--dry-run'], ['-o', join(tempDir(), 'm.csv'), '--merge']]) {
      const run = runCli(['convert', '-i', input, ...args, '--no-categorize']);
      expect(run.status).toBe(3);
      expect(`${run.stdout}${run.stderr}`).toContain(`Input ${join(input, 'b.xml')} cannot be read (ELOOP`);
      expect(run.stderr).not.toContain('unexpected error');
    }
  });

  const asRoot = process.getuid?.() === 0;
  const canDrop = asRoot && spawnSync('setpriv', ['--version']).status === 0;
  (asRoot && !canDrop ? it.skip : it)('is reported per file with exit 3 when it has no read permission', () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const input = join(dir, 'in');
    mkdirSync(input, { mode: 0o755 });
    copyFileSync(MARCH, join(input, 'a.xml'));
    copyFileSync(MARCH, join(input, 'b.xml'));
    chmodSync(join(input, 'a.xml'), 0o644);
    chmodSync(join(input, 'b.xml'), 0o000);
    const config = join(dir, 'config');
    mkdirSync(config, { mode: 0o777 });
    chmodSync(config, 0o777);
    const out = join(dir, 'out');
    mkdirSync(out);
    chmodSync(out, 0o777);
    // Root reads any file: the conversion runs as nobody, for whom permissions hold.
    const prefix = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : ['env'];
    const run = runWrapped(prefix, ['convert', '-i', input, '-o', join(out, 'csv'), '--no-categorize'], {
      XDG_CONFIG_HOME: config,
      HOME: config,
    });
    expect(run.status).toBe(3);
    expect(run.stdout).toContain(
      `Converted 1 file(s), 1 failed:\n  ${join(input, 'b.xml')}: Input ${join(input, 'b.xml')} cannot be read (EACCES`,
    );
    expect(run.stderr).not.toContain('unexpected error');
    expect(readdirSync(join(out, 'csv'))).toEqual(['a.csv']);
  });
});
