import { spawnSync } from 'node:child_process';
import { TEST_POSTGRES_ADMIN_URL, TEST_REDIS_URL } from '@fin/test-utils';

/** Integration tests need the PostgreSQL and Redis servers of the development and CI
 * machines. Jest decides what to run before any test starts, so reachability is probed
 * synchronously (a child process that tries a TCP connect to each). */
function reachable(url: string, defaultPort: number): boolean {
  const { hostname, port } = new URL(url);
  const probe = `const s=require('net').connect(${Number(port || defaultPort)},${JSON.stringify(hostname)});s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000);`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5000 }).status === 0;
}

export interface ServiceAvailability {
  postgres: boolean;
  redis: boolean;
}

let cached: ServiceAvailability | undefined;

export function services(): ServiceAvailability {
  cached ??= { postgres: reachable(TEST_POSTGRES_ADMIN_URL, 5432), redis: reachable(TEST_REDIS_URL, 6379) };
  return cached;
}

/** `describe` when the servers are reachable or when running in CI (where a missing
 * server must fail the run, not hide it); otherwise `describe.skip` with a clear note. */
export function describeWithServices(
  name: string,
  needs: readonly (keyof ServiceAvailability)[],
  body: () => void,
): void {
  const available = services();
  const missing = needs.filter((service) => !available[service]);
  if (missing.length === 0 || process.env.CI !== undefined) {
    describe(name, body);
    return;
  }
  process.stderr.write(
    `\n[discovery-api] SKIPPED integration tests "${name}": ${missing.join(' and ')} not reachable ` +
      `(${TEST_POSTGRES_ADMIN_URL}, ${TEST_REDIS_URL}). Start them or set DISCOVERY_TEST_POSTGRES_URL / DISCOVERY_TEST_REDIS_URL; in CI these tests fail instead.\n`,
  );
  describe.skip(name, body);
}
