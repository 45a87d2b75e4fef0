#!/usr/bin/env bash
# hledger and beancount (bean-check): the ledger-output tests run the real tools on every
# fixture that converts (`stmt convert --to hledger|beancount`). Idempotent: skips when present.
set -euo pipefail
if command -v hledger >/dev/null 2>&1 && command -v bean-check >/dev/null 2>&1; then
  echo "[deps] hledger and bean-check already installed"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends hledger beancount
hledger --version
bean-check --version || true
