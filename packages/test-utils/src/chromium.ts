// Debian's Chromium, driven by playwright-core in the dashboard's end-to-end tests and its
// benchmark (`npx playwright install` cannot download a browser here; .ci/deps/chromium.sh
// installs the package). The options are plain data, so this package needs no playwright.

/** The Chromium binary: CHROMIUM_PATH, else Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What to pass to playwright-core's `chromium.launch`: headless, no sandbox and nothing that
 * talks to the network on its own, so runs are quiet and comparable. */
export const CHROMIUM_LAUNCH_OPTIONS = Object.freeze({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
