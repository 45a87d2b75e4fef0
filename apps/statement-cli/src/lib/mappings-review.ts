import type { LearnedMapping } from '@stmt/categorizer';
import Ajv, { type ValidateFunction } from 'ajv';
import { parseDocument, stringify } from 'yaml';
import { CodedError } from '@fin/errors';

/** One proposal as the user sees and edits it in the review file. */
interface ReviewEntry {
  party: string;
  direction: 'debit' | 'credit';
  category: string;
  tier?: 'classifier' | 'ai';
  confidence?: number;
}

const ENTRY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['party', 'direction', 'category'],
  properties: {
    party: { type: 'string', minLength: 1 },
    direction: { type: 'string', enum: ['debit', 'credit'] },
    category: { type: 'string', minLength: 1 },
    tier: { type: 'string', enum: ['classifier', 'ai'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
};
type ReviewCheck = ValidateFunction<{ mappings: ReviewEntry[] | null }>;
let compiled: ReviewCheck | undefined;
/** Compiled on first use: only `stmt mappings apply` reads review files. */
const reviewCheck = (): ReviewCheck =>
  (compiled ??= new Ajv({ allErrors: true, strict: true }).compile<{ mappings: ReviewEntry[] | null }>({
    type: 'object',
    additionalProperties: false,
    required: ['mappings'],
    properties: { mappings: { type: ['array', 'null'], items: ENTRY_SCHEMA } },
  }));

/** The review file: the proposals under `mappings:`, with a header saying how to apply them. */
export function toReviewYaml(mappings: readonly LearnedMapping[], source: string, now: Date = new Date()): string {
  const entries: ReviewEntry[] = mappings.map((mapping) => ({
    party: mapping.party,
    direction: mapping.creditDebit === 'CRDT' ? 'credit' : 'debit',
    category: mapping.category,
    tier: mapping.tier,
    confidence: Math.round(mapping.confidence * 100) / 100,
  }));
  return (
    `# Learned mappings proposed while converting ${source} (${now.toISOString()}).\n` +
    '# Change a category, delete the entries you do not want, then save the rest as exact mappings with\n' +
    '#   stmt mappings apply THIS-FILE [--database DIR]\n' +
    stringify({ mappings: entries })
  );
}

export const REVIEW_FILE_ERROR_CODES = ['INVALID_REVIEW_FILE'] as const;
export type ReviewFileErrorCode = (typeof REVIEW_FILE_ERROR_CODES)[number];

/** A review file's problems: each the entry path (`mappings[2].direction`) and what is wrong there. */
export class ReviewFileError extends CodedError<ReviewFileErrorCode> {
  override readonly name: string = 'ReviewFileError';
  readonly problems: string[];

  constructor(code: ReviewFileErrorCode, message: string, options: { problems: string[]; cause?: unknown }) {
    super(code, message, options);
    this.problems = options.problems;
  }
}

function invalidReviewFile(problems: string[]): ReviewFileError {
  return new ReviewFileError('INVALID_REVIEW_FILE', problems.join('; '), { problems });
}

/** Reads an (edited) review file back; every problem is collected before anything is saved. */
export function parseReviewYaml(text: string): LearnedMapping[] {
  const document = parseDocument(text);
  if (document.errors.length > 0) throw invalidReviewFile(document.errors.map((error) => error.message));
  let value: unknown;
  try {
    value = document.toJS();
  } catch (error) {
    // Aliases expanding past yaml's limit (a "billion laughs" file) surface only here.
    throw invalidReviewFile([error instanceof Error ? error.message : String(error)]);
  }
  const validateReview = reviewCheck();
  if (!validateReview(value)) {
    throw invalidReviewFile(
      (validateReview.errors ?? []).map((error) => {
        const path =
          error.instancePath
            .replace(/^\//, '')
            .replace(/\/(\d+)/g, '[$1]')
            .replace(/\//g, '.') || '(top level)';
        return `${path} ${error.message ?? 'is invalid'}`;
      }),
    );
  }
  return (value.mappings ?? []).map((entry) => ({
    party: entry.party,
    category: entry.category,
    creditDebit: entry.direction === 'credit' ? 'CRDT' : 'DBIT',
    file: entry.direction === 'credit' ? 'creditors.yaml' : 'debtors.yaml',
    // Kept for display only; an entry the user kept is theirs now, whoever proposed it.
    tier: entry.tier ?? 'classifier',
    confidence: entry.confidence ?? 1,
  }));
}
