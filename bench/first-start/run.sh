#!/usr/bin/env bash
# First-start benchmark (by hand, not in CI): how long a newcomer waits from a fresh clone
# until `./scripts/demo` prints the URL and the accounts, step by step, with EMPTY cargo,
# npm and pip caches and a fresh build directory; then the test command right after it in
# the same clone, and whether that rebuilt the Rust workspace (crates compiled by both).
#
# How the caches are emptied: everything lives in a new temporary directory (under
# $TANDEM_BENCH_DIR, else $TMPDIR): a `git clone` of this repository (so target/, web's and
# devnet's node_modules and .tandem/native-venv start absent), CARGO_HOME (no registry index,
# no downloaded crates), npm's cache (npm_config_cache) and pip's (PIP_CACHE_DIR). The Rust
# toolchain (rustup), Node, Python and Debian's packages stay as installed. The directory
# is deleted at the end, however the run ends (--keep keeps it).
#
# Usage: bench/first-start/run.sh [--ref REF] [--no-test] [--timings] [--keep]
#   --ref REF   what to clone (default: HEAD of this checkout; uncommitted changes are not in it)
#   --no-test   stop after the demo's first start
#   --timings   add --timings to the demo's cargo builds (report kept in the printed directory;
#               implies --keep)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

ref=HEAD
run_tests=1
timings=0
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --ref) ref="$2"; shift 2 ;;
    --no-test) run_tests=0; shift ;;
    --timings) timings=1; keep=1; shift ;;
    --keep) keep=1; shift ;;
    *) echo "bench/first-start: unknown flag $1" >&2; exit 2 ;;
  esac
done

base="${TANDEM_BENCH_DIR:-${TMPDIR:-/tmp}}"
mkdir -p "$base"
work="$(mktemp -d "$base/first-start-XXXXXX")"
cleanup() {
  if [ "$keep" -eq 1 ]; then
    echo "bench/first-start: kept $work" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

commit="$(git -C "$repo" rev-parse "$ref")"
git clone --quiet --no-checkout "$repo" "$work/clone"
git -C "$work/clone" checkout --quiet --detach "$commit"

# Only the variables that choose caches and build directories are reset; a CARGO_TARGET_DIR
# or TANDEM_NATIVE_VENV from the caller would point at warm ones.
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR TANDEM_NATIVE_VENV
export CARGO_HOME="$work/cargo-home"
export npm_config_cache="$work/npm-cache"
export PIP_CACHE_DIR="$work/pip-cache"
mkdir -p "$CARGO_HOME" "$npm_config_cache" "$PIP_CACHE_DIR"

if [ "$timings" -eq 1 ]; then
  # A cargo in front of the real one that adds --timings to builds (reports land in the
  # clone's target/cargo-timings/).
  real_cargo="$(command -v cargo)"
  mkdir -p "$work/shim"
  cat >"$work/shim/cargo" <<SHIM
#!/usr/bin/env bash
if [ "\${1:-}" = build ]; then shift; exec "$real_cargo" build --timings "\$@"; fi
exec "$real_cargo" "\$@"
SHIM
  chmod +x "$work/shim/cargo"
  export PATH="$work/shim:$PATH"
fi

echo "bench/first-start: $(git -C "$repo" log -1 --format='%h %s' "$commit" | cut -c1-100)" >&2
echo "bench/first-start: fresh clone, CARGO_HOME, npm and pip caches in $work" >&2
echo "bench/first-start: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
node "$here/first-start.mjs" --clone "$work/clone" --tests "$run_tests"
