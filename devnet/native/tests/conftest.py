"""Each test module gets its own devnet (boot + seed take about a second), started the way the
stack starts it (run.sh), on a free port, and stopped with SIGTERM at the end."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from devnet_client import Client, call

HERE = Path(__file__).resolve().parent
RUN = HERE.parent / "run.sh"


@pytest.fixture(scope="module")
def devnet(tmp_path_factory):
    manifest_path = tmp_path_factory.mktemp("native") / "manifest.json"
    process = subprocess.Popen([str(RUN), "--manifest", str(manifest_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + 60
        while not manifest_path.exists():
            assert process.poll() is None, f"devnet exited with {process.returncode}"
            assert time.monotonic() < deadline, "devnet did not write its manifest in 60 s"
            time.sleep(0.05)
        manifest = json.loads(manifest_path.read_text())
        status, _ = call(f"{manifest['rpcUrl']}/v1/chain/get_info", {})
        assert status == 200
        yield Client(manifest)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            code = process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise
    assert code == 0, f"devnet exit code {code} after SIGTERM"
