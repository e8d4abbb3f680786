#!/usr/bin/env bash
# History export benchmark (by hand, not in CI): an account with 100,000 history rows
# (a model chain indexed into a SQLite store; crates/server/benches/export.rs says why)
# exported as CSV by the release tandem-server; prints rows/s (target >= 20,000) and the
# server's resident memory before, at its peak while streaming, and after.
# Flags pass through: --rows N (default 100000), --server PATH.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -q -p tandem-server
exec cargo bench -q -p tandem-server --bench export -- "$@"
