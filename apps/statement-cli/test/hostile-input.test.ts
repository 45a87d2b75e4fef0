import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES, runCli, tempDir } from './run-cli';

const camt = readFileSync(join(FIXTURES, 'two-statements.camt053.xml'), 'utf8');
const withUstrd = (value: string): string => camt.replace(/<Ustrd>[^<]*<\/Ustrd>/, `<Ustrd>${value}</Ustrd>`);

function file(dir: string, name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('hostile and cut input: exit 4 with the place, never a crash, nothing left behind', () => {
  it('answers deep nesting with --streaming with NOT_WELL_FORMED instead of a V8 abort', () => {
    const dir = tempDir();
    const input = file(dir, 'nested.xml', withUstrd('<a>'.repeat(200_000)));
    const run = runCli(['convert', '-i', input, '-o', join(dir, 'out.csv'), '--streaming', '--no-categorize']);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/parse error \(NOT_WELL_FORMED\).*nested more than 256 deep/);
    expect(run.stderr).not.toMatch(/FATAL|heap limit|\n\s+at /);
    expect(readdirSync(dir)).toEqual(['nested.xml']);
  });

  it('refuses a value above --max-field-size naming the element, and converts it when the limit allows', () => {
    const dir = tempDir();
    const input = file(dir, 'long.xml', withUstrd('x'.repeat(3000)));
    const refused = runCli([
      'convert',
      '-i',
      input,
      '-o',
      join(dir, 'out.csv'),
      '--streaming',
      '--no-categorize',
      '--max-field-size',
      '2KiB',
    ]);
    expect(refused.status).toBe(4);
    expect(refused.stderr).toMatch(
      /LIMIT_EXCEEDED.*line \d+, column \d+.*value of <Ustrd> exceeds 2 KiB \(--max-field-size\)/,
    );
    expect(existsSync(join(dir, 'out.csv'))).toBe(false);
    const allowed = runCli(['convert', '-i', input, '-o', '-', '--no-categorize', '--max-field-size', '4KiB']);
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toContain('x'.repeat(3000));
  });

  it('converts a value far above the streaming heap when --max-field-size or input.max_field_size allows it', () => {
    // 20 MB held several times over does not fit the 44 MiB old space of a --streaming run: the
    // run restarts once with room for values of the allowed size (oldSpaceFor), before writing anything.
    const dir = tempDir();
    // Short words: each space was a match of the whitespace collapsing, whose result V8 held as a tree of parts.
    const value = new Array(1_600_000).fill('Invoice 4711').join(' ');
    const input = file(dir, 'huge.xml', withUstrd(value));
    const output = join(dir, 'out.csv');
    const flag = ['convert', '-i', input, '-o', output, '--streaming', '--no-categorize', '--max-field-size', '32MiB'];
    const run = runCli(flag);
    expect(run.stderr).not.toMatch(/FATAL|heap limit|ran out of memory/);
    expect(run.status).toBe(0);
    expect(readFileSync(output, 'utf8')).toContain(value);
    rmSync(output);
    const configHome = tempDir('stmt-config-');
    mkdirSync(join(configHome, 'stmt'), { recursive: true });
    file(join(configHome, 'stmt'), 'config.yaml', 'input:\n  max_field_size: 32MiB\n');
    const configured = runCli(['convert', '-i', input, '-o', output, '--streaming', '--no-categorize'], { configHome });
    expect(configured.status).toBe(0);
    expect(readFileSync(output, 'utf8')).toContain(value);
  });

  it('refuses a batch entry above --max-entry-details as one row, and streams it out with --split-batches', () => {
    const dir = tempDir();
    const details = camt.match(/<TxDtls>[\s\S]*?<\/TxDtls>/)?.[0] ?? '';
    const input = file(
      dir,
      'batch.xml',
      camt.replace(details, details.replace(/<Ustrd>[^<]*<\/Ustrd>/, '<Ustrd>batch line</Ustrd>').repeat(30)),
    );
    const refused = runCli([
      'convert',
      '-i',
      input,
      '-o',
      join(dir, 'out.csv'),
      '--streaming',
      '--no-categorize',
      '--max-entry-details',
      '20',
    ]);
    expect(refused.status).toBe(4);
    expect(refused.stderr).toMatch(
      /LIMIT_EXCEEDED.*line \d+, column \d+.*more than 20 transaction details <TxDtls>.*Use --split-batches/,
    );
    expect(existsSync(join(dir, 'out.csv'))).toBe(false);
    const split = runCli([
      'convert',
      '-i',
      input,
      '-o',
      '-',
      '--streaming',
      '--no-categorize',
      '--max-entry-details',
      '20',
      '--split-batches',
    ]);
    expect(split.status).toBe(0);
    expect(split.stdout.split('\n').filter((line) => line.includes('batch line'))).toHaveLength(30);
  });

  it('takes input.max_field_size from the configuration file, the flag winning', () => {
    const dir = tempDir();
    const configHome = tempDir('stmt-config-');
    const configDir = join(configHome, 'stmt');
    mkdirSync(configDir, { recursive: true });
    file(configDir, 'config.yaml', 'input:\n  max_field_size: 2KiB\n');
    const input = file(dir, 'long.xml', withUstrd('x'.repeat(3000)));
    expect(runCli(['validate', '-i', input], { configHome }).status).toBe(4);
    expect(runCli(['validate', '-i', input, '--max-field-size', '1MiB'], { configHome }).status).toBe(0);
  });

  it('refuses an input.max_field_size that is not a size as a configuration error', () => {
    const configHome = tempDir('stmt-config-');
    mkdirSync(join(configHome, 'stmt'), { recursive: true });
    file(join(configHome, 'stmt'), 'config.yaml', 'input:\n  max_field_size: huge\n');
    const run = runCli(['validate', '-i', join(FIXTURES, 'minimal.mt940.sta')], { configHome });
    expect(run.status).toBe(6);
    expect(run.stderr).toContain('input.max_field_size must be a number of bytes or a size such as 512KiB or 16MiB');
  });

  it('refuses a size that is not one with a usage error', () => {
    const run = runCli(['validate', '-i', join(FIXTURES, 'minimal.mt940.sta'), '--max-field-size', 'lots']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--max-field-size "lots": expected a size from 1 byte to 256MiB, such as 512KiB/);
  });

  it('answers an OFX character reference above U+10FFFF with exit 4, not an unexpected error', () => {
    const dir = tempDir();
    const ofx =
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240301<TRNAMT>-1.00<FITID>1<MEMO>A&#1114112;</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n';
    const run = runCli(['convert', '-i', file(dir, 'bad.ofx', ofx), '-o', '-', '--no-categorize']);
    expect(run.status).toBe(4);
    expect(run.stderr).toMatch(/NOT_WELL_FORMED.*&#1114112; names no Unicode character/);
    expect(run.stderr).not.toMatch(/unexpected error|please report/i);
  });

  it('makes validate call a cut MT940 file invalid, with the place of the cut', () => {
    const dir = tempDir();
    const whole = readFileSync(join(FIXTURES, 'minimal.mt940.sta'), 'utf8');
    const input = file(dir, 'cut.sta', whole.slice(0, whole.indexOf(':86:') + 6));
    const run = runCli(['validate', '-i', input]);
    expect(run.status).toBe(4);
    expect(run.stdout).toMatch(/cut\.sta:6:7: error TRUNCATED: the file ends before the closing balance :62F:\/:62M:/);
  });
});

describe('control characters quoted from the input', () => {
  // An OFX end tag holding an escape sequence retitled and cleared the terminal it was reported on.
  const ofx = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1\n</STMTTRNRS\u001b]0;PWNED\u0007\u001b[2J></BANKMSGSRSV1></OFX>\n`;

  it.each([['convert'], ['validate']])('shows them as escapes in what %s reports', (command) => {
    const dir = tempDir();
    const input = file(dir, 'esc.ofx', ofx);
    const run = runCli(
      command === 'convert' ? ['convert', '-i', input, '-o', join(dir, 'out.csv')] : ['validate', '-i', input],
    );
    expect(run.status).toBe(4);
    expect(run.stdout + run.stderr).toContain('\\u001b]0;PWNED\\u0007\\u001b[2J');
    // eslint-disable-next-line no-control-regex -- the characters that must not reach the terminal
    expect(run.stdout + run.stderr).not.toMatch(/[\u0007\u001b]/);
  });
});

describe('input encodings', () => {
  const polish =
    ':20:PL1\n:25:/PL61109010140000071219812874\n:28C:1/1\n:60F:C240301PLN100,00\n:61:240301C10,00NTRFNONREF\n:86:Zapłata za fakturę, Łódź, świadczenie\n:62F:C240301PLN110,00\n-\n';

  it('reads a windows-1250 MT940 with --encoding, and guesses it with a warning without', () => {
    const dir = tempDir();
    // The Polish letters' windows-1250 bytes (ISO-8859-2 has ś and ź elsewhere).
    const cp1250: Record<string, number> = { ł: 0xb3, ę: 0xea, Ł: 0xa3, ó: 0xf3, ź: 0x9f, ś: 0x9c };
    const input = file(dir, 'pl.sta', Buffer.from([...polish].map((c) => cp1250[c] ?? c.charCodeAt(0))));
    const named = runCli(['convert', '-i', input, '-o', '-', '--no-categorize', '--encoding', 'windows-1250']);
    expect(named.status).toBe(0);
    expect(named.stdout).toContain('Zapłata za fakturę, Łódź, świadczenie');
    expect(named.stderr).not.toMatch(/INVALID_ENCODING/);
    const guessed = runCli(['convert', '-i', input, '-o', '-', '--no-categorize']);
    expect(guessed.status).toBe(0);
    expect(guessed.stdout).toContain('Zapłata za fakturę, Łódź, świadczenie');
    expect(guessed.stderr).toMatch(/warn.*not UTF-8.*read as windows-1250/);
  });

  it('refuses invalid UTF-8 in a camt file with line and column, in validate as in convert', () => {
    const dir = tempDir();
    const input = file(dir, 'bad.xml', Buffer.from(camt.replace(/<Ustrd>[^<]*/, '<Ustrd>Caf\u00e9'), 'latin1'));
    const converted = runCli(['convert', '-i', input, '-o', join(dir, 'out.csv'), '--no-categorize']);
    expect(converted.status).toBe(4);
    expect(converted.stderr).toMatch(
      /parse error \(INVALID_ENCODING\) in .*bad\.xml, line \d+, column \d+.*look like windows-1252: convert with --encoding windows-1252/,
    );
    const validated = runCli(['validate', '-i', input]);
    expect(validated.status).toBe(4);
    expect(validated.stdout).toMatch(/bad\.xml:\d+:\d+: error INVALID_ENCODING/);
    expect(runCli(['convert', '-i', input, '-o', '-', '--no-categorize', '--encoding', 'latin1']).stdout).toContain(
      'Café',
    );
  });

  it('refuses an encoding name it does not know with a usage error', () => {
    const run = runCli(['validate', '-i', join(FIXTURES, 'minimal.mt940.sta'), '--encoding', 'klingon']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--encoding "klingon" is not an encoding this tool knows/);
  });
});
