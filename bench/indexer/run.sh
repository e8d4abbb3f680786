#!/usr/bin/env bash
# Indexer throughput benchmark: eth_getLogs over a seeded range (the floor) vs the indexer
# indexing it from scratch. Flags pass through: --transfers N --per-tx N --holders N
# --batch-blocks N --runs N. Needs devnet/evm's npm packages (anvil).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo run --release -q -p tandem-indexer --bin indexer-bench -- "$@"
