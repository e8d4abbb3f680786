#!/usr/bin/env bash
# Index store read latency, SQLite and PostgreSQL from one run: one owner with 1,000
# ERC-20 approvals, 1,000 transactions and 50 token balances among many other owners;
# p50/p99 per read. Flags pass through: --others N --runs N. Needs Debian's PostgreSQL
# (./scripts/test installs it); starts and removes its own cluster.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo bench -q -p tandem-indexer --bench store-reads -- "$@"
