#!/usr/bin/env bash
# Fails when the Drizzle schema has changes no committed migration carries
# (CONTRIBUTING.md: regenerating generated files must change nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(npx drizzle-kit generate --name pending_check 2>&1)
if ! grep -q "No schema changes" <<<"$out"; then
  echo "$out"
  echo "The Drizzle schema (the schema.ts files drizzle.config.ts lists) changed without a migration. The one just generated in drizzle/ is it: rename it if you like, review and commit it." >&2
  exit 1
fi
echo "migrations: up to date with the schema"
