#!/usr/bin/env python3
"""The supply-chain check of the test command (ADR 0032), offline.

1. Advisories: cargo-audit reads Cargo.lock against the RustSec snapshot beside the
   repository (../shared/advisory-db, or $TANDEM_ADVISORY_DB). Every vulnerability and every
   warning (unmaintained, unsound) fails the check unless deny.toml's [advisories] ignore
   lists its id with a reason.
2. Licenses, sources and duplicate majors: cargo-deny against deny.toml.
3. The check checks itself: an advisory made up for a crate in Cargo.lock, in a throw-away
   database, must fail step 1 — so a check that silently passes everything cannot go
   unnoticed.

usage: check-supply-chain.py TOOLS_BIN   (the folder holding cargo-audit and cargo-deny)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def fail(message: str) -> None:
    print(f"supply chain: {message}", file=sys.stderr)
    sys.exit(1)


def accepted_advisories() -> dict[str, str]:
    """deny.toml's accepted advisories, id -> reason; an entry without a reason is refused."""
    config = tomllib.loads((REPO / "deny.toml").read_text())
    accepted: dict[str, str] = {}
    for entry in config.get("advisories", {}).get("ignore", []):
        if not isinstance(entry, dict) or not entry.get("id") or not str(entry.get("reason", "")).strip():
            fail(f"deny.toml: every accepted advisory needs an id and a reason, found {entry!r}")
        accepted[entry["id"]] = entry["reason"]
    return accepted


def advisory_db() -> Path:
    configured = os.environ.get("TANDEM_ADVISORY_DB")
    db = Path(configured) if configured else REPO.parent / "shared" / "advisory-db"
    if not (db / "crates").is_dir():
        fail(f"no RustSec snapshot at {db} (expected ../shared/advisory-db beside the repository, "
             "or TANDEM_ADVISORY_DB naming one)")
    return db


def audit(cargo_audit: Path, db: Path) -> list[tuple[str, str, str, str]]:
    """(id, kind, crate@version, title) of every advisory that matches Cargo.lock."""
    run = subprocess.run(
        [str(cargo_audit), "audit", "--db", str(db), "--no-fetch", "--no-yanked", "--json",
         "--file", str(REPO / "Cargo.lock")],
        capture_output=True, text=True, cwd=REPO, check=False,
    )
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        fail(f"cargo-audit gave no report (exit {run.returncode}):\n{run.stderr}")
    found = []
    for item in report["vulnerabilities"]["list"]:
        found.append((item["advisory"]["id"], "vulnerability", package(item), item["advisory"]["title"]))
    for kind, items in report.get("warnings", {}).items():
        for item in items:
            advisory = item.get("advisory") or {}
            found.append((advisory.get("id", f"({kind})"), kind, package(item), advisory.get("title", kind)))
    return found


def package(item: dict) -> str:
    return f"{item['package']['name']}@{item['package']['version']}"


def check_advisories(cargo_audit: Path, db: Path, accepted: dict[str, str]) -> None:
    found = audit(cargo_audit, db)
    new = [entry for entry in found if entry[0] not in accepted]
    for advisory_id, kind, crate, title in found:
        note = "accepted: " + accepted[advisory_id] if advisory_id in accepted else "NOT ACCEPTED"
        print(f"  {advisory_id} ({kind}) {crate}: {title}\n    {note}")
    stale = sorted(set(accepted) - {entry[0] for entry in found})
    for advisory_id in stale:
        print(f"  note: {advisory_id} is accepted in deny.toml but no longer matches Cargo.lock; drop it")
    if new:
        fail(f"{len(new)} advisory(ies) not accepted: update the crate (cargo update -p NAME), or list "
             "the id under [advisories] ignore in deny.toml with the reason it does not apply")
    print(f"advisories ok: {len(found)} found, all accepted with a reason ({db})")


def check_the_check(cargo_audit: Path) -> None:
    """A made-up advisory against a crate Cargo.lock holds must fail the advisory step."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "crates" / "tokio"
        folder.mkdir(parents=True)
        (folder / "RUSTSEC-2099-0001.md").write_text(
            '```toml\n[advisory]\nid = "RUSTSEC-2099-0001"\npackage = "tokio"\ndate = "2026-01-01"\n'
            'url = "https://example.invalid"\n\n[versions]\npatched = [">= 999.0.0"]\n```\n\n'
            "# Made up by scripts/check-supply-chain.py\n\nChecks that a new advisory fails the check.\n"
        )
        found = audit(cargo_audit, Path(scratch))
        if not any(entry[0] == "RUSTSEC-2099-0001" for entry in found):
            fail("the advisory step did not notice a made-up advisory against tokio: it checks nothing")
    print("advisory step notices a new advisory: ok")


def check_deny(cargo_deny: Path) -> None:
    run = subprocess.run(
        [str(cargo_deny), "--offline", "--locked", "check", "bans", "licenses", "sources"],
        cwd=REPO, check=False,
    )
    if run.returncode != 0:
        fail("cargo-deny refused the dependency graph (above): a license, a source or a duplicate "
             "major version deny.toml does not allow")


def main() -> None:
    if len(sys.argv) != 2:
        fail("usage: check-supply-chain.py TOOLS_BIN")
    tools = Path(sys.argv[1])
    cargo_audit, cargo_deny = tools / "cargo-audit", tools / "cargo-deny"
    for tool in (cargo_audit, cargo_deny):
        if not os.access(tool, os.X_OK):
            fail(f"{tool} is missing (scripts/lib/install.sh ensure_supply_chain_tools installs it)")
    accepted = accepted_advisories()
    check_advisories(cargo_audit, advisory_db(), accepted)
    check_the_check(cargo_audit)
    check_deny(cargo_deny)


if __name__ == "__main__":
    main()
