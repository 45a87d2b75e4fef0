-- @disc/webhooks: the webhook registrations and their outbox. Runs unchanged on PGlite and on
-- PostgreSQL 13+, and is safe to run more than once. An app may add columns of its own to
-- `webhooks` in its own migrations (the discovery API adds token_id and symbols).

CREATE TABLE IF NOT EXISTS webhooks (
  id          text PRIMARY KEY,
  url         text NOT NULL,
  events      text[] NOT NULL,
  secret      text NOT NULL,
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);

-- Disabling an endpoint that keeps failing, and saying why in its listing.
ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS failure_count integer NOT NULL DEFAULT 0;
ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS disabled_at timestamptz;
ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS disabled_reason text;

-- One row per event, written in the same transaction as the change that caused it.
-- `body` is the exact JSON that is signed and sent on every attempt, and `payload` is the same
-- document as jsonb for queries (jsonb does not keep key order, so it is not sent).
CREATE TABLE IF NOT EXISTS webhook_events (
  id          text PRIMARY KEY,
  type        text NOT NULL,
  payload     jsonb NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per (event, subscribed webhook). The id is the `webhook-id` header: it stays the
-- same across retries, so receivers can drop duplicates.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id               text PRIMARY KEY,
  event_id         text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  webhook_id       text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'delivering', 'succeeded', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  locked_by        text,
  locked_until     timestamptz,
  last_status      integer,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, webhook_id)
);
-- What a worker polls: only unfinished deliveries are in this index.
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx
  ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'delivering');
CREATE INDEX IF NOT EXISTS webhook_deliveries_webhook_idx
  ON webhook_deliveries (webhook_id, created_at DESC);

-- Every attempt, written when it is claimed and completed when it ends. An attempt whose
-- worker died keeps `finished_at` empty until the delivery is claimed again. The unique
-- key makes "the same attempt sent twice" impossible even if a claim raced.
CREATE TABLE IF NOT EXISTS webhook_attempts (
  id             bigserial PRIMARY KEY,
  delivery_id    text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt        integer NOT NULL,
  worker_id      text NOT NULL,
  started_at     timestamptz NOT NULL,
  finished_at    timestamptz,
  status_code    integer,
  latency_ms     integer,
  error          text,
  response_body  text,
  UNIQUE (delivery_id, attempt)
);
