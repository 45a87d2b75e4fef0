#!/usr/bin/env bash
# Container tools for the image test (test/images.integration.test.ts, `npm run image`):
# buildah builds the images, podman runs them with runc (crun fails on this cgroup setup),
# uidmap/fuse-overlayfs for podman's storage, dpkg-deb (dpkg) unpacks the Debian packages the
# images are made of. Idempotent: skips when every tool is already installed.
set -euo pipefail
need=()
for tool in buildah podman runc newuidmap; do
  command -v "$tool" >/dev/null 2>&1 || need+=("$tool")
done
if [ ${#need[@]} -eq 0 ]; then
  echo "[containers] buildah, podman, runc already installed"
  exit 0
fi
echo "[containers] installing (missing: ${need[*]})"
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends buildah podman runc uidmap fuse-overlayfs slirp4netns netavark aardvark-dns containers-storage iptables >/dev/null
buildah --version
podman --version
