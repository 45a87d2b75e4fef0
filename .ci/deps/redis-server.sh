#!/bin/sh
# The discovery API's fault tests start and stop a private redis-server (never the shared one).
set -eu
if command -v redis-server >/dev/null 2>&1; then exit 0; fi
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server
