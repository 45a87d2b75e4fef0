import { Naivebayes } from 'classificator';
import { LRUCache } from 'lru-cache';
import { rowText, tokenize } from './text';
import type { CategoryDecision, CategorizeInput, LabelledExample } from './types';

export const DEFAULT_CLASSIFIER_THRESHOLD = 0.6;
const DEFAULT_SMOOTHING = 0.1;
/** Statements repeat parties; the least recently asked texts beyond this many are forgotten. */
const CACHE_LIMIT = 10_000;

type Prediction = { category: string; confidence: number };

interface LogTables {
  categories: string[];
  priors: Float64Array;
  /** Per known token, `log P(token | category)` for each category, in `categories` order. */
  tokens: Map<string, Float64Array>;
}

/**
 * Tier 3: a multinomial naive Bayes text classifier (the `classificator` package) trained on
 * the user's own mappings, the category keywords and earlier categorised rows. It runs
 * locally and reports the posterior probability of its best category as confidence.
 */
export class LocalClassifier {
  private readonly model: Naivebayes;
  private readonly cache = new LRUCache<string, { prediction: Prediction | undefined }>({ max: CACHE_LIMIT });
  /** The model's log probabilities, derived lazily from its counts and dropped whenever it learns. */
  private logs: LogTables | undefined;
  private examples = 0;

  /**
   * `alpha` is the additive smoothing. Party names are a few words long, and with Laplace
   * smoothing (1) the posterior of even a clear match stays flat across ~25 categories; 0.1
   * keeps unseen words harmless while letting a known word speak (see docs/categorization.md
   * for the measurement).
   */
  constructor(options: { alpha?: number } = {}) {
    this.model = new Naivebayes({ tokenizer: tokenize, alpha: options.alpha ?? DEFAULT_SMOOTHING });
  }

  /** Learns one example; examples without any usable word are skipped. */
  learn(example: LabelledExample): void {
    const text = rowText(example.party, example.text);
    if (tokenize(text).length === 0) return;
    this.model.learn(text, example.category);
    this.examples += 1;
    this.cache.clear();
    this.logs = undefined;
  }

  learnAll(examples: Iterable<LabelledExample>): void {
    for (const example of examples) this.learn(example);
  }

  get size(): number {
    return this.examples;
  }

  /** The best category and its posterior, whatever the threshold; undefined when nothing is known. */
  predict(input: Pick<CategorizeInput, 'party' | 'text'>): Prediction | undefined {
    const text = rowText(input.party, input.text);
    const cached = this.cache.get(text);
    if (cached) return cached.prediction;
    const prediction = this.predictTokens(tokenize(text));
    this.cache.set(text, { prediction });
    return prediction;
  }

  /**
   * `predict` for a row already tokenised (party tokens, then text tokens). Not cached: with
   * the log tables in place it costs a few additions per token and category.
   */
  predictTokens(tokens: readonly string[]): Prediction | undefined {
    return this.examples > 0 ? this.posterior(tokens) : undefined;
  }

  /** A decision only when the posterior reaches the threshold. */
  decide(input: CategorizeInput, threshold: number): CategoryDecision | undefined {
    return classifierDecision(this.predict(input), threshold);
  }

  private tables(): LogTables {
    if (!this.logs) {
      const categories = Object.keys(this.model.categories);
      const priors = Float64Array.from(categories, (category) => Math.log((this.model.docCount[category] ?? 0) / this.model.totalDocuments));
      this.logs = { categories, priors, tokens: new Map() };
    }
    return this.logs;
  }

  /** The log probabilities of a token, or undefined when the model never saw it. */
  private tokenLogs(token: string): Float64Array | undefined {
    const tables = this.tables();
    let logs = tables.tokens.get(token);
    if (!logs && (this.model.vocabulary[token] ?? 0) > 0) {
      logs = Float64Array.from(tables.categories, (category) => Math.log(this.model.tokenProbability(token, category)));
      tables.tokens.set(token, logs);
    }
    return logs;
  }

  /**
   * The multinomial naive Bayes posterior of the best category, from the library's counts.
   * Computed here in doubles with log-sum-exp: the library's own `categorize` uses decimal.js
   * and takes ~15 ms per row with ~25 categories, too slow for statements of thousands of rows.
   */
  private posterior(tokens: readonly string[]): Prediction | undefined {
    const known: Float64Array[] = [];
    for (const token of tokens) {
      const logs = this.tokenLogs(token);
      if (logs) known.push(logs);
    }
    // Without a single known word the posterior is just the class prior: not evidence.
    if (known.length === 0) return undefined;
    const { categories, priors } = this.tables();
    const scores = priors.slice();
    // Summed category by category in token order, as the library would, so results agree to the last bit.
    for (let c = 0; c < scores.length; c += 1) {
      let log = scores[c] as number;
      for (const logs of known) log += logs[c] as number;
      scores[c] = log;
    }
    let best = 0;
    for (let c = 1; c < scores.length; c += 1) if ((scores[c] as number) > (scores[best] as number)) best = c;
    let normaliser = 0;
    for (const log of scores) normaliser += Math.exp(log - (scores[best] as number));
    return { category: categories[best] as string, confidence: 1 / normaliser };
  }
}

/** A classifier decision only when the posterior reaches the threshold. */
export function classifierDecision(prediction: Prediction | undefined, threshold: number): CategoryDecision | undefined {
  if (!prediction || prediction.confidence < threshold) return undefined;
  return { category: prediction.category, tier: 'classifier', confidence: prediction.confidence };
}
