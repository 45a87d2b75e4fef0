-- Monitoring over time (docs/monitoring.md).

-- A webhook may name the symbols it cares about (an extension of the spec's registration
-- body). Those symbols are monitored by the scheduled refresh, and `grade_change` events
-- about other symbols are not sent to it. NULL: every symbol.
ALTER TABLE webhooks ADD COLUMN IF NOT EXISTS symbols text[];
