import axios from 'axios';
import type { AxiosInstance } from 'axios';
import Bottleneck from 'bottleneck';
import { CategorizerError } from '../errors';
import type { AiOptions, CategorizerLogger } from '../types';
import { describeFailure, serviceUrl } from './failure';
import { buildMessages, parseAnswers } from './prompt';
import type { AiQuestion, ParsedAnswers } from './prompt';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from '@fin/retry';

const DEFAULTS = { windowMs: 60_000, timeoutMs: 30_000, maxRetries: 3, maxRetryDelayMs: 60_000, backoffBaseMs: 500 };

/**
 * After this long without an answer (or half the timeout, when that is shorter), one warning says
 * the service is slow and how long the run waits for it.
 */
export const SLOW_NOTICE_MS = 5_000;

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tuning the options have no field for; tests shorten the notice. */
export interface AiClientTuning {
  /** When to warn that an answer is slow in coming; `SLOW_NOTICE_MS` or half the timeout unless given. */
  slowNoticeMs?: number;
}

/**
 * OpenAI-compatible chat-completions client. Every attempt, retries included, passes the
 * rate limiter, so the service never sees more than `requestsPerMinute` requests in any window.
 *
 * `timeoutMs` bounds the time one request (a batch of parties) waits for the service's answers,
 * all its attempts together: an attempt gets what is left of it, and none is made once it is
 * spent. A service that accepts connections but never answers therefore costs `timeoutMs` once,
 * not once per attempt. The pauses between attempts (backoff, `Retry-After`) are not counted:
 * they are the client's own waiting, bounded by `maxRetries` and `maxRetryDelayMs`.
 */
export class AiClient {
  private readonly http: AxiosInstance;
  private readonly limiter: Bottleneck;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly timeoutMs: number;
  private readonly slowNoticeMs: number;
  /** The base URL as messages show it: without credentials, query or trailing slash. */
  readonly url: string;
  /** Set by `abandon`: no further attempt is made, and the ones under way are cancelled. */
  private abandoned = false;
  private readonly cancel = new AbortController();
  private slowNoticeGiven = false;

