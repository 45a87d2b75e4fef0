// End-to-end: the built dashboard served by the built discovery-api binary, in Debian's
// Chromium. One server and one browser for the flow; the steps run in order and share the
// signed-in page, as a person would use it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  chromiumAvailable,
  drawnPixels,
  launchChromium,
  screenshot,
  seriousAxeViolations,
  type LaunchedBrowser,
} from './support/browser';
import { startDashboardServer, type DashboardServer } from './support/server';
import { startReceiver, type TestReceiver } from '@fin/test-utils';

// Names of the page's globals, for the functions that page.evaluate runs in the browser
// (this file is type-checked without the DOM library).
declare const sessionStorage: { length: number } & Record<string, string>;
declare const localStorage: { length: number };
declare const location: { href: string };
declare const document: {
  title: string;
  cookie: string;
  querySelector(s: string): { hasAttribute(a: string): boolean } | null;
  querySelectorAll(s: string): { length: number };
};

const run = chromiumAvailable() ? describe : describe.skip;
jest.setTimeout(120_000);

run('the dashboard in Chromium', () => {
  let server: DashboardServer;
  let chrome: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let receiver: TestReceiver | undefined;
  let receiverUrl: string;
  const received: string[] = [];
  const cspErrors: string[] = [];

  beforeAll(async () => {
    receiver = await startReceiver((request, _index, res) => {
      received.push(request.body);
      if (request.path === '/fail') res.writeHead(500).end('receiver broken');
      else res.writeHead(200).end('ok');
      return res.statusCode;
    });
    receiverUrl = receiver.urlFor('/hook');
    // A low discover limit so that the 429 test reaches it in four requests.
    server = await startDashboardServer({
      DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS: 'true',
      DISCOVERY_RATE_LIMITS: '{"discover":{"limit":3},"webhooks":{"limit":10000}}',
      DISCOVERY_WORKER_POLL_MS: '50',
      // One retry at once, so that a failing receiver is disabled after five test events.
      DISCOVERY_WEBHOOK_RETRY_SCHEDULE: '0',
    });
    token = await server.createToken('e2e', 'discovery,webhooks');
    chrome = await launchChromium();
    context = await chrome.browser.newContext({ viewport: { width: 1100, height: 720 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    page.on('pageerror', (error) => cspErrors.push(`page error: ${error.message}`));
  });

  afterAll(async () => {
    await context?.close();
    await chrome?.close();
    await server?.stop();
    await receiver?.close();
  });

  it('is announced by the first-start banner and the listening log line', () => {
    expect(server.output()).toContain(`Dashboard: ${server.url}/ (open it in a browser and paste the token)`);
    expect(server.output()).toContain(`"dashboard":"${server.url}/"`);
  });

  it('refuses a bad token with a clear 401 message, and keeps nothing', async () => {
    await page.goto(server.url + '/');
    await page.getByLabel('API token').fill('disc_not_a_real_token_0000000000000000000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/refused the token \(401 UNAUTHORIZED\)/);
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
    await screenshot(page, 'sign-in-401');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('signs in with a token from `tokens create`, by keyboard, keeping it in sessionStorage only', async () => {
    await page.getByLabel('API token').fill(token);
    await page.getByLabel('API token').press('Enter');
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    expect(await page.textContent('.scopes')).toContain('discovery, webhooks');
    const stored = await page.evaluate(() => ({
      session: { ...sessionStorage },
      local: localStorage.length,
      cookie: document.cookie,
      url: location.href,
    }));
    expect(stored.session).toEqual({ 'discovery.token': token, 'discovery.scopes': 'discovery,webhooks' });
    expect(stored.local).toBe(0);
    expect(stored.cookie).toBe('');
    expect(stored.url).not.toContain(token);
  });

  it('pre-fills the ETF criteria with the regime, runs a discovery and shows graded, sortable results', async () => {
    const expense = page.getByLabel('Max expense ratio');
    await expense.waitFor();
    expect(await expense.inputValue()).toBe('0.15');
    expect(await page.textContent('.regime')).toMatch(/Market regime: (bull|bear|volatile|sideways)/);
    expect(await page.locator('#c-max_expense_ratio-hint').textContent()).toMatch(/percent points/i);
    await screenshot(page, 'discover-criteria');
    // The asset-type tabs work from the keyboard (arrow keys move and select).
    await page.getByRole('tab', { name: 'ETFs' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Stocks' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Min roe').waitFor();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { name: 'ETFs' }).getAttribute('aria-selected')).toBe('true');
    await expense.waitFor();
    await page.getByLabel('Minimum final score (0–1)').fill('0.8');
    await page.getByRole('button', { name: 'Run ETF discovery' }).click();
    await page.locator('.results-table tbody tr').first().waitFor();
    expect(await page.textContent('.sample-label')).toMatch(/Sample data/);
    const grades = await page.locator('.results-table tbody .grade').allTextContents();
    expect(grades[0]).toBe('A+');
    expect(await page.locator('.results-table tbody tr').first().locator('meter').count()).toBe(4);
    // Rationale on expand.
    await page.locator('.results-table tbody tr').first().getByRole('button', { name: /Why\?/ }).click();
    expect(await page.locator('.rationale li').first().textContent()).toMatch(/Final score/);
    // Sort by symbol ascending, then filter down to one symbol.
    await page.getByRole('button', { name: 'Symbol' }).click();
    const symbols = await page
      .locator('.results-table tbody tr[data-symbol]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol') ?? ''));
    expect(symbols).toEqual([...symbols].sort());
    await page.getByRole('button', { name: 'Grade' }).click();
    await page.locator('.results').evaluate((el) => (el as unknown as { scrollIntoView(): void }).scrollIntoView());
    await screenshot(page, 'discover');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('opens an A+ symbol: the history and price charts have drawn pixels and the history shows a point', async () => {
    const aPlus = page
      .locator('.results-table tbody tr[data-symbol]', { has: page.locator('.grade', { hasText: /^A\+$/ }) })
      .first();
    const symbol = (await aPlus.getAttribute('data-symbol')) as string;
    await aPlus.getByRole('link', { name: symbol }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${symbol}`) }).waitFor();
    await page.locator('.history-chart canvas').waitFor();
    expect(await drawnPixels(page, '.history-chart canvas')).toBeGreaterThan(1000);
    // The price history (GET /prices/{symbol}): closes and both averages, sample data labelled.
    await page.locator('.price-chart canvas').waitFor();
    expect(await drawnPixels(page, '.price-chart canvas')).toBeGreaterThan(1000);
    expect(await page.textContent('.price-summary')).toMatch(
      /^Last close \d+\.\d\d USD on \d{4}-\d\d-\d\d; 50-day average \d+\.\d\d, 200-day average \d+\.\d\d \(the 50-day is (above|below) the 200-day\)\.$/,
    );
    expect(await page.getByText(/^Source: SAMPLE DATA/).count()).toBe(1);
    const rows = page.locator('.history-table tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(1);
    expect(await rows.first().locator('td').first().textContent()).toBe(new Date().toISOString().slice(0, 10));
    expect(await page.textContent('.summary')).toMatch(/Next review: /);
    expect(await page.locator('.criteria-lines li').count()).toBeGreaterThan(0);
    await screenshot(page, 'symbol');
    await page.locator('#prices-title').scrollIntoViewIfNeeded();
    await screenshot(page, 'symbol-prices');
    await page.evaluate('window.scrollTo(0, 0)');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('computes an integration plan from pasted holdings: trades, allocations, costs, violations', async () => {
    await page.getByRole('link', { name: 'Portfolio' }).click();
    const discoveries = page.getByLabel(/^Discoveries to add/);
    const suggested = await discoveries.inputValue();
    expect(suggested).toMatch(/^[A-Z0-9.-]+, 10$/m);
    // The first suggestion replaces a pasted holding, the others are bought from cash.
    await discoveries.fill(suggested.replace(/^([A-Z0-9.-]+), 10$/m, '$1, 10, BND'));
    await page
      .getByLabel(/^Holdings/)
      .fill('symbol\tshares\tvalue\tcost basis\nVTI\t100\t25000\t30000\nBND\t200\t15000\n');
    await page.getByLabel('Transaction-cost budget (% of total)').fill('0.01');
    await page.getByRole('button', { name: 'Compute the plan' }).click();
    await page.locator('.trades tbody tr').first().waitFor();
    expect(await page.locator('.trades tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('.allocation figcaption').allTextContents()).toEqual([
      'Allocation before',
      'Allocation after',
    ]);
    // Expense ratios are "Percent points" in the OpenAPI document, so they read as percent.
    expect(await page.locator('.improvements tbody tr').first().textContent()).toMatch(
      /^\d(new position|BND)[A-Z0-9.-]+-?\d+\.\d\d\d+\.\d\d %/,
    );
    expect(await page.locator('.improvements thead').textContent()).toContain('annual savings');
    expect(await page.textContent('.plan')).toMatch(/Estimated transaction costs \$[\d,.]+ of a budget of \$[\d,.]+/);
    // A 0.01 % budget cannot fit every buy: the deferral is told in words.
    expect(await page.locator('.violations li').first().textContent()).toMatch(/budget|threshold|cash/);
    await screenshot(page, 'portfolio');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('registers a loopback webhook, sends it a test event, lists the delivery, and deletes it', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByText('No webhooks registered for this token.').waitFor();
    await page.getByLabel(/^Receiver URL/).fill(receiverUrl);
    await page.getByLabel(/^Signing secret/).fill('a-test-secret-of-24-chars');
    await page.getByRole('button', { name: 'Register' }).click();
    const row = page.locator(`tr[data-hook="${receiverUrl}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('active');
    await row.getByRole('button', { name: /^Send test/ }).click();
    await page.getByRole('status').filter({ hasText: 'Queued test event' }).waitFor();
    // The worker delivers it to the receiver; the deliveries table shows it succeeded.
    for (let i = 0; i < 100 && !(await page.locator('.delivery-succeeded').count()); i++) {
      await page.waitForTimeout(200);
      await page.getByRole('button', { name: 'Refresh deliveries' }).click();
    }
    expect(await page.locator('.deliveries tbody tr').first().textContent()).toMatch(
      /webhook\.test\s*succeeded\s*1\s*200/,
    );
    expect(received.some((body) => body.includes('webhook.test'))).toBe(true);
    // Ten more: the deliveries page with the API's cursor, ten to a page.
    for (let i = 0; i < 10; i++) {
      const queued = page.waitForResponse((r) => r.url().endsWith('/test') && r.status() === 202);
      await row.getByRole('button', { name: /^Send test/ }).click();
      await queued;
    }
    await page.getByRole('button', { name: 'Refresh deliveries' }).click();
    await page.locator('.deliveries caption', { hasText: /page 1$/ }).waitFor();
    expect(await page.locator('.deliveries tbody tr').count()).toBe(10);
    const older = page.waitForResponse((r) => /\/deliveries\?.*after=/.test(r.url()) && r.status() === 200);
    await page.getByRole('button', { name: 'Next page' }).click();
    await older;
    await page.locator('.deliveries caption', { hasText: 'page 2 (the last)' }).waitFor();
    expect(await page.locator('.deliveries tbody tr').count()).toBe(1);
    expect(await page.locator('.deliveries tbody tr').first().textContent()).toMatch(
      /webhook\.test\s*succeeded\s*1\s*200/,
    );
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.locator('.deliveries caption', { hasText: /page 1$/ }).waitFor();
    await screenshot(page, 'webhooks');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByText('No webhooks registered for this token.').waitFor();
    expect(await row.count()).toBe(0);
  });

  it('shows a webhook disabled by failing deliveries and enables it again', async () => {
    const failing = receiverUrl.replace(/\/hook$/, '/fail');
    await page.getByLabel(/^Receiver URL/).fill(failing);
    await page.getByLabel(/^Signing secret/).fill('another-secret-of-24-chars');
    await page.getByRole('button', { name: 'Register' }).click();
    const row = page.locator(`tr[data-hook="${failing}"]`);
    await row.waitFor();
    for (let i = 0; i < 5; i++) {
      const queued = page.waitForResponse((r) => r.url().endsWith('/test') && r.status() === 202);
      await row.getByRole('button', { name: /^Send test/ }).click();
      await queued;
    }
    for (let i = 0; i < 150 && !/disabled/.test((await row.textContent()) ?? ''); i++) {
      await page.waitForTimeout(200);
      await page.getByRole('button', { name: 'Refresh the list' }).click();
    }
    expect(await row.textContent()).toMatch(/disabled .*deliveries in a row failed every retry; last error: .*500/);
    await screenshot(page, 'webhooks-disabled');
    await row.getByRole('button', { name: /^Enable again/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Enabled the webhook to ${failing} again.` })
      .waitFor();
    expect(await row.textContent()).toContain('active (0 failed in a row)');
    expect(await row.getByRole('button', { name: /^Enable again/ }).count()).toBe(0);
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByText('No webhooks registered for this token.').waitFor();
  });

  it('shows the market context with its source and age', async () => {
    await page.getByRole('link', { name: 'Market context' }).click();
    const market = page.locator('dl.market');
    await market.waitFor();
    const text = await market.textContent();
    expect(text).toMatch(/Regime(bull|bear|volatile|sideways)/);
    expect(text).toMatch(/Inflation\d+\.\d\d % a year/);
    expect(text).toMatch(/SAMPLE DATA/);
    // From GET /market-context: no discovery is spent (the test server allows three an hour).
    expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(1);
    await screenshot(page, 'market');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('renders names from the data provider as text, never as markup', async () => {
    // A snapshot whose ETF names carry markup, loaded with `discovery-api data load`.
    const dir = mkdtempSync(join(tmpdir(), 'discovery-web-hostile-'));
    try {
      const sample = JSON.parse(
        readFileSync(
          join(__dirname, '..', '..', '..', 'packages', 'disc-sample-snapshot', 'sample-snapshot.json'),
          'utf8',
        ),
      ) as {
        instruments: { asset_type: string; name: string }[];
      };
      for (const instrument of sample.instruments)
        if (instrument.asset_type === 'etf')
          instrument.name = `<img src=x onerror="document.title='pwned'">${instrument.name}`;
      const file = join(dir, 'hostile-snapshot.json');
      writeFileSync(file, JSON.stringify(sample));
      await server.cli(['data', 'load', file]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.getByRole('link', { name: 'Discover' }).click();
    await page.getByRole('button', { name: 'Run ETF discovery' }).click();
    await page.locator('.results-table tbody tr td', { hasText: '<img src=x onerror=' }).first().waitFor();
    expect(await page.locator('.results-table img').count()).toBe(0);
    expect(await page.evaluate(() => document.title)).toBe('Discovery dashboard');
  });

  it('keeps the session across a reload and forgets the token on sign-out', async () => {
    await page.reload();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API token').waitFor();
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
  });

  it('ran the whole flow without a CSP violation or a page error', () => {
    expect(cspErrors).toEqual([]);
  });

  /** A new token with `scopes`, signed in in a browser context of its own. */
  async function signedInTab(
    name: string,
    scopes: string,
    use: (tab: Page, token: string) => Promise<void>,
  ): Promise<void> {
    const fresh = await server.createToken(name, scopes);
    const other = await chrome.browser.newContext();
    try {
      const tab = await other.newPage();
      await tab.goto(server.url + '/');
      await tab.getByLabel('API token').fill(fresh);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByRole('navigation', { name: 'Pages' }).waitFor();
      await use(tab, fresh);
    } finally {
      await other.close();
    }
  }

  it('signs out with the reason when the token is revoked while the tab is open', async () => {
    await signedInTab('e2e-revoked', 'discovery', async (tab, doomed) => {
      await server.revokeToken(doomed);
      await tab.getByRole('tab', { name: 'Crypto' }).click(); // fetches the crypto criteria
      const alert = tab.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/refused the token \(401 UNAUTHORIZED\)/);
      expect(await tab.getByLabel('API token').count()).toBe(1);
      expect(await tab.evaluate(() => sessionStorage.length)).toBe(0);
    });
  });

  it('tells when the rate limit resets on a 429', async () => {
    await signedInTab('e2e-limited', 'discovery', async (tab) => {
      expect(await tab.textContent('.scopes')).toBe('Scopes: discovery');
      expect(await tab.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
      const runButton = tab.getByRole('button', { name: 'Run ETF discovery' });
      for (let i = 0; i < 4; i++) {
        await runButton.click();
        await tab.waitForFunction(
          () => !document.querySelector('.criteria-form button[type=submit]')?.hasAttribute('disabled'),
        );
      }
      const alert = tab.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        /Rate limit reached \(429 RATE_LIMIT_EXCEEDED\).*The limit resets at .+ \(in \d+ s\)\./,
      );
      await screenshot(tab, 'rate-limited');
    });
  });
});
