#!/usr/bin/env bash
# Runs before `npm test`: the suite needs Debian's chromium (browser tests) and Debian's python3
# with pandas (the Python client's tests). As root it installs what is missing; otherwise it
# stops at once and names the one command to run, so the suite never half-runs.
set -euo pipefail

missing=()
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] || missing+=(chromium)
/usr/bin/python3 -c 'import pandas' >/dev/null 2>&1 || missing+=(python3 python3-pandas)

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "== installing Debian packages the tests need: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi

echo "The tests need Debian packages that are missing. Run, then try again:" >&2
echo "  sudo apt-get install -y ${missing[*]}" >&2
exit 1
