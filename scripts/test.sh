#!/usr/bin/env bash
# Install everything and run every check and test: lint, generated-types freshness, typecheck,
# unit and integration tests (PGlite and PostgreSQL), the web build and the browser tests.
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_pnpm
ensure_chromium
ensure_postgres
ensure_redis
install_deps

mkdir -p test-results
run_started="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
failed=()
step() {
  local name="$1"; shift
  log "$name"
  if ! "$@"; then failed+=("$name"); fi
}

step "Lint and format (Biome)" pnpm exec biome ci --colors=off .
step "Generated API types are up to date" pnpm run api:check
step "Typecheck" pnpm run typecheck
step "Unit and integration tests (Vitest: domain, api, server on PGlite and PostgreSQL, web, cli against a real server, packaging; the server-load project apart, alone)" \
  pnpm exec vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "Build the web app" pnpm run build
step "Web size budgets" node scripts/web-size.mjs
step "Browser tests (Playwright, Debian Chromium)" pnpm exec playwright test

# docs/reliability.md from the figures the tests wrote; fails when a part reports something lost or was not measured.
step "Reliability report (docs/reliability.md)" node scripts/reliability-report.mjs --since "$run_started"

node scripts/summary.mjs test-results/vitest.json test-results/playwright.json || failed+=("Test summary")

if [ "${#failed[@]}" -gt 0 ]; then
  printf '\nFAILED steps:\n'; printf '  - %s\n' "${failed[@]}"
  exit 1
fi
printf '\nEvery check passed.\n'
