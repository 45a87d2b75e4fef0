import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import { openMemoryDatabase } from '../test-support/databases';
import { startApi, type TestApi } from '../test-support/api';
import { DASHBOARD_CSP } from './dashboard';

const noEngine: EngineSource = { current: () => Promise.reject(new Error('the discovery engine is not used here')) };
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let db: Database;
let api: TestApi;
let bundle: string;
let previous: string | undefined;

beforeAll(async () => {
  bundle = mkdtempSync(join(tmpdir(), 'dashboard-'));
  mkdirSync(join(bundle, 'assets'));
  writeFileSync(
    join(bundle, 'index.html'),
    '<!doctype html><title>Discovery dashboard</title><script type="module" src="/assets/app-1.js"></script>',
  );
  writeFileSync(join(bundle, 'assets', 'app-1.js'), 'console.log("dashboard");');
  previous = process.env.DISCOVERY_DASHBOARD_DIR;
  process.env.DISCOVERY_DASHBOARD_DIR = bundle;
  db = await openMemoryDatabase();
  api = await startApi({ db, engine: noEngine });
});
afterAll(async () => {
  await api.close();
  await db.close();
  if (previous === undefined) delete process.env.DISCOVERY_DASHBOARD_DIR;
  else process.env.DISCOVERY_DASHBOARD_DIR = previous;
  rmSync(bundle, { recursive: true, force: true });
});

describe('the dashboard on /', () => {
  it('answers a browser asking for HTML with the page, under a CSP without inline script or eval', async () => {
    const response = await fetch(`${api.baseUrl}/`, { headers: { accept: BROWSER_ACCEPT } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<title>Discovery dashboard</title>');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(DASHBOARD_CSP);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('keeps the 404 error envelope for a client that asks for JSON (or anything)', async () => {
    for (const accept of ['application/json', '*/*']) {
      const response = await fetch(`${api.baseUrl}/`, { headers: { accept } });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('serves the hashed bundle under /assets with long caching, and 404s an unknown asset with the envelope', async () => {
    const script = await fetch(`${api.baseUrl}/assets/app-1.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(await script.text()).toBe('console.log("dashboard");');
    const missing = await fetch(`${api.baseUrl}/assets/nope.js`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('leaves the API routes as they were', async () => {
    const document = await fetch(`${api.baseUrl}/v1/openapi.json`, { headers: { accept: BROWSER_ACCEPT } });
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
    const unauthenticated = await fetch(`${api.baseUrl}/v1/webhooks`, { headers: { accept: BROWSER_ACCEPT } });
    expect(unauthenticated.status).toBe(401);
  });
});
