/** ISO 20022 CreditDebitCode of the booked entry (same values as `@stmt/parser`'s `CreditDebit`). */
export type CreditDebit = 'CRDT' | 'DBIT';

/**
 * What the categoriser looks at for one row. The party is the counterparty: the creditor of
 * a debit, the debtor of a credit; `text` is the remittance information.
 */
export interface CategorizeInput {
  party?: string;
  creditDebit: CreditDebit;
  text?: string;
}

/** Which tier decided, in the order they are tried. */
export type DecisionTier = 'mapping' | 'rule' | 'classifier' | 'ai' | 'fallback';

export interface CategoryDecision {
  category: string;
  tier: DecisionTier;
  /** 0..1: 1 for an exact mapping, the posterior probability for the classifier. */
  confidence: number;
  /** The mapping key, keyword or pattern that matched, when there is one. */
  matched?: string;
}

/** A decision of the classifier or the AI tier that could become an exact mapping. */
export interface LearnedMapping {
  party: string;
  category: string;
  creditDebit: CreditDebit;
  /** `debtors.yaml` for debits, `creditors.yaml` for credits (docs/decisions/0014-categorisation.md). */
  file: MappingFileName;
  tier: 'classifier' | 'ai';
  confidence: number;
}

export type MappingFileName = 'debtors.yaml' | 'creditors.yaml';

/** A labelled example for the local classifier (for example rows categorised earlier). */
export interface LabelledExample {
  party?: string;
  text?: string;
  category: string;
}

export interface CategorizerLogger {
  debug(message: string, meta?: object): void;
  info(message: string, meta?: object): void;
  warn(message: string, meta?: object): void;
  error(message: string, meta?: object): void;
}

export interface AiOptions {
  enabled: boolean;
  /** OpenAI-compatible base URL including the version path, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** `ai.requests_per_minute`; 60 in the production profile. */
  requestsPerMinute: number;
  /** Length of the rate-limit window; 60 000 ms unless a test shrinks it. */
  windowMs?: number;
  timeoutMs?: number;
  maxRetries?: number;
  /** Parties per chat-completions request. */
  batchSize?: number;
  /** Longest wait honoured from `Retry-After` or backoff, in ms. */
  maxRetryDelayMs?: number;
  /** Send `response_format: {type: "json_object"}` (OpenAI-specific; some servers reject it). */
  jsonMode?: boolean;
}

export interface CategorizerOptions {
  /** The shipped starter database (apps/statement-cli/database). */
  databaseDir?: string;
  /** Per-user database or `--database DIR`; its entries win over the shipped ones. */
  userDatabaseDir?: string;
  /** Minimum posterior probability for a classifier decision; default 0.6. */
  classifierThreshold?: number;
  /** Extra training rows for the classifier, such as rows categorised in earlier runs. */
  trainingExamples?: LabelledExample[];
  ai?: AiOptions;
  logger?: CategorizerLogger;
  /** Waits between retries; injectable so tests can record delays instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}
