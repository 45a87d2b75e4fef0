-- Same-day grade changes are kept (docs/monitoring.md): a symbol gets one point per day, plus
-- one for every grade change within a day. `seq` numbers the points of a day (0 first).
ALTER TABLE score_points ADD COLUMN IF NOT EXISTS seq integer NOT NULL DEFAULT 0;
ALTER TABLE score_points DROP CONSTRAINT IF EXISTS score_points_pkey;
ALTER TABLE score_points ADD PRIMARY KEY (symbol, day, seq);

-- Retention of discovery runs (DISCOVERY_RUNS_RETENTION_DAYS) deletes by age.
CREATE INDEX IF NOT EXISTS discovery_runs_run_at_idx ON discovery_runs (run_at);
