#!/usr/bin/env node
// `pnpm screenshots:dashboard`: regenerates the dashboard screenshots in docs/images/ (shown
// by README.md and docs/dashboard.md) by running the end-to-end suite in Chromium with
// DASHBOARD_SCREENSHOTS pointing there. Build first (`pnpm run build`).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const out = join(root, 'docs', 'images');
const result = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    'apps/discovery-web/test/dashboard.integration.test.ts',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DASHBOARD_SCREENSHOTS: out } },
);
if (result.status !== 0) process.exit(result.status ?? 1);
for (const file of readdirSync(out).filter((f) => f.startsWith('dashboard-') && f.endsWith('.png'))) {
  console.log(`${join('docs', 'images', file)}: ${(statSync(join(out, file)).size / 1000).toFixed(0)} kB`);
}
