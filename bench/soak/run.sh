#!/usr/bin/env bash
# Memory soak (by hand, not in CI): 100,000 requests over 10,000 distinct accounts against
# the release tandem-server on the seeded devnet, once per cache budget; prints the
# server's resident memory before and after, the configured [cache] max_bytes, what the
# cache holds, and checks RSS after <= RSS before + max_bytes + the fixed overhead.
# devnet/evm's npm packages are installed here when missing.
# Flags pass through to soak.mjs: --requests N --accounts N --concurrency N
#   --budgets MiB,MiB (default 4,64) --overhead MiB (default 32).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/lib/install.sh
source scripts/lib/install.sh
ensure_npm_deps devnet/evm
cargo build --release -q -p tandem-server
exec node bench/soak/soak.mjs "$@"
