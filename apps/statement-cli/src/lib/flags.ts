import { Flags } from '@oclif/core';
import { DELIMITER_NAMES, PRESET_NAMES, resolveDelimiter } from '@stmt/export';
import { LEDGER_FORMATS } from '@stmt/ledger';
import { SHIPPED_PROFILES, STATEMENT_FORMATS } from '@stmt/parser';

/** `--to`: the CSV file, or one of the journal formats `@stmt/ledger` registers. */
export const OUTPUT_TARGETS = ['csv', ...LEDGER_FORMATS] as const;

/** `--from FORMAT`: every format `@stmt/parser` registers (FORMAT_REGISTRY). */
export const fromFlag = Flags.option({
  description: 'Input format; skips content sniffing.',
  options: STATEMENT_FORMATS,
})();

/** Flags every command takes; they override the configuration file and the environment. */
export const globalFlags = {
  'log-level': Flags.string({
    description: 'Log level (overrides log.level).',
    options: ['debug', 'info', 'warn', 'error'],
    helpGroup: 'GLOBAL',
  }),
  'log-format': Flags.string({
    description: 'Log format on stderr (overrides log.format).',
    options: ['text', 'json'],
    helpGroup: 'GLOBAL',
  }),
  verbose: Flags.boolean({
    description: 'Also log progress and audit entries (info) on stderr; a successful run is otherwise quiet there.',
    helpGroup: 'GLOBAL',
  }),
};

/** `--database DIR`: the same meaning on every command that categorises. */
export const databaseFlag = Flags.string({
  description:
    'Your database folder: its files win over the shipped starter set, and --save-mappings writes there (default: database.dir or the per-user folder).',
});

/**
 * `--ai` / `--no-ai`: whether the AI tier may be asked (overrides ai.enabled), on every command
 * that categorises; `--no-ai` is what the AI service's error messages suggest when it is down.
 */
export const aiFlag = Flags.boolean({
  description:
    'Ask the AI service for parties the local tiers leave open (overrides ai.enabled; needs an API key). --no-ai categorises without it.',
  allowNo: true,
});

/** `--strict`: refuse input that deviates from the standard instead of reading it with warnings (overrides input.strict). */
/** `--profile NAME`: `convert`, `camt` and `validate` read bank CSVs alike. */
export const profileFlag = Flags.string({
  description: `Read a bank CSV with this profile (a shipped one: ${SHIPPED_PROFILES.map((profile) => profile.name).join(', ')}; or one of yours in <database>/profiles/*.yaml), skipping detection.`,
});
export const strictFlag = Flags.boolean({
  description:
    'Treat every warning (input that deviates from the standard but reads unambiguously) as an error, and unreconciled balances too. Overrides input.strict; --no-strict turns it off.',
  allowNo: true,
});
/** How to read the input: `convert`, `camt` and `validate` take them. */
export const inputFlags = {
  encoding: Flags.string({
    description:
      'Character encoding of the input (utf-8, iso-8859-1, iso-8859-2, windows-1250, windows-1252, utf-16le, …), winning over what the file declares (overrides input.encoding).',
  }),
  'max-field-size': Flags.string({
    description:
      'Largest single value read (a remittance line, a name, a CSV cell), e.g. 512KiB or 16MiB; a larger one is a parse error naming it. Default 1MiB (overrides input.max_field_size).',
  }),
  'max-entry-details': Flags.integer({
    description:
      'Most transaction details (<TxDtls>) one camt entry may have when the entry is one row; a larger batch is a parse error naming it. --split-batches reads any number. Default 10000 (overrides input.max_entry_details).',
    min: 1,
  }),
};

/** Options shared by `convert` and `camt`, so the two spellings behave the same. */
export const conversionFlags = {
  ...inputFlags,
  streaming: Flags.boolean({
    description:
      'Write rows in file order as they are parsed, in constant memory (for large files). To stdout, a parse error can leave partial output.',
  }),
  'dry-run': Flags.boolean({
    description:
      'Parse and print a summary (statements, entries, totals per currency and direction, rows per category and tier); write no file.',
  }),
  json: Flags.boolean({
    description:
      'Print the summary as JSON on standard output: with --dry-run instead of the text summary, otherwise after the output file is written (not with --output -).',
  }),
  from: fromFlag,
  'split-batches': Flags.boolean({ description: 'One row per transaction detail instead of one per booked entry.' }),
  categorize: Flags.boolean({
    description:
      'Fill the category column (party mappings, keyword rules, local classifier, then the AI service when enabled). --no-categorize leaves it empty.',
    default: true,
    allowNo: true,
  }),
  database: databaseFlag,
  ai: aiFlag,
  'save-mappings': Flags.boolean({
    description:
      'After a successful conversion, list what the classifier and AI tiers decided and offer to save it as exact mappings in your database folder.',
  }),
  'mappings-review': Flags.string({
    description:
      'After a successful conversion, write the learned mappings to this YAML file to edit and apply later with `stmt mappings apply FILE`.',
  }),
  yes: Flags.boolean({
    char: 'y',
    description: 'With --save-mappings: save without asking.',
    dependsOn: ['save-mappings'],
  }),
  preset: Flags.string({ description: 'CSV layout (overrides csv.preset).', options: [...PRESET_NAMES] }),
  strict: strictFlag,
  delimiter: Flags.custom<string>({
    description: `CSV delimiter: ${DELIMITER_NAMES.join(', ')} or one character (overrides csv.delimiter).`,
    // Checked while the flags are parsed, so a bad value is a usage error (exit 2) like any other.
    parse: async (value) => (resolveDelimiter(value), value),
  })(),
  'formula-guard': Flags.boolean({
    description:
      "Prefix text cells that a spreadsheet would run as a formula (= + - @ tab CR) with ' (on by default, overrides csv.formula_guard); amounts are never changed. --no-formula-guard writes raw text.",
    allowNo: true,
  }),
  merge: Flags.boolean({
    description:
      'Merge every statement of the input (a folder, or one file) into one CSV file, each booking once by its transaction_id; a booking pending in one statement and booked in another counts once, as booked. With --dry-run, lists what was dropped and why.',
  }),
  to: Flags.string({
    description: `Output format: csv (default), or a plain-text accounting journal: ${LEDGER_FORMATS.join(', ')}. Categories map to accounts (--accounts).`,
    options: [...OUTPUT_TARGETS],
    default: 'csv',
  }),
  accounts: Flags.string({
    description: `With --to ${LEDGER_FORMATS.join('|')}: YAML mapping of categories and statement accounts to ledger accounts (default: <database>/ledger-accounts.yaml when present).`,
  }),
  profile: profileFlag,
  'since-last': Flags.boolean({
    description:
      'Merge, and write only rows no earlier --since-last run wrote to the same --output (remembered in .<output>.stmt-ids beside it).',
  }),
  threads: Flags.integer({
    description:
      'Worker threads that read a large camt file (8 MiB and up) alongside the main thread, about 25 MiB each; 0 reads on the main thread only. Default: one per CPU core but one (the main thread builds the rows); with --streaming at most one, to stay within 128 MiB.',
    min: 0,
    max: 64,
  }),
};

export interface ConfigFlagValues {
  'log-level'?: string | undefined;
  'log-format'?: string | undefined;
  verbose?: boolean | undefined;
  preset?: string | undefined;
  delimiter?: string | undefined;
  strict?: boolean | undefined;
  'formula-guard'?: boolean | undefined;
  ai?: boolean | undefined;
}
