import axios from 'axios';
import type { AxiosInstance } from 'axios';
import Bottleneck from 'bottleneck';
import { CategorizerError } from '../errors';
import type { AiOptions, CategorizerLogger } from '../types';
import { describeFailure } from './failure';
import { buildMessages, parseAnswers } from './prompt';
import type { AiQuestion, ParsedAnswers } from './prompt';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from '@fin/retry';

const DEFAULTS = { windowMs: 60_000, timeoutMs: 30_000, maxRetries: 3, maxRetryDelayMs: 60_000, backoffBaseMs: 500 };

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * OpenAI-compatible chat-completions client. Every attempt, retries included, passes the
 * rate limiter, so the service never sees more than `requestsPerMinute` requests in any window.
 */
export class AiClient {
  private readonly http: AxiosInstance;
  private readonly limiter: Bottleneck;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;

  constructor(
    private readonly options: AiOptions & { apiKey: string },
    private readonly logger: CategorizerLogger,
    private readonly sleep: Sleep = realSleep,
  ) {
    if (!(options.requestsPerMinute > 0)) {
      throw new CategorizerError(
        'AI_CONFIG_INVALID',
        `ai.requests_per_minute must be a positive number, got ${options.requestsPerMinute}`,
      );
    }
    this.http = axios.create({
      baseURL: options.baseUrl.replace(/\/+$/, ''),
      timeout: options.timeoutMs ?? DEFAULTS.timeoutMs,
      headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
      // Status handling is ours: a 429 or 500 is read, not thrown.
      validateStatus: () => true,
    });
    // Spacing request starts evenly (minTime = window / limit) bounds every sliding window,
    // not only windows aligned to a clock, and needs no refresh timer that keeps Node alive.
    this.limiter = new Bottleneck({ minTime: (options.windowMs ?? DEFAULTS.windowMs) / options.requestsPerMinute });
    this.maxRetries = options.maxRetries ?? DEFAULTS.maxRetries;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs;
  }

  /** Asks for a category for each question; throws `CategorizerError` (AI_*) when the service fails. */
  async classify(questions: readonly AiQuestion[], categories: readonly string[]): Promise<ParsedAnswers> {
    const body = {
      model: this.options.model,
      messages: buildMessages(questions, categories),
      temperature: 0,
      ...(this.options.jsonMode === false ? {} : { response_format: { type: 'json_object' } }),
    };
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.limiter.schedule(() => this.attempt(body));
      if (outcome.kind === 'answer') return parseAnswers(outcome.content, categories);
      const failure = describeFailure(outcome, attempt);
      if (!outcome.retryable || attempt > this.maxRetries) throw failure;
      const policy = {
        baseDelayMs: DEFAULTS.backoffBaseMs,
        maxDelayMs: this.maxRetryDelayMs,
        jitter: 'equal',
      } as const;
      const wait = retryDelayMs(attempt, policy, outcome.retryAfterMs);
      this.logger.debug(`ai service attempt ${attempt} failed (${failure.message}); retrying in ${wait} ms`);
      await this.sleep(wait);
    }
  }

  private async attempt(body: object): Promise<AttemptOutcome> {
    try {
      const response = await this.http.post('/chat/completions', body);
      if (response.status >= 200 && response.status < 300) {
        const content = (response.data as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]
          ?.message?.content;
        if (typeof content !== 'string') return { kind: 'bad-response', retryable: false };
        return { kind: 'answer', content };
      }
      const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
      return {
        kind: 'status',
        status: response.status,
        retryable: isRetryableStatus(response.status),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
    } catch (error) {
      // Only the error code leaves this function: axios errors carry the request headers, key included.
      const code = axios.isAxiosError(error) ? error.code : undefined;
      const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT';
      return { kind: timedOut ? 'timeout' : 'network', code: code ?? 'unknown', retryable: true };
    }
  }
}

export type AttemptOutcome =
  | { kind: 'answer'; content: string }
  | { kind: 'status'; status: number; retryable: boolean; retryAfterMs?: number }
  | { kind: 'timeout' | 'network'; code: string; retryable: boolean; retryAfterMs?: undefined }
  | { kind: 'bad-response'; retryable: boolean; retryAfterMs?: undefined };
