#!/usr/bin/env bash
# Sets up what the tests need and runs every test: the README's test command (`npm test`).
#
# 1. Debian packages (Chromium for the end-to-end suite, gnome-keyring and D-Bus for the real
#    keychain, libsecret for keytar, nginx for the delivery API's CDN test) when they are missing
#    and this user may install them.
# 2. `npm ci`.
# 3. Lint, types, unit and server suites (the server suite on PGlite, then on PostgreSQL when one
#    answers at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), the build, the
#    first screens' script budgets (size-limit, .size-limit.js), and the end-to-end suite in
#    Chromium against the browser edition inside a D-Bus session with an unlocked gnome-keyring.
#
# Set SKIP_SETUP=1 to skip steps 1 and 2 on a machine that is already set up; REQUIRE_POSTGRES=1
# makes a missing PostgreSQL an error instead of a skipped pass (CI sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
results="$root/test-results/summary"
rm -rf "$results"; mkdir -p "$results"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

if [ "${SKIP_SETUP:-0}" != 1 ]; then
  need=()
  command -v chromium >/dev/null || need+=(chromium)
  command -v gnome-keyring-daemon >/dev/null || need+=(gnome-keyring)
  command -v dbus-run-session >/dev/null || need+=(dbus-x11)
  command -v secret-tool >/dev/null || need+=(libsecret-tools)
  [ -f /usr/include/libsecret-1/libsecret/secret.h ] || need+=(libsecret-1-dev)
  fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
  { command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; } || need+=(nginx-light)
  if [ ${#need[@]} -gt 0 ]; then
    step "Installing Debian packages: ${need[*]}"
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    else
      echo "Missing ${need[*]}: install them (apt-get install ${need[*]}) and run again." >&2
      exit 1
    fi
  fi
  step "npm ci"
  npm ci --no-audit --no-fund
fi

step "No required dependency needs a native build"
node scripts/check-native-deps.mjs
step "Lint"
npx eslint . --max-warnings 0
step "Types"
npm run -s typecheck

step "Unit and server suites (PGlite)"
npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest.json"

pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
if node -e "
  const { Client } = require('pg');
  const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
  c.connect().then(() => c.end()).catch(() => process.exit(1));
" "$pg_url"; then
  step "Server suite (PostgreSQL at ${pg_url%%\?*})"
  TEST_DATABASE_URL="$pg_url" npx vitest run --project server --reporter=default --reporter=json --outputFile="$results/vitest-postgres.json"
elif [ "${REQUIRE_POSTGRES:-0}" = 1 ]; then
  echo "No PostgreSQL answers at $pg_url and REQUIRE_POSTGRES=1." >&2
  exit 1
else
  echo "No PostgreSQL at $pg_url: the PostgreSQL pass of the server suite is skipped."
fi

step "Build"
npm run -s build
step "Script budgets of the first screens (size-limit)"
npx size-limit

step "End-to-end suite (Chromium, browser edition, real keychain)"
# A keyring of its own for the run, so a keyring left in the user's home cannot get in the way.
keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
XDG_DATA_HOME="$keyring_home" dbus-run-session -- bash -c '
  echo -n palette-ci | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  export PALETTE_KEYCHAIN_TEST=1
  npx vitest run --project main --reporter=default --reporter=json --outputFile="'"$results"'/vitest-keychain.json" tests/main/keychain
  npx playwright test
'

node scripts/test-summary.mjs "$results"
