#!/usr/bin/env bash
# Web benchmark (by hand, not in CI): the JavaScript shipped for the home route (gzip) and the
# time from navigation to the first balance row on /evm/wallet, in headless Chromium against
# the devnet stack. Uses target/release/tandem-server when it exists (build it with
# `cargo build --release -p tandem-server`), else target/debug/tandem-server, and says which.
# Builds web/dist first so the figures match the source. Needs web's and devnet/evm's npm
# packages, /usr/bin/chromium (or TANDEM_CHROMIUM) and the native devnet's Python venv
# (TANDEM_NATIVE_VENV, see devnet/native). Flags pass through to bench.mjs: --runs N --account NAME.
# To compare two builds of the web app on the wallet's first row, alternating between them so a
# machine's changing load weighs on both alike: bench/web/compare.mjs (see its header).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ -x target/release/tandem-server ]]; then
  profile=release
else
  profile=debug
  echo "bench/web: target/release/tandem-server is missing; using the debug build (slower API, figures not representative)" >&2
fi
echo "bench/web: tandem-server ${profile} build" >&2
(cd web && npm run build --silent) >&2
exec node bench/web/bench.mjs --profile "$profile" "$@"
