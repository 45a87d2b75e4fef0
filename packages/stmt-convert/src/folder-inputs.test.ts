import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ConvertError,
  convertDirectory,
  convertMerged,
  isRecognisedStatement,
  listFolder,
  refuseWritingOverConversion,
  resolveInput,
} from '@stmt/convert';
import { scratchFolder } from '@fin/test-utils';

const fixtures = join(__dirname, '..', '..', 'stmt-parser', 'test', 'fixtures');
const camt = join(fixtures, 'camt', 'camt053-foreign-currency.xml');
const mt940 = join(fixtures, 'mt940', 'polish.sta');

describe('symbolic links and unreadable files in an input folder', () => {
  const dir = scratchFolder('stmt-folder-inputs-');

  /** `in/` with a.xml, a link to a statement kept elsewhere, a dangling link, a loop, and a link to a folder. */
  function inputFolder(): string {
    const input = join(dir(), 'in');
    const elsewhere = join(dir(), 'elsewhere');
    mkdirSync(input);
    mkdirSync(elsewhere);
    copyFileSync(camt, join(input, 'a.xml'));
    copyFileSync(mt940, join(elsewhere, 'polish.sta'));
    symlinkSync(join(elsewhere, 'polish.sta'), join(input, 'linked.sta'));
    symlinkSync(join(dir(), 'unmounted', 'april.xml'), join(input, 'dangling.xml'));
    symlinkSync('loop.xml', join(input, 'loop.xml'));
    symlinkSync(elsewhere, join(input, 'folder-link'));
    return input;
  }

  it('lists links to files (and links that cannot be followed), not links to folders', async () => {
    expect(await listFolder(inputFolder())).toEqual(['a.xml', 'dangling.xml', 'linked.sta', 'loop.xml']);
  });

  it('converts a linked statement and reports each link it cannot read, with an input error', async () => {
    const input = inputFolder();
    const output = join(dir(), 'out');
    const report = await convertDirectory(input, output, {});
    expect(report.converted.map(({ input: file, entries }) => [file, entries])).toEqual([
      [join(input, 'a.xml'), 1],
      [join(input, 'linked.sta'), 2],
    ]);
    expect(report.skipped).toEqual([]);
    expect(report.failed.map(({ input: file, error }) => [file, (error as ConvertError).code])).toEqual([
      [join(input, 'dangling.xml'), 'INPUT_NOT_FOUND'],
      [join(input, 'loop.xml'), 'INPUT_UNREADABLE'],
    ]);
    const [dangling, loop] = report.failed.map(({ error }) => (error as Error).message);
    expect(dangling).toBe(
      `Input ${join(input, 'dangling.xml')} is a symbolic link to ${join(dir(), 'unmounted', 'april.xml')}, which does not exist. Restore that file, or remove the link.`,
    );
    expect(loop).toMatch(
      /^Input .*loop\.xml cannot be read \(ELOOP.*\)\. Its symbolic links form a loop: check where they point\.$/,
    );
    expect(readdirSync(output).sort()).toEqual(['a.csv', 'linked.csv']);
    expect(readFileSync(join(output, 'linked.csv'), 'utf8')).toContain('PLN');
  });

  it('refuses to convert a linked input over itself when it leads into the output folder', async () => {
    const input = join(dir(), 'in');
    const output = join(dir(), 'out');
    mkdirSync(input);
    mkdirSync(output);
    // A statement kept in the output folder under the name its conversion would get, linked in.
    copyFileSync(camt, join(output, 'kept.csv'));
    symlinkSync(join(output, 'kept.csv'), join(input, 'kept.xml'));
    const report = await convertDirectory(input, output, {});
    expect(report.converted).toEqual([]);
    expect(report.failed).toEqual([
      { input: join(input, 'kept.xml'), error: expect.objectContaining({ code: 'USAGE' }) },
    ]);
    expect(readFileSync(join(output, 'kept.csv'), 'utf8')).toBe(readFileSync(camt, 'utf8'));
  });

  it('merges a linked statement, and fails the merge on a link it cannot read', async () => {
    const input = join(dir(), 'in');
    mkdirSync(input);
    copyFileSync(camt, join(input, 'a.xml'));
    symlinkSync(mt940, join(input, 'b.sta'));
    const output = join(dir(), 'merged.csv');
    const merged = await convertMerged(await resolveInput(input), {}, { output, sinceLast: false, stateFor: output });
    expect(merged.files).toEqual([join(input, 'a.xml'), join(input, 'b.sta')]);
    expect(merged.rows).toBe(3);

    symlinkSync('nowhere.xml', join(input, 'c.xml'));
    const failed = convertMerged(await resolveInput(input), {}, { output, sinceLast: false, stateFor: output });
    await expect(failed).rejects.toThrow(ConvertError);
    await expect(failed).rejects.toMatchObject({ code: 'INPUT_NOT_FOUND' });
    // With --from, the file is not sniffed: its size is read, and that fails as the same input error.
    const given = convertMerged(
      await resolveInput(input),
      { format: 'camt.053' },
      { output, sinceLast: false, stateFor: output },
    );
    await expect(given).rejects.toMatchObject({ code: 'INPUT_NOT_FOUND' });
  });

  it('tells a file it cannot read by an input error, not an unexplained system error', async () => {
    symlinkSync('self.xml', join(dir(), 'self.xml'));
    await expect(isRecognisedStatement(join(dir(), 'self.xml'), undefined)).rejects.toMatchObject({
      name: 'ConvertError',
      code: 'INPUT_UNREADABLE',
    });
  });
});

