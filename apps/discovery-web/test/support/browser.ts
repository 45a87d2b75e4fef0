// Debian's Chromium driven by playwright-core (@fin/test-utils' launch options). Outside CI a
// missing Chromium skips the end-to-end suite with a message; with CI=true it fails.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH_OPTIONS, CHROMIUM_PATH } from '@fin/test-utils';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = CHROMIUM_PATH;

export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing: .ci/deps/chromium.sh installs it`);
  console.warn(`Skipping the dashboard end-to-end tests: ${CHROMIUM} is missing (run .ci/deps/chromium.sh)`);
  return false;
}

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** chromium.launch starts every browser with a fresh, empty user-data dir of its own (it
 * refuses a --user-data-dir argument) and removes it on close. */
export async function launchChromium(): Promise<LaunchedBrowser> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  return {
    browser,
    close: () => browser.close(),
  };
}

/** Where screenshots go: DASHBOARD_SCREENSHOTS (the docs script sets docs/images), else test-output/. */
export function screenshotDir(): string {
  const dir = process.env.DASHBOARD_SCREENSHOTS ?? join(__dirname, '..', '..', 'test-output');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(screenshotDir(), `dashboard-${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown }[];
}

// The page's globals, for the functions page.evaluate runs in the browser (no DOM library here).
declare const document: unknown;
interface Canvas {
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core in the page (evaluated through the DevTools protocol, so the page's CSP,
 * which forbids inline scripts, stays on) and returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Pixels of a canvas that are not fully transparent and not white. */
export function drawnPixels(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (canvas) => {
    const c = canvas as unknown as Canvas;
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    if (data === undefined) return 0;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
      if (a > 0 && !(r > 250 && g > 250 && b > 250)) count++;
    }
    return count;
  });
}
