import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { BackoffOptions } from './backoff';
import { maxAttempts } from './backoff';
import type { ClaimedDelivery } from './claim';
import { claimDue } from './claim';
import { AttemptRecorder } from './attempt-recorder';
import type { AttemptOutcome } from './record';
import type { AttemptResult, WebhookSender } from './sender';
import { createHttpSender } from './sender';
import { webhookHeaders } from './signature';
import type { SqlClient } from '@disc/sql';
import type { ReceiverUrlPolicy } from './url-policy';
import { checkReceiverUrl } from './url-policy';
import { WakeableSleep } from './wakeable-sleep';

export interface DeliveryWorkerOptions extends BackoffOptions {
  db: SqlClient;
  /** Names this worker in claims and attempt records; unique per process by default. */
  workerId?: string;
  /** How long to wait between polls when nothing was due; defaults to 1 s. */
  pollIntervalMs?: number;
  /** Deliveries claimed and sent at once; defaults to 8. */
  concurrency?: number;
  /** Defaults to 60 s: well above the 10 s send timeout. */
  leaseMs?: number;
  clock?: () => Date;
  send?: WebhookSender;
  /** Checked again before every send, and the checked addresses are the only ones used. */
  urlPolicy?: ReceiverUrlPolicy;
  disableAfterFailedDeliveries?: number;
  /** Called after every recorded attempt (logging, metrics). */
  onAttempt?: (delivery: ClaimedDelivery, result: AttemptResult, outcome: AttemptOutcome) => void;
  /** Called when a poll fails (e.g. the database is unreachable); the worker keeps polling. */
  onError?: (error: unknown) => void;
}

/**
 * Sends due webhook deliveries from the outbox. Any number of workers, in one process or
 * many, can share a database: each attempt is claimed by exactly one of them.
 */
export class DeliveryWorker {
  readonly workerId: string;
  private readonly clock: () => Date;
  private readonly send: WebhookSender;
  private readonly recorder: AttemptRecorder;
  private loop: Promise<void> | undefined;
  private running = false;
  private readonly idle = new WakeableSleep();

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.clock = options.clock ?? (() => new Date());
    this.send = options.send ?? createHttpSender();
    this.recorder = new AttemptRecorder(options.db, {
      workerId: this.workerId,
      ...(options.schedule === undefined ? {} : { schedule: options.schedule }),
      ...(options.random === undefined ? {} : { random: options.random }),
      ...(options.disableAfterFailedDeliveries === undefined
        ? {}
        : { disableAfterFailedDeliveries: options.disableAfterFailedDeliveries }),
    });
  }

  /** Claims one batch of due deliveries, sends them concurrently and records each attempt.
   * Resolves with the number of attempts made. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim(this.concurrency, true);
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return claimed.length;
  }

  /** Polls until `stop()`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.poll();
  }

  /** Stops polling after the attempts in flight are sent and recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.idle.wake();
    await this.loop;
    this.loop = undefined;
  }

  /** Polls now instead of at the end of the interval (after enqueueing, in-process). */
  nudge(): void {
    this.idle.wake();
  }

  private get concurrency(): number {
    return this.options.concurrency ?? 8;
  }

  private claim(limit: number, sweep: boolean): Promise<ClaimedDelivery[]> {
    return claimDue(this.options.db, {
      workerId: this.workerId,
      limit,
      leaseMs: this.options.leaseMs ?? 60_000,
      now: this.clock(),
      maxAttempts: maxAttempts(this.options.schedule),
      sweep,
    });
  }

  /**
   * Keeps up to `concurrency` attempts in flight: a free slot is filled as soon as an attempt
   * ends, so one slow receiver does not hold up the others, and claiming overlaps sending.
   * When a claim comes back short the outbox is drained and the worker sleeps.
   */
  private async poll(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const pollMs = this.options.pollIntervalMs ?? 1000;
    let lastSweep = -Infinity;
    while (this.running) {
      const free = this.concurrency - inFlight.size;
      if (free === 0) {
        await Promise.race(inFlight);
        continue;
      }
      let claimed: ClaimedDelivery[] = [];
      try {
        const sweep = performance.now() - lastSweep >= pollMs;
        claimed = await this.claim(free, sweep);
        if (sweep) lastSweep = performance.now();
      } catch (error) {
        this.options.onError?.(error);
      }
      for (const delivery of claimed) {
        const attempt: Promise<void> = this.deliver(delivery).finally(() => inFlight.delete(attempt));
        inFlight.add(attempt);
      }
      if (claimed.length < free && this.running) await this.idle.sleep(pollMs);
    }
    await Promise.all(inFlight);
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const result = await this.attempt(delivery);
    try {
      const outcome = await this.recorder.record({ delivery, result, now: this.clock() });
      this.options.onAttempt?.(delivery, result, outcome);
    } catch (error) {
      // Unrecorded: the lease runs out and the delivery is attempted again (at-least-once).
      this.options.onError?.(error);
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<AttemptResult> {
    try {
      const { addresses } = await checkReceiverUrl(delivery.url, this.options.urlPolicy);
      const headers = webhookHeaders({
        id: delivery.id,
        timestamp: this.clock(),
        body: delivery.body,
        secret: delivery.secret,
      });
      return await this.send({ url: delivery.url, body: delivery.body, headers: { ...headers }, addresses });
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { ok: false, latencyMs: 0, error: message };
    }
  }
}
