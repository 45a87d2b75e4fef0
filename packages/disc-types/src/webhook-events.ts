/** The webhook event contract, pure data without I/O (@disc/webhooks re-exports it): the two events
 * of docs/decisions/0003-discovery-service-contract.md plus the test event that "send a test event" delivers. Every payload is
 * `{ event, timestamp, data }`. */
/** The event types a webhook can subscribe to (the test event goes to one webhook on request):
 * the one list the API's schemas, its OpenAPI document, the client and the dashboard derive from. */
export const SUBSCRIBABLE_EVENT_TYPES = ['grade_change', 'new_discovery'] as const;
export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

/** Every event a delivery can carry: the subscribable ones and `webhook.test`. */
export const WEBHOOK_EVENT_TYPES = [...SUBSCRIBABLE_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface GradeChangeData {
  symbol: string;
  previous_grade: string;
  new_grade: string;
  previous_score: number;
  new_score: number;
  reason: string;
}

export interface TopDiscovery {
  symbol: string;
  name: string;
  score: number;
  grade: string;
}

export interface NewDiscoveryData {
  asset_type: string;
  discoveries_count: number;
  top_discovery: TopDiscovery;
}

export interface WebhookTestData {
  webhook_id: string;
  message: string;
}

interface Envelope<E extends WebhookEventType, D> {
  event: E;
  /** ISO 8601 UTC date-time. */
  timestamp: string;
  data: D;
}

export type GradeChangePayload = Envelope<'grade_change', GradeChangeData>;
export type NewDiscoveryPayload = Envelope<'new_discovery', NewDiscoveryData>;
export type WebhookTestPayload = Envelope<'webhook.test', WebhookTestData>;
export type WebhookPayload = GradeChangePayload | NewDiscoveryPayload | WebhookTestPayload;

// Builders list the members explicitly so that extra properties of the input never leak
// into a payload: receivers get exactly the contract's members.

export function gradeChangePayload(data: GradeChangeData, at: Date): GradeChangePayload {
  return {
    event: 'grade_change',
    timestamp: at.toISOString(),
    data: {
      symbol: data.symbol,
      previous_grade: data.previous_grade,
      new_grade: data.new_grade,
      previous_score: data.previous_score,
      new_score: data.new_score,
      reason: data.reason,
    },
  };
}

export function newDiscoveryPayload(data: NewDiscoveryData, at: Date): NewDiscoveryPayload {
  const top = data.top_discovery;
  return {
    event: 'new_discovery',
    timestamp: at.toISOString(),
    data: {
      asset_type: data.asset_type,
      discoveries_count: data.discoveries_count,
      top_discovery: { symbol: top.symbol, name: top.name, score: top.score, grade: top.grade },
    },
  };
}

export function webhookTestPayload(webhookId: string, at: Date): WebhookTestPayload {
  return {
    event: 'webhook.test',
    timestamp: at.toISOString(),
    data: { webhook_id: webhookId, message: 'Test event: your endpoint received and can verify webhooks.' },
  };
}
