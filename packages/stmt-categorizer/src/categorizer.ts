import type * as AiClientModule from './ai/client';
import { AiTier } from './ai/tier';
import { DEFAULT_CLASSIFIER_THRESHOLD, LocalClassifier } from './classifier';
import { CREDITORS_FILE, DEBTORS_FILE, emptyDatabase, loadDatabaseDir, mergeDatabases } from './database';
import type { CategoryDatabase } from './database';
import { LocalTiers } from './local-tiers';
import { saveMappingFiles } from './mappings-store';
import type { SaveResult } from './mappings-store';
import { mappingKey } from './text';
import type {
  CategorizeInput,
  CategorizerLogger,
  CategorizerOptions,
  CategoryDecision,
  LabelledExample,
  LearnedMapping,
} from './types';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require is how CommonJS loads a module on first use
const loadAiClient = (): typeof AiClientModule => require('./ai/client') as typeof AiClientModule;

export const UNCATEGORIZED = 'Uncategorized';
const FALLBACK: CategoryDecision = { category: UNCATEGORIZED, tier: 'fallback', confidence: 0 };
const silent: CategorizerLogger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Tries the tiers in the order docs/decisions/0014-categorisation.md fixes: exact party mapping →
 * keyword/pattern rules → local classifier → AI service → `Uncategorized`.
 */
export class Categorizer {
  private readonly pending = new Map<string, LearnedMapping>();
  private readonly local: LocalTiers;

  private constructor(
    private readonly database: CategoryDatabase,
    classifier: LocalClassifier,
    threshold: number,
    private readonly ai: AiTier | undefined,
  ) {
    this.local = new LocalTiers(database, classifier, threshold);
  }

  static async load(options: CategorizerOptions): Promise<Categorizer> {
    const logger = options.logger ?? silent;
    const shipped = options.databaseDir ? await loadDatabaseDir(options.databaseDir) : emptyDatabase();
    const user = options.userDatabaseDir ? await loadDatabaseDir(options.userDatabaseDir) : emptyDatabase();
    const database = mergeDatabases(shipped, user);
    const classifier = new LocalClassifier();
    classifier.learnAll(trainingSet(database, options.trainingExamples ?? []));
    const ai = options.ai;
    let aiTier: AiTier | undefined;
    if (ai?.enabled && ai.apiKey) {
      // Loaded only when used: the HTTP client and rate limiter behind it add ~150 ms and ~20 MiB
      // to every start of `stmt`, which mostly runs without the AI service.
      const { AiClient, realSleep } = loadAiClient();
      aiTier = new AiTier(
        new AiClient({ ...ai, apiKey: ai.apiKey }, logger, options.sleep ?? realSleep),
        logger,
        ai.batchSize,
      );
    } else {
      logger.debug(`ai tier off (${ai?.enabled ? 'no API key' : 'disabled'})`);
    }
    logger.debug('categorizer loaded', {
      categories: database.categories.length,
      debtors: database.debtors.size,
      creditors: database.creditors.size,
      classifierExamples: classifier.size,
    });
    return new Categorizer(database, classifier, options.classifierThreshold ?? DEFAULT_CLASSIFIER_THRESHOLD, aiTier);
  }

  /** Whether undecided parties go to the AI service (enabled, with a key). */
  get asksAi(): boolean {
    return this.ai !== undefined;
  }

  /** Category names of `categories.yaml`, in file order; the only names the AI may answer. */
  categories(): string[] {
    return this.database.categories.map((rule) => rule.name);
  }

  async categorize(input: CategorizeInput): Promise<CategoryDecision> {
    const [decision] = await this.categorizeMany([input]);
    return decision ?? { ...FALLBACK };
  }

  /** Decides locally where possible and sends the rest to the AI service in batches. */
  async categorizeMany(given: readonly CategorizeInput[]): Promise<CategoryDecision[]> {
    const inputs = given.map(withTextCut);
    const decisions = inputs.map((input) => this.local.decide(input));
    const open = inputs.filter((_, index) => decisions[index] === undefined);
    if (this.ai && open.length > 0) {
      const answers = await this.ai.decide(open, this.categories());
      let next = 0;
      decisions.forEach((decision, index) => {
        if (decision === undefined) decisions[index] = answers[next++];
      });
    }
    return decisions.map((decision, index) => {
      const input = inputs[index] as CategorizeInput;
      if (decision) this.remember(input, decision);
      return decision ?? { ...FALLBACK };
    });
  }

  /** What the classifier and the AI decided this run, for review before `saveMappings`. */
  pendingMappings(): LearnedMapping[] {
    return [...this.pending.values()];
  }

  /** Writes the given (by default all pending) mappings; they then act as exact mappings. */
  async saveMappings(
    targetDir: string,
    mappings: readonly LearnedMapping[] = this.pendingMappings(),
  ): Promise<SaveResult> {
    const result = await saveMappingFiles(targetDir, mappings);
    for (const mapping of mappings) {
      const key = mappingKey(mapping.party);
      const target = mapping.file === DEBTORS_FILE ? this.database.debtors : this.database.creditors;
      target.set(key, { party: mapping.party, category: mapping.category });
      this.pending.delete(`${mapping.file}|${key}`);
    }
    this.local.forget();
    return result;
  }

  private remember(input: CategorizeInput, decision: CategoryDecision): void {
    if (!input.party || (decision.tier !== 'classifier' && decision.tier !== 'ai')) return;
    const file = input.creditDebit === 'DBIT' ? DEBTORS_FILE : CREDITORS_FILE;
    const key = `${file}|${mappingKey(input.party)}`;
    if (this.pending.has(key)) return;
    this.pending.set(key, {
      party: input.party,
      category: decision.category,
      creditDebit: input.creditDebit,
      file,
      tier: decision.tier,
      confidence: decision.confidence,
    });
  }
}

/** The classifier learns every mapped party and every keyword, then the caller's examples. */
function trainingSet(database: CategoryDatabase, extra: readonly LabelledExample[]): LabelledExample[] {
  const examples: LabelledExample[] = [];
  for (const mapping of [...database.debtors.values(), ...database.creditors.values()]) {
    examples.push({ party: mapping.party, category: mapping.category });
  }
  for (const rule of database.categories) {
    for (const keyword of rule.keywords) examples.push({ party: keyword, category: rule.name });
  }
  return [...examples, ...extra];
}

/**
 * Characters of the remittance text the tiers read. A row's text joins those of all its entry's
 * transaction details, and a file can make it megabytes long: split into words whole, a 5 MB
 * text took more than the 44 MiB heap of `stmt convert --streaming`. What tells a category
 * stands at the start (a SEPA remittance line holds 140 characters; the AI service is sent 120).
 */
export const MAX_CATEGORIZED_TEXT = 4096;

function withTextCut(input: CategorizeInput): CategorizeInput {
  const { text } = input;
  return text === undefined || text.length <= MAX_CATEGORIZED_TEXT
    ? input
    : { ...input, text: text.slice(0, MAX_CATEGORIZED_TEXT) };
}
