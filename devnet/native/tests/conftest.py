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
    folder = tmp_path_factory.mktemp("native")
    manifest_path = folder / "manifest.json"
    # The devnet's stderr goes to a file, so a devnet that fails to start says why.
    errors = (folder / "stderr.log").open("w")
    process = subprocess.Popen([str(RUN), "--manifest", str(manifest_path)],
                               stdout=subprocess.PIPE, stderr=errors, text=True)
    try:
        deadline = time.monotonic() + 60
        while not manifest_path.exists():
            if process.poll() is not None:
                errors.flush()
                said = (folder / "stderr.log").read_text()[-3000:]
                raise AssertionError(f"devnet exited with {process.returncode}:\n{said}")
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
        finally:
            errors.close()
    assert code == 0, f"devnet exit code {code} after SIGTERM"
