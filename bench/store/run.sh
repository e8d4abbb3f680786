#!/usr/bin/env bash
# Index store figures, SQLite and PostgreSQL from one run, on one synthetic index (one
# owner with 1,000 ERC-20 approvals, 1,000 transactions and 50 token balances among many
# other owners): the time to build it (best of --builds), p50/p99 per read, and reads per
# second from --threads threads at once. Flags pass through: --others N --runs N
# --builds N --threads N --only sqlite|postgres. Needs Debian's PostgreSQL
# (./scripts/test installs it); starts and removes its own cluster.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo bench -q -p tandem-indexer --bench store -- "$@"
