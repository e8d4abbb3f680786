#!/usr/bin/env bash
# Media proxy benchmark (by hand, not in CI; crates/server/benches/media.rs says what it
# times): pictures loaded from their host directly, through /api/v1/media the first time
# and from its cache, and the cache's bytes. Flags pass through: --files N (default 300),
# --kib K (default 64).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec cargo bench -q -p tandem-server --bench media -- "$@"
