import { CategorizerError, type Categorizer, type LearnedMapping } from '@stmt/categorizer';
import { createAtomicFile, ExportError } from '@stmt/export';
import { CliError } from './cli-error';
import { canAsk, confirm } from './confirm';
import { toReviewYaml } from './mappings-review';

export interface SaveMappingsRequest {
  /** The user's database folder (`--database`, `database.dir` or the per-user folder). */
  targetDir: string;
  /** `--yes`: save without asking. */
  yes: boolean;
  /** A dry run lists the proposals but never writes. */
  dryRun: boolean;
  /** The statement came from standard input, which therefore cannot answer the question. */
  stdinConsumed: boolean;
}

/** `  debit   Qwerty Lodge → Travel  (ai, 0.80)`, aligned so a long list stays readable. */
export function formatMappings(mappings: readonly LearnedMapping[]): string[] {
  const width = Math.max(...mappings.map((mapping) => mapping.party.length));
  return mappings.map((mapping) => {
    const direction = mapping.creditDebit === 'CRDT' ? 'credit' : 'debit ';
    return `  ${direction}  ${mapping.party.padEnd(width)}  → ${mapping.category}  (${mapping.tier}, ${mapping.confidence.toFixed(2)})`;
  });
}

/**
 * The `--save-mappings` dialogue, all on stderr so stdout keeps only the CSV: show what the
 * classifier and AI tiers decided, then save on `--yes` or a "y" at the terminal. Without a
 * terminal and without `--yes` nothing is saved; the message says how to save.
 */
export async function reviewAndSaveMappings(
  categorizer: Categorizer,
  request: SaveMappingsRequest,
  stderr: (text: string) => void,
): Promise<void> {
  const pending = categorizer.pendingMappings();
  if (pending.length === 0) {
    stderr('No learned mappings to save: every row was decided by a mapping or a rule, or not at all.');
    return;
  }
  stderr(`${pending.length} learned mapping(s) (direction, party → category, tier, confidence):`);
  for (const line of formatMappings(pending)) stderr(line);
  if (request.dryRun) {
    stderr('Dry run: nothing saved. Run again without --dry-run to save them.');
    return;
  }
  if (!request.yes) {
    if (request.stdinConsumed || !canAsk()) {
      stderr(
        `Nothing saved (${request.stdinConsumed ? 'standard input carried the statement' : 'not a terminal'}). Run again with --save-mappings --yes to save them to ${request.targetDir}.`,
      );
      return;
    }
    if (!(await confirm(`Save ${pending.length} mappings to ${request.targetDir}?`))) {
      stderr('Nothing saved.');
      return;
    }
  }
  stderr(await saveLearned(categorizer, request.targetDir, pending));
}

/** Saves (atomically, with a backup of each existing file) and says where; a failure is exit 5. */
export async function saveLearned(
  categorizer: Categorizer,
  targetDir: string,
  mappings: readonly LearnedMapping[],
): Promise<string> {
  try {
    const result = await categorizer.saveMappings(targetDir, mappings);
    return `Saved ${mappings.length} mapping(s) to ${result.written.join(', ')}${result.backups.length > 0 ? ` (backup: ${result.backups.join(', ')})` : ''}.`;
  } catch (error) {
    if (error instanceof CategorizerError)
      throw new CliError(
        'OUTPUT_FAILED',
        `${error.message}. Check that the folder is writable or choose another with --database.`,
        { cause: error },
      );
    throw error;
  }
}

/**
 * `--mappings-review FILE`: the proposals as YAML to edit, then `stmt mappings apply FILE`. Written
 * as the CSV is (`createAtomicFile`): to a temporary file beside it, fsynced, then renamed over it,
 * so a full disk or a killed run leaves the earlier review file as it was, never half a list that
 * `mappings apply` would take for the whole. A failure is exit 5.
 */
export async function writeReviewFile(
  categorizer: Categorizer,
  file: string,
  source: string,
  stderr: (text: string) => void,
): Promise<void> {
  const pending = categorizer.pendingMappings();
  try {
    await writeAtomically(file, toReviewYaml(pending, source));
  } catch (error) {
    // An ExportError says "Cannot write FILE: what happened. What to do."; told here as the review file's.
    const reason =
      error instanceof ExportError
        ? error.message.replace(`Cannot write ${file}: `, '')
        : `${(error as Error).message}.`;
    throw new CliError(
      'OUTPUT_FAILED',
      `Cannot write the mappings review file ${file}: ${reason} An earlier file there is left as it was.`,
      { cause: error },
    );
  }
  stderr(
    `Wrote ${pending.length} learned mapping(s) to ${file}; edit it, then run \`stmt mappings apply ${file}\` to save them.`,
  );
}

/** The whole `text` to `file` through `createAtomicFile`; the temporary file is removed on any failure. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const output = await createAtomicFile(file);
  try {
    output.stream.end(text, 'utf8');
    await output.commit();
  } catch (error) {
    await output.abort();
    throw error;
  }
}
