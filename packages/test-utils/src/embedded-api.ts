/**
 * The environment of a `discovery-api serve` child on loopback with embedded PGlite in
 * `dataDir`, an ephemeral port (the server logs the port it took), no Redis, and no
 * background refresh: what tests, examples and benches that spawn the API start from.
 * `extra` overrides or adds variables (log level, rate limits…).
 */
export function embeddedApiEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DISCOVERY_DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    DISCOVERY_REFRESH_INTERVAL_MS: '0',
    ...extra,
  };
}
