#!/usr/bin/env bash
# Installs Debian's chromium, the headless browser of the widget's end-to-end test
# (test/e2e/widget-browser.test.ts drives /usr/bin/chromium with playwright-core; nothing is
# downloaded by npm). Idempotent: does nothing when the browser is already there. Runs as root, or
# through sudo otherwise.
set -euo pipefail

BROWSER=/usr/bin/chromium
if [ -x "$BROWSER" ]; then
  echo "Chromium is already installed ($("$BROWSER" --version 2>/dev/null || echo "$BROWSER"))"
  exit 0
fi

if ! command -v apt-get >/dev/null; then
  echo "install-chromium: this script needs Debian (apt-get not found)" >&2
  exit 1
fi

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo env DEBIAN_FRONTEND=noninteractive "$@"; fi
}

export DEBIAN_FRONTEND=noninteractive
echo "Installing Debian's chromium for the widget's browser test"
as_root apt-get update -q
as_root apt-get install -y -q --no-upgrade chromium
"$BROWSER" --version
