-- Initial schema of the discovery API. Runs unchanged on PGlite and on PostgreSQL 13+.

-- Bearer tokens: only the SHA-256 of the token is stored; the token itself is shown once.
CREATE TABLE api_tokens (
  id            text PRIMARY KEY,
  name          text NOT NULL,
  hash          text NOT NULL UNIQUE,
  scopes        text[] NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  last_used_at  timestamptz
);

-- One grade point per symbol per day (docs/decisions/0011-monitoring.md); a later scoring on the same
-- day replaces that day's point.
CREATE TABLE score_points (
  symbol       text NOT NULL,
  asset_type   text NOT NULL,
  day          date NOT NULL,
  grade        text NOT NULL,
  score        double precision NOT NULL,
  components   jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (symbol, day)
);

-- The `webhooks` table belongs to @disc/webhooks (its migration 0002_webhook_outbox.sql);
-- 0003_monitoring.sql adds the API's own columns to it.

-- Each discovery run remembers its A+ symbols, so that `new_discovery` can tell which
-- candidates the previous run of the same asset type did not have.
CREATE TABLE discovery_runs (
  id               bigserial PRIMARY KEY,
  asset_type       text NOT NULL,
  run_at           timestamptz NOT NULL DEFAULT now(),
  a_plus_symbols   text[] NOT NULL
);
CREATE INDEX discovery_runs_type_idx ON discovery_runs (asset_type, run_at DESC);

-- Market-data snapshots loaded with `discovery-api data load`; the newest one is in force.
-- Without any row the bundled sample snapshot is used.
CREATE TABLE market_snapshots (
  id          bigserial PRIMARY KEY,
  loaded_at   timestamptz NOT NULL DEFAULT now(),
  source      text NOT NULL,
  content     jsonb NOT NULL
);