describe('refuseWritingOverConversion (a file written beside the output, such as --mappings-review)', () => {
  const dir = scratchFolder('stmt-side-file-');
  const refuse = (path: string, paths: Parameters<typeof refuseWritingOverConversion>[1]): Promise<void> =>
    refuseWritingOverConversion(path, paths, '--mappings-review', 'the review file');

  it('refuses the input file, also through a link or another spelling', async () => {
    const input = join(dir(), 'march.xml');
    copyFileSync(camt, input);
    symlinkSync(input, join(dir(), 'review.yaml'));
    for (const path of [input, join(dir(), '.', 'march.xml'), join(dir(), 'review.yaml')]) {
      await expect(refuse(path, { input, output: join(dir(), 'march.csv'), merge: false })).rejects.toMatchObject({
        code: 'USAGE',
        message: expect.stringContaining('is the input file; choose another path for the review file'),
      });
    }
  });

  it('refuses the output file, of a file, of standard input and of a merge', async () => {
    const input = join(dir(), 'march.xml');
    copyFileSync(camt, input);
    const output = join(dir(), 'march.csv');
    for (const paths of [
      { input, output, merge: false },
      { input: '-', output, merge: false },
      { input: dir(), output, merge: true },
    ]) {
      await expect(refuse(output, paths)).rejects.toThrow(
        `--mappings-review ${output} is the output file; choose another path for the review file so the output is not overwritten.`,
      );
    }
  });

  it('refuses a statement of the input folder and a file a folder conversion writes, but not another file', async () => {
    const input = join(dir(), 'in');
    mkdirSync(input);
    copyFileSync(camt, join(input, 'a.xml'));
    copyFileSync(mt940, join(input, 'a.sta'));
    writeFileSync(join(input, 'review.yaml'), 'mappings: []\n');
    const paths = { input, output: join(dir(), 'out'), merge: false };
    await expect(refuse(join(input, 'a.sta'), paths)).rejects.toThrow(
      `--mappings-review ${join(input, 'a.sta')} is a statement of the input folder ${input}; choose another path for the review file so the statement is not overwritten.`,
    );
    await expect(refuse(join(dir(), 'out', 'a.xml.csv'), paths)).rejects.toThrow(
      `where this run writes the output of ${join(input, 'a.xml')}`,
    );
    // The review file an earlier run wrote into the folder is not a statement: it may be replaced.
    await expect(refuse(join(input, 'review.yaml'), paths)).resolves.toBeUndefined();
    await expect(refuse(join(dir(), 'out', 'review.yaml'), paths)).resolves.toBeUndefined();
    // With --from every file of the folder is an input.
    await expect(refuse(join(input, 'review.yaml'), { ...paths, format: 'camt.053' })).rejects.toMatchObject({
      code: 'USAGE',
    });
  });
});
