import { decodeHead, detectEncoding, isWideUnicodeName } from '../encoding';
import { StatementParseError } from '../errors';
import type { FormatParser } from '../formats';
import { peekSource } from '../source';
import type { ParseOptions, StatementRecord } from '../types';
import { bankCsvParser } from './parser';
import type { BankCsvPreset } from './preset';
import type { CsvProfile } from './profile';
import { detectCsvLayout, detectCsvProfile, type CsvLayout } from './profile-detect';
import { presetFromProfile } from './profile-preset';
import { SHIPPED_PROFILES } from './presets';
import { revolutProfile } from './presets/revolut';
import { docsPage } from '@fin/errors';

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
export { detectCsvLayout, detectCsvProfile, type CsvLayout } from './profile-detect';
export { presetFromProfile } from './profile-preset';
export { SHIPPED_PROFILES } from './presets';

/** Revolut's CSV account statement export, read through its shipped profile. */
export const revolutPreset: BankCsvPreset = presetFromProfile(revolutProfile);

/** Revolut's current layout, recognised by its exact header line (as before profiles existed). */
export const revolutCsvParser: FormatParser = bankCsvParser(revolutPreset);

/** Per profile, its preset per delimiter a file writes it with. */
const presets = new WeakMap<CsvProfile, Map<string, BankCsvPreset>>();
function presetFor({ profile, delimiter }: CsvLayout): BankCsvPreset {
  let byDelimiter = presets.get(profile);
  if (byDelimiter === undefined) {
    byDelimiter = new Map();
    presets.set(profile, byDelimiter);
  }
  let preset = byDelimiter.get(delimiter);
  if (preset === undefined) {
    preset = presetFromProfile({ ...profile, detect: { ...profile.detect, delimiter } });
    byDelimiter.set(delimiter, preset);
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
  const head = headerText(peeked.head, options.encoding);
  let layout: CsvLayout | undefined;
  if (options.csvProfile !== undefined) {
    const profile = profiles.find((candidate) => candidate.name === options.csvProfile);
    if (!profile)
      throw new StatementParseError(
        'UNKNOWN_FORMAT',
        `there is no CSV profile named ${JSON.stringify(options.csvProfile)}; known profiles: ${profiles.map((p) => p.name).join(', ')}`,
        { location: where },
      );
    layout = detectCsvLayout(head, [profile]) ?? { profile, delimiter: profile.detect.delimiter ?? ',' };
  } else {
    layout = detectCsvLayout(head, profiles);
    if (!layout)
      throw new StatementParseError(
        'UNKNOWN_FORMAT',
        `no CSV profile recognises the header of this file; write a profile for it (${docsPage('csv-profiles.md')}) or name one with --profile`,
        { location: where },
      );
  }
  yield* bankCsvParser(presetFor(layout)).parse(peeked.chunks, options);
}

/**
 * The head as profile detection reads it: UTF-16 (named, marked or recognised from its bytes)
 * decoded; anything else as UTF-8, since detection compares the ASCII letters of header names.
 */
function headerText(head: Buffer, encoding: string | undefined): string {
  const wide = encoding ?? detectEncoding(head).encoding;
  return (isWideUnicodeName(wide) ? decodeHead(head, wide) : undefined) ?? head.toString('utf8');
}