  constructor(
    private readonly options: AiOptions & { apiKey: string },
    private readonly logger: CategorizerLogger,
    private readonly sleep: Sleep = realSleep,
    tuning: AiClientTuning = {},
  ) {
    if (!(options.requestsPerMinute > 0)) {
      throw new CategorizerError(
        'AI_CONFIG_INVALID',
        `ai.requests_per_minute must be a positive number, got ${options.requestsPerMinute}`,
      );
    }
    this.timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
    if (!(this.timeoutMs > 0)) {
      throw new CategorizerError(
        'AI_CONFIG_INVALID',
        `the AI service timeout must be positive, got ${this.timeoutMs} ms`,
      );
    }
    this.slowNoticeMs = tuning.slowNoticeMs ?? Math.min(SLOW_NOTICE_MS, this.timeoutMs / 2);
    this.url = serviceUrl(options.baseUrl);
    this.http = axios.create({
      baseURL: options.baseUrl.replace(/\/+$/, ''),
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

  /**
   * Gives the service up for the rest of the run (the AI tier calls it when the service is
   * unreachable or does not answer): requests under way are cancelled and no new one is sent.
   */
  abandon(): void {
    if (this.abandoned) return;
    this.abandoned = true;
    this.cancel.abort();
    // Requests waiting for their turn in the limiter are dropped (their schedule rejects) rather
    // than let out one by one at the rate limit's pace, to be refused one by one.
    this.limiter.stop({ dropWaitingJobs: true }).catch(() => undefined);
  }

  /** Asks for a category for each question; throws `CategorizerError` (AI_*) when the service fails. */
  async classify(questions: readonly AiQuestion[], categories: readonly string[]): Promise<ParsedAnswers> {
    const body = {
      model: this.options.model,
      messages: buildMessages(questions, categories),
      temperature: 0,
      ...(this.options.jsonMode === false ? {} : { response_format: { type: 'json_object' } }),
    };
    let waitedMs = 0;
    for (let attempt = 1; ; attempt += 1) {
      const outcome = this.abandoned
        ? ({ kind: 'abandoned', retryable: false } as const)
        : await this.limiter
            .schedule(() => this.attempt(body, this.timeoutMs - waitedMs))
            .catch((error: unknown): AttemptOutcome => {
              // A job the stopped limiter dropped; anything else is a fault of ours, not the service's.
              if (this.abandoned) return { kind: 'abandoned', retryable: false };
              throw error;
            });
      if (outcome.kind === 'answer') return parseAnswers(outcome.content, categories);
      if (outcome.kind === 'abandoned') throw abandonedError(attempt);
      waitedMs += outcome.elapsedMs;
      const failure = describeFailure(outcome, attempt, { url: this.url, timeoutMs: this.timeoutMs });
      const timeLeft = this.timeoutMs - waitedMs;
      if (!outcome.retryable || attempt > this.maxRetries || timeLeft <= 0 || this.abandoned) throw failure;
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

  /** One request, given at most `timeLeftMs` to answer; warns once per run when an answer is slow in coming. */
  private async attempt(body: object, timeLeftMs: number): Promise<AttemptOutcome> {
    if (this.abandoned) return { kind: 'abandoned', retryable: false };
    const started = Date.now();
    const elapsedMs = (): number => Date.now() - started;
    const notice =
      this.slowNoticeGiven || timeLeftMs <= this.slowNoticeMs
        ? undefined
        : setTimeout(() => this.slowNotice(), this.slowNoticeMs);
    // The timer must not keep a process alive whose work is done: the request itself does that.
    notice?.unref();
    try {
      const response = await this.http.post('/chat/completions', body, {
        timeout: Math.max(1, Math.round(timeLeftMs)),
        signal: this.cancel.signal,
      });
      if (response.status >= 200 && response.status < 300) {
        const content = (response.data as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]
          ?.message?.content;
        if (typeof content !== 'string') return { kind: 'bad-response', retryable: false, elapsedMs: elapsedMs() };
        return { kind: 'answer', content };
      }
      const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
      return {
        kind: 'status',
        status: response.status,
        retryable: isRetryableStatus(response.status),
        elapsedMs: elapsedMs(),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      };
    } catch (error) {
      if (this.abandoned) return { kind: 'abandoned', retryable: false };
      // Only the error code leaves this function: axios errors carry the request headers, key included.
      const code = axios.isAxiosError(error) ? error.code : undefined;
      const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT';
      return {
        kind: timedOut ? 'timeout' : 'network',
        code: code ?? 'unknown',
        retryable: true,
        elapsedMs: elapsedMs(),
      };
    } finally {
      if (notice !== undefined) clearTimeout(notice);
    }
  }

  private slowNotice(): void {
    if (this.slowNoticeGiven || this.abandoned) return;
    this.slowNoticeGiven = true;
    const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;
    this.logger.warn(
      `ai service at ${this.url} has not answered for ${seconds(this.slowNoticeMs)}; waiting at most ${seconds(this.timeoutMs)} in all for it, then going on without it`,
      { code: 'AI_SLOW', url: this.url, timeoutMs: this.timeoutMs },
    );
  }
}

/** What a request still queued when the service was given up throws; the AI tier has reported the failure already. */
function abandonedError(attempts: number): CategorizerError {
  return new CategorizerError('AI_NETWORK_ERROR', 'ai service given up for this run; request not sent', { attempts });
}

/** How one attempt ended; `elapsedMs`: how long it waited for the service. */
export type AttemptOutcome =
  | { kind: 'answer'; content: string }
  | { kind: 'status'; status: number; retryable: boolean; elapsedMs: number; retryAfterMs?: number }
  | { kind: 'timeout' | 'network'; code: string; retryable: boolean; elapsedMs: number; retryAfterMs?: undefined }
  | { kind: 'bad-response'; retryable: boolean; elapsedMs: number; retryAfterMs?: undefined }
  /** Not sent, or cancelled: the service was given up (`abandon`). */
  | { kind: 'abandoned'; retryable: false; retryAfterMs?: undefined };
