-- Monitoring over time (docs/monitoring.md), and the API's own columns of @disc/webhooks'
-- `webhooks` table.

-- Every webhook belongs to the token that registered it. (Databases created before the
-- table moved to @disc/webhooks got this column from 0001_initial.sql.)
ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS token_id text NOT NULL REFERENCES api_tokens (id);
CREATE INDEX IF NOT EXISTS webhooks_token_idx ON webhooks (token_id) WHERE deleted_at IS NULL;

-- A webhook may name the symbols it cares about (an extension of the registration body,
-- docs/api.md). Those symbols are monitored by the scheduled refresh, and `grade_change` events
-- about other symbols are not sent to it. NULL: every symbol.
ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS symbols text[];
