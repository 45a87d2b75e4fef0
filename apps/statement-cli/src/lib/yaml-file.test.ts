import { CliError } from './cli-error';
import { parseYamlFile } from './yaml-file';

/** A "billion laughs" document: each level aliases the one before ten times. */
function aliasBomb(levels: number): string {
  const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let n = 1; n <= levels; n++) {
    const previous = `*a${n - 1}`;
    lines.push(`a${n}: &a${n} [${Array.from({ length: 10 }, () => previous).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('parseYamlFile', () => {
  it('reads a mapping', () => {
    expect(parseYamlFile('csv:\n  delimiter: semicolon\n', 'config.yaml')).toEqual({ csv: { delimiter: 'semicolon' } });
  });

  it('refuses a syntax error as a configuration error naming the file, line and column', () => {
    const error = thrown(() => parseYamlFile('csv:\n  delimiter: [semicolon\n', '/home/u/config.yaml'));
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
    expect((error as Error).message).toMatch(/^\/home\/u\/config\.yaml, line \d+, column \d+: not valid YAML: /);
  });

  it('refuses aliases that would expand past the limit as a configuration error naming the file', () => {
    const error = thrown(() => parseYamlFile(aliasBomb(9), '/home/u/profiles/bank.yaml'));
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
    expect((error as Error).message).toMatch(/^\/home\/u\/profiles\/bank\.yaml: not valid YAML: Excessive alias count/);
  });
});
