#!/usr/bin/env bash
# Debian's Chromium for the dashboard's end-to-end tests (apps/discovery-web/e2e), driven by
# playwright-core with executablePath /usr/bin/chromium; `npx playwright install` cannot
# download a browser here. Idempotent: skips when Chromium is already installed.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  echo "[deps] chromium already installed: $(chromium --version 2>/dev/null || echo unknown)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium fonts-dejavu-core
echo "[deps] installed $(chromium --version 2>/dev/null || echo chromium)"
