#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages, from Debian's packages:
# Chromium for the Playwright end-to-end tests (Playwright cannot download its own browsers here).
# Idempotent: skips what is already installed. Needs root (or sudo) for apt-get.
set -euo pipefail

need=()
[ -x /usr/lib/chromium/chromium ] || need+=(chromium)

if [ ${#need[@]} -eq 0 ]; then
  echo "install-test-deps: everything is already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-test-deps: installing ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
