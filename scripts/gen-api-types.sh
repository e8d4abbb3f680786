#!/usr/bin/env bash
# Regenerates the web app's API types and answer shapes from the server's OpenAPI document
# (`tandem-server --print-openapi`): web/src/lib/api/generated/openapi.ts with
# openapi-typescript (a web devDependency), and web/src/lib/api/generated/answerShapes/,
# the shapes lib/api/answerShape.ts checks every answer against at run time, a module each
# (web/scripts/gen-api-shapes.mjs). With --check it writes nothing and fails when a
# committed file differs from a fresh generation (scripts/test runs it so neither the types
# nor the checks ever drift from a Rust view: EVM and native routes alike), or when an API
# file calls the server untyped or checks an answer by hand.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GENERATED="$ROOT/web/src/lib/api/generated"
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
(cd "$ROOT/web" && node scripts/gen-api-shapes.mjs "$work/openapi.json" "$work/answerShapes")

# The API files of the features and of the shared EVM and native resources reach the server
# only through the typed endpoints (lib/api/endpoints: apiGet/apiPost), so their answer
# types are the document's: an untyped call (getJson/postJson/fetch) is a hand-written
# type in waiting.
untyped_calls() {
  (cd "$ROOT/web/src" && grep -nE '\b(getJson|postJson|fetch)\(' \
    features/*/api/*.ts lib/api/evm/*.ts lib/api/native/*.ts 2>/dev/null | grep -v '\.test\.ts:') || true
}

# An answer's shape is the document's (generated/answerShapes/, checked by the one guard
# lib/api/answerShape.ts): a hand-written check of a field (`expectString(…)`, `typeof
# json.x !== …`) restates a schema that then drifts.
hand_checks() {
  (cd "$ROOT/web/src" && grep -nE '\bexpect[A-Z][A-Za-z]*\(' \
    features/*/api/*.ts lib/api/*.ts lib/api/evm/*.ts lib/api/native/*.ts lib/networks/api/*.ts 2>/dev/null | grep -v '\.test\.ts:') || true
}

if $check; then
  untyped="$(untyped_calls)"
  if [ -n "$untyped" ]; then
    echo "$untyped" >&2
    echo "These API files call the server without the typed endpoints: use apiGet/apiPost from" >&2
    echo "web/src/lib/api/endpoints.ts so their types come from the OpenAPI document." >&2
    exit 1
  fi
  by_hand="$(hand_checks)"
  if [ -n "$by_hand" ]; then
    echo "$by_hand" >&2
    echo "These API files check an answer's fields by hand: the generated shape the typed endpoints" >&2
    echo "pass to lib/api/answerShape.ts already checks them (change the Rust view instead)." >&2
    exit 1
  fi
  for file in openapi.ts answerShapes; do
    if ! diff -ru "$GENERATED/$file" "$work/$file" >"$work/drift.diff" 2>&1; then
      head -n 40 "$work/drift.diff" >&2
      echo "web/src/lib/api/generated/$file is out of date with the server's OpenAPI document:" >&2
      echo "run scripts/gen-api-types.sh and commit the result." >&2
      exit 1
    fi
  done
  echo "API types and answer shapes are up to date." >&2
else
  mkdir -p "$GENERATED"
  cp "$work/openapi.ts" "$GENERATED/"
  rm -rf "$GENERATED/answerShapes" "$GENERATED/answerShapes.ts"
  cp -R "$work/answerShapes" "$GENERATED/answerShapes"
  echo "wrote ${GENERATED#"$ROOT/"}/openapi.ts and answerShapes/" >&2
fi
