import { decodeHead, detectEncoding, isWideUnicodeName } from '../encoding';
import { StatementParseError } from '../errors';
import type { FormatParser } from '../formats';
import { peekSource } from '../source';
import type { ParseOptions, StatementRecord } from '../types';
import { bankCsvParser } from './parser';
import type { BankCsvPreset } from './preset';
import type { CsvProfile } from './profile';
import { detectCsvProfile } from './profile-detect';
import { presetFromProfile } from './profile-preset';
import { SHIPPED_PROFILES } from './presets';
import { revolutProfile } from './presets/revolut';

export type { BankCsvPreset, CsvAccount, CsvCellProblem, CsvEntryDraft, CsvRow, CsvRowResult } from './preset';
export type { CsvProfile, ProfileAmount, SkipRule, TextRule } from './profile';
export { bankCsvParser } from './parser';
export {
  CSV_PROFILE_ERROR_CODES,
  CSV_PROFILE_SCHEMA,
  CsvProfileError,
  validateCsvProfile,
  type CsvProfileErrorCode,
} from './profile-schema';
export { detectCsvProfile } from './profile-detect';
export { presetFromProfile } from './profile-preset';
export { SHIPPED_PROFILES } from './presets';

/** Revolut's CSV account statement export, read through its shipped profile. */
export const revolutPreset: BankCsvPreset = presetFromProfile(revolutProfile);

/** Revolut's current layout, recognised by its exact header line (as before profiles existed). */
export const revolutCsvParser: FormatParser = bankCsvParser(revolutPreset);

const presets = new WeakMap<CsvProfile, BankCsvPreset>();
function presetFor(profile: CsvProfile): BankCsvPreset {
  let preset = presets.get(profile);
  if (preset === undefined) {
    preset = presetFromProfile(profile);
    presets.set(profile, preset);
  }
  return preset;
}

/** The profiles a parse may use: the caller's (a user's database folder) before the shipped ones. */
export function csvProfilesFor(options: Pick<ParseOptions, 'csvProfiles'>): readonly CsvProfile[] {
  return options.csvProfiles === undefined ? SHIPPED_PROFILES : [...options.csvProfiles, ...SHIPPED_PROFILES];
}

/** Bytes of the head searched for a header row. */
const PROFILE_HEAD_BYTES = 16 * 1024;

/**
 * Every bank CSV described by a profile. The profile is `options.csvProfile` when named, else the
 * one whose header columns appear in the head (see `detectCsvProfile`).
 */
export const bankCsvProfileParser: FormatParser = {
  sniff: (head) => (detectCsvProfile(head, SHIPPED_PROFILES) === undefined ? undefined : 'bank-csv'),
  parse: (source, options) => parseWithProfile(source, options),
};

async function* parseWithProfile(
  source: AsyncIterable<Buffer>,
  options: ParseOptions,
): AsyncGenerator<StatementRecord> {
  const peeked = await peekSource(source, PROFILE_HEAD_BYTES);
  const profiles = csvProfilesFor(options);
  const where = { ...(options.fileName === undefined ? {} : { file: options.fileName }), line: 1, column: 1 };
  let profile: CsvProfile | undefined;
  if (options.csvProfile !== undefined) {
    profile = profiles.find((candidate) => candidate.name === options.csvProfile);
    if (!profile)
      throw new StatementParseError(
        'UNKNOWN_FORMAT',
        `there is no CSV profile named ${JSON.stringify(options.csvProfile)}; known profiles: ${profiles.map((p) => p.name).join(', ')}`,
        { location: where },
      );
  } else {
    profile = detectCsvProfile(headerText(peeked.head, options.encoding), profiles);
    if (!profile)
      throw new StatementParseError(
        'UNKNOWN_FORMAT',
        'no CSV profile recognises the header of this file; write a profile for it (docs/csv-profiles.md) or name one with --profile',
        { location: where },
      );
  }
  yield* bankCsvParser(presetFor(profile)).parse(peeked.chunks, options);
}

/**
 * The head as profile detection reads it: UTF-16 (named, marked or recognised from its bytes)
 * decoded; anything else as UTF-8, since detection compares the ASCII letters of header names.
 */
function headerText(head: Buffer, encoding: string | undefined): string {
  const wide = encoding ?? detectEncoding(head).encoding;
  return (isWideUnicodeName(wide) ? decodeHead(head, wide) : undefined) ?? head.toString('utf8');
}
