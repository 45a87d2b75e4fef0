import { Naivebayes } from 'classificator';
import { rowText, tokenize } from './text';
import type { CategoryDecision, CategorizeInput, LabelledExample } from './types';

export const DEFAULT_CLASSIFIER_THRESHOLD = 0.6;
const DEFAULT_SMOOTHING = 0.1;
/** Statements repeat parties; beyond this many distinct texts the cache starts over to bound memory. */
const CACHE_LIMIT = 10_000;

/**
 * Tier 3: a multinomial naive Bayes text classifier (the `classificator` package) trained on
 * the user's own mappings, the category keywords and earlier categorised rows. It runs
 * locally and reports the posterior probability of its best category as confidence.
 */
export class LocalClassifier {
  private readonly model: Naivebayes;
  private readonly cache = new Map<string, { category: string; confidence: number } | null>();
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
  }

  learnAll(examples: Iterable<LabelledExample>): void {
    for (const example of examples) this.learn(example);
  }

  get size(): number {
    return this.examples;
  }

  /** The best category and its posterior, whatever the threshold; undefined when nothing is known. */
  predict(input: Pick<CategorizeInput, 'party' | 'text'>): { category: string; confidence: number } | undefined {
    const text = rowText(input.party, input.text);
    const cached = this.cache.get(text);
    if (cached !== undefined) return cached ?? undefined;
    const prediction = this.examples > 0 ? (this.posterior(tokenize(text)) ?? null) : null;
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(text, prediction);
    return prediction ?? undefined;
  }

  /** A decision only when the posterior reaches the threshold. */
  decide(input: CategorizeInput, threshold: number): CategoryDecision | undefined {
    const prediction = this.predict(input);
    if (!prediction || prediction.confidence < threshold) return undefined;
    return { category: prediction.category, tier: 'classifier', confidence: prediction.confidence };
  }

  /**
   * The multinomial naive Bayes posterior of the best category, from the library's counts.
   * Computed here in doubles with log-sum-exp: the library's own `categorize` uses decimal.js
   * and takes ~15 ms per row with ~25 categories, too slow for statements of thousands of rows.
   */
  private posterior(tokens: string[]): { category: string; confidence: number } | undefined {
    const known = tokens.filter((token) => (this.model.vocabulary[token] ?? 0) > 0);
    // Without a single known word the posterior is just the class prior: not evidence.
    if (known.length === 0) return undefined;
    const scores = Object.keys(this.model.categories).map((category) => {
      let log = Math.log((this.model.docCount[category] ?? 0) / this.model.totalDocuments);
      for (const token of known) log += Math.log(this.model.tokenProbability(token, category));
      return { category, log };
    });
    const best = scores.reduce((a, b) => (b.log > a.log ? b : a));
    const normaliser = scores.reduce((sum, score) => sum + Math.exp(score.log - best.log), 0);
    return { category: best.category, confidence: 1 / normaliser };
  }
}
