#!/usr/bin/env bash
# Indexer throughput benchmark: eth_getLogs over a chain (the floor) vs the indexer
# indexing it from scratch, on a mainnet-like synthetic chain of a million mostly empty
# blocks and on a dense chain seeded on anvil. Flags pass through (see
# crates/indexer/benches/indexer/main.rs): --chain model|anvil|both --runs N
# --blocks N --transfers N --holders N --backfill logs|counts|full|all
# --log-range-limit N --log-results-limit N --batch-limit N --per-tx N --batch-blocks N
# --sparse-batch-blocks N --max-scan-blocks N.
# The anvil chain needs devnet/evm's npm packages.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo bench -q -p tandem-indexer --bench indexer -- "$@"
