import { CategorizerError } from '../errors';
import { foldText, mappingKey } from '../text';
import type { CategorizeInput, CategorizerLogger, CategoryDecision } from '../types';
import type { AiClient } from './client';
import type { AiQuestion } from './prompt';
import { MAX_TEXT_SENT } from './prompt';

export const DEFAULT_BATCH_SIZE = 20;

/** The question's identity: rows with the same party, direction and text get one answer. */
function questionKey(input: CategorizeInput): string {
  return `${input.creditDebit}|${mappingKey(input.party ?? '')}|${foldText(input.text ?? '').slice(0, MAX_TEXT_SENT)}`;
}

/**
 * Tier 4: batches the rows the local tiers left open into chat-completions requests. A
 * failure never stops the caller (a conversion, a `categorize` lookup): it is logged once at
 * ERROR ("ai service at URL …; continuing without the AI service"), the rows stay uncategorised,
 * and a service that is down or does not answer is given up for the run: the requests under way
 * are cancelled and no other is sent.
 */
export class AiTier {
  private readonly answers = new Map<string, CategoryDecision | null>();
  private unavailable = false;

  constructor(
    private readonly client: AiClient,
    private readonly logger: CategorizerLogger,
    private readonly batchSize: number = DEFAULT_BATCH_SIZE,
  ) {}

  async decide(
    inputs: readonly CategorizeInput[],
    categories: readonly string[],
  ): Promise<Array<CategoryDecision | undefined>> {
    const open = new Map<string, CategorizeInput>();
    for (const input of inputs) {
      const key = questionKey(input);
      if (!this.answers.has(key) && (input.party || input.text)) open.set(key, input);
    }
    const keys = [...open.keys()];
    const batches: string[][] = [];
    for (let i = 0; i < keys.length; i += Math.max(1, this.batchSize))
      batches.push(keys.slice(i, i + Math.max(1, this.batchSize)));
    await Promise.all(batches.map((batch) => this.ask(batch, open, categories)));
    return inputs.map((input) => this.answers.get(questionKey(input)) ?? undefined);
  }

  private async ask(batch: string[], open: Map<string, CategorizeInput>, categories: readonly string[]): Promise<void> {
    const questions: AiQuestion[] = batch.map((key, id) => {
      const input = open.get(key) as CategorizeInput;
      return {
        id,
        creditDebit: input.creditDebit,
        ...(input.party ? { party: input.party } : {}),
        ...(input.text ? { text: input.text } : {}),
      };
    });
    if (this.unavailable) return;
    try {
      const { answers, rejected } = await this.client.classify(questions, categories);
      if (rejected.length > 0) {
        this.logger.warn(
          `ai service named unknown categories (${[...new Set(rejected)].join(', ')}); those rows stay uncategorised`,
        );
      }
      batch.forEach((key, id) => {
        const answer = answers.get(id);
        this.answers.set(key, answer ? { category: answer.category, tier: 'ai', confidence: answer.confidence } : null);
      });
    } catch (error) {
      this.fail(error, batch);
    }
  }

  private fail(error: unknown, batch: string[]): void {
    for (const key of batch) this.answers.set(key, null);
    const known = error instanceof CategorizerError ? error : undefined;
    const meta = known
      ? { code: known.code, ...known.context, url: this.client.url, parties: batch.length }
      : { url: this.client.url, parties: batch.length };
    if (known?.code === 'AI_BAD_RESPONSE') {
      this.logger.error(`${known.message}; ${batch.length} rows stay uncategorised`, meta);
      return;
    }
    if (this.unavailable) return;
    this.unavailable = true;
    this.client.abandon();
    const message = known
      ? known.message
      : `ai service at ${this.client.url} failed unexpectedly (${(error as Error)?.name ?? 'error'})`;
    this.logger.error(`${message}; continuing without the AI service`, meta);
  }
}
