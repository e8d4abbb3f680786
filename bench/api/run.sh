#!/usr/bin/env bash
# API benchmark (by hand, not in CI): cached balances and approvals of an owner with 1,000
# approvals, under wrk on loopback, next to a revoke.cash-style rebuild from eth_getLogs.
# Needs: devnet/evm's npm packages (`npm ci` there) and wrk (`apt-get install -y wrk`).
# Flags pass through to bench.mjs: --duration S --connections N --baseline-runs N.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 2; }
cargo build --release -q -p tandem-server
exec node bench/api/bench.mjs "$@"
