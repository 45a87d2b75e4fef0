import { CategorizerError } from '@stmt/categorizer';
import { ExportError } from '@stmt/export';
import { validateLedgerAccounts } from '@stmt/ledger';
import { StatementParseError, validateCsvProfile } from '@stmt/parser';
import { describeError } from './describe-error';
import { ExitCode } from './exit-codes';

const thrown = (action: () => unknown): unknown => {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
};

describe('describeError', () => {
  it('maps each library error to its documented exit code', () => {
    const read = describeError(
      new StatementParseError('IO_ERROR', 'cannot read a.xml: the file does not exist'),
      'a.xml',
    );
    expect([read.exitCode, read.message]).toEqual([
      ExitCode.INPUT,
      'read error (IO_ERROR) in a.xml: cannot read a.xml: the file does not exist.',
    ]);
    expect(
      describeError(new StatementParseError('TRUNCATED', 'cut', { location: { line: 2, column: 1 } })).exitCode,
    ).toBe(ExitCode.PARSE);
    expect(describeError(new ExportError('UNKNOWN_PRESET', 'Unknown CSV preset')).exitCode).toBe(ExitCode.USAGE);
    expect(describeError(new ExportError('OUTPUT_FAILED', 'Cannot write out.csv', { file: 'out.csv' })).fields).toEqual(
      { code: 'OUTPUT_FAILED', file: 'out.csv' },
    );
  });

  it('asks to check that the file is whole only after an error a cut file gives', () => {
    const at = { location: { file: 'a.xml', line: 2, column: 1 } };
    expect(describeError(new StatementParseError('TRUNCATED', 'the file ends inside <Ntry>', at)).message).toBe(
      'parse error (TRUNCATED) in a.xml, line 2, column 1: the file ends inside <Ntry>. Check that the file is a complete statement export; run `stmt validate --input FILE` to list every problem.',
    );
    expect(describeError(new StatementParseError('INVALID_AMOUNT', 'expected a decimal amount', at)).message).toBe(
      'parse error (INVALID_AMOUNT) in a.xml, line 2, column 1: expected a decimal amount. Run `stmt validate --input FILE` to list every problem.',
    );
  });

  it('gives a configuration error (exit 6) for a database, profile or account mapping that reached the top unwrapped', () => {
    const database = describeError(
      new CategorizerError('DATABASE_INVALID', 'rules.yaml: not valid YAML', { file: 'rules.yaml' }),
    );
    expect(database).toEqual({
      exitCode: ExitCode.CONFIG,
      message: 'rules.yaml: not valid YAML',
      fields: { code: 'DATABASE_INVALID', file: 'rules.yaml' },
    });
    const profile = describeError(thrown(() => validateCsvProfile({ name: 'x' }, 'mine.yaml')));
    expect([profile.exitCode, profile.fields['code'], profile.fields['file']]).toEqual([
      ExitCode.CONFIG,
      'INVALID_PROFILE',
      'mine.yaml',
    ]);
    const mapping = describeError(thrown(() => validateLedgerAccounts({ expenses: 'lower:case' }, 'accounts.yaml')));
    expect([mapping.exitCode, mapping.fields['code'], mapping.fields['file']]).toEqual([
      ExitCode.CONFIG,
      'INVALID_MAPPING',
      'accounts.yaml',
    ]);
  });

  it('leaves anything else to exit 1 as a bug', () => {
    expect(describeError(new Error('boom')).exitCode).toBe(ExitCode.INTERNAL);
  });
});
