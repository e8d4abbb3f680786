#!/usr/bin/env bash
# Regenerates the web app's API types, web/src/lib/api/generated/openapi.ts, from the
# server's OpenAPI document (`tandem-server --print-openapi`) with openapi-typescript
# (a web devDependency). With --check it writes nothing and fails when the committed
# file differs from a fresh generation (scripts/test runs it so the types never drift:
# EVM and native routes alike), or when an API file calls the server untyped.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="$ROOT/web/src/lib/api/generated/openapi.ts"
check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: scripts/gen-api-types.sh [--check]" >&2; exit 2 ;;
esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The server as ./scripts/demo and ./scripts/test build it (build_shared_server): a plain
# `cargo run -p tandem-server` resolves other dependency features and recompiles ~30 crates.
# shellcheck source=lib/install.sh
source "$ROOT/scripts/lib/install.sh"
(cd "$ROOT" && build_shared_server --quiet)
"${CARGO_TARGET_DIR:-$ROOT/target}/debug/tandem-server" --print-openapi >"$work/openapi.json"
(cd "$ROOT/web" && npx --no-install openapi-typescript "$work/openapi.json" --output "$work/generated.ts" >/dev/null)
# Generated code follows the generator's style, not the app's lint rules.
{ echo '/* eslint-disable */'; cat "$work/generated.ts"; } >"$work/openapi.ts"

# The API files of the features and of the shared EVM and native resources reach the server
# only through the typed endpoints (lib/api/endpoints: apiGet/apiPost), so their answer
# types are the document's: an untyped call (getJson/postJson/fetch) is a hand-written
# type in waiting.
untyped_calls() {
  (cd "$ROOT/web/src" && grep -nE '\b(getJson|postJson|fetch)\(' \
    features/*/api/*.ts lib/api/evm/*.ts lib/api/native/*.ts 2>/dev/null | grep -v '\.test\.ts:') || true
}

if $check; then
  untyped="$(untyped_calls)"
  if [ -n "$untyped" ]; then
    echo "$untyped" >&2
    echo "These API files call the server without the typed endpoints: use apiGet/apiPost from" >&2
    echo "web/src/lib/api/endpoints.ts so their types come from the OpenAPI document." >&2
    exit 1
  fi
  if ! diff -u "$TARGET" "$work/openapi.ts" >"$work/drift.diff" 2>&1; then
    head -n 40 "$work/drift.diff" >&2
    echo "web/src/lib/api/generated/openapi.ts is out of date with the server's OpenAPI document:" >&2
    echo "run scripts/gen-api-types.sh and commit the result." >&2
    exit 1
  fi
  echo "API types are up to date." >&2
else
  mkdir -p "$(dirname "$TARGET")"
  cp "$work/openapi.ts" "$TARGET"
  echo "wrote ${TARGET#"$ROOT/"}" >&2
fi
