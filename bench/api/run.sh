#!/usr/bin/env bash
# API benchmark (by hand, not in CI): cached balances and approvals of an owner with 1,000
# approvals, under wrk on loopback, next to a revoke.cash-style rebuild from eth_getLogs —
# on one server over its SQLite index, and on two replicas over one PostgreSQL index
# (written by tandem-indexer), side by side from one run.
# devnet/evm's npm packages, Debian's wrk and PostgreSQL are
# installed here when missing, like ./scripts/test does.
# Flags pass through to bench.mjs: --duration S --connections N --baseline-runs N.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=../../scripts/lib/install.sh
source scripts/lib/install.sh
ensure_npm_deps devnet/evm
ensure_wrk
ensure_postgres
cargo build --release -q -p tandem-server -p tandem-indexer

# A throw-away PostgreSQL cluster on a free loopback port in a temporary directory, as an
# unprivileged user when this runs as root (the server refuses root); stopped and removed
# when this script ends, however it ends.
pg_bin="$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
pg_dir="$(mktemp -d -t tandem-bench-pg-XXXXXX)"
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  pg_user=postgres
  id -u "$pg_user" >/dev/null 2>&1 || pg_user=nobody
  chown "$pg_user" "$pg_dir"
  as_pg=(setpriv "--reuid=$(id -u "$pg_user")" "--regid=$(id -g "$pg_user")" --clear-groups --)
fi
stop_postgres() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$pg_dir"
}
trap stop_postgres EXIT
pg_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"${as_pg[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -U tandem --auth=trust -E UTF8 --locale=C --no-sync >/dev/null
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/postgres.log" -w \
  -o "-h 127.0.0.1 -p $pg_port -k $pg_dir -c max_connections=200" start >/dev/null
"$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U tandem bench

node bench/api/bench.mjs --postgres "postgres://tandem@127.0.0.1:$pg_port/bench" "$@"
