import { DEFAULT_CONFIG, type StmtConfig } from './config/schema';
import { readOptions } from './read-options';

const withInput = (input: Partial<StmtConfig['input']>): StmtConfig => ({
  ...DEFAULT_CONFIG,
  input: { ...DEFAULT_CONFIG.input, ...input },
});

describe('readOptions', () => {
  it('takes the flags over the configuration', () => {
    expect(readOptions({ encoding: 'UTF-16LE' }, withInput({ encoding: 'windows-1252' }))).toEqual({
      encoding: 'utf-16le',
    });
  });

  it('calls an unknown encoding in a flag a usage error naming the flag', () => {
    expect(() => readOptions({ encoding: 'klingon' }, DEFAULT_CONFIG)).toThrow(
      expect.objectContaining({ code: 'USAGE', message: expect.stringMatching(/^--encoding "klingon"/) as string }),
    );
  });

  it('calls an unknown encoding or a bad size in the configuration a configuration error naming the key', () => {
    expect(() => readOptions({}, withInput({ encoding: 'klingon' }))).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(/^input\.encoding "klingon"/) as string,
      }),
    );
    expect(() => readOptions({}, withInput({ max_field_size: 'lots' }))).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(/^input\.max_field_size "lots"/) as string,
      }),
    );
  });
});
