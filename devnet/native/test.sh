#!/usr/bin/env bash
# Bootstraps the venv and runs the devnet's tests. Non-zero exit on any failure, and also when
# no test ran (pytest exit code 5).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$("$here/setup.sh")" || exit 1
cd "$here"
PYTHONPATH="$here/src" "$venv/bin/python" -m pytest -q tests "$@"
status=$?
if [[ $status -eq 5 ]]; then
  echo "test.sh: no tests ran" >&2
  exit 1
fi
exit $status
