"""The devnet EVM relay against a real anvil (devnet/evm's npm `@foundry-rs/anvil`): each move made
on the native chain shows on the EVM devnet as a real transaction, exactly, and the native table
follows the EVM balances."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from tandem_native import codec

from devnet_client import asset_units, call, transfer_action

REPO = Path(__file__).resolve().parents[3]
ANVIL = REPO / "devnet" / "evm" / "node_modules" / "@foundry-rs" / "anvil-linux-amd64" / "bin" / "anvil"
# anvil's first well-known development account (public test key material), used to send TLOS on the EVM side.
DEV_ACCOUNT = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"
RESERVED_PREFIX = "0x" + "bb" * 12
WEI_PER_UNIT = 10 ** 14
MOVE_DEADLINE_S = 10  # a move shows within 100-200 ms (printed); slack for a loaded 2-core machine


@pytest.fixture(scope="module")
def anvil():
    assert ANVIL.exists(), f"{ANVIL} is missing: run `npm ci` in devnet/evm"
    process = subprocess.Popen([str(ANVIL), "--host", "127.0.0.1", "--port", "0", "--chain-id", "41"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = None
        deadline = time.monotonic() + 30
        while url is None:
            line = process.stdout.readline()
            assert line or process.poll() is None, "anvil exited before listening"
            match = re.search(r"Listening on (127\.0\.0\.1:\d+)", line)
            if match:
                url = f"http://{match[1]}"
            assert time.monotonic() < deadline, "anvil did not listen within 30 s"
        # Keep draining its output so the pipe never fills.
        threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
        yield url
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def rpc(url: str, method: str, *params):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": list(params)}).encode()
    request = urllib.request.Request(url, data=body, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        answer = json.loads(response.read())
    assert "error" not in answer, answer
    return answer["result"]


def evm_balance(url: str, address: str) -> int:
    return int(rpc(url, "eth_getBalance", address, "latest"), 16)


def reserved(account: str) -> str:
    return f"{RESERVED_PREFIX}{codec.name_to_u64(account):016x}"


def row_wei(devnet, address: str) -> int | None:
    key = "0" * 24 + address.lower().removeprefix("0x")
    rows = devnet.ok("get_table_rows", {"json": True, "code": "eosio.evm", "scope": "eosio.evm", "table": "account",
                                        "index_position": "2", "key_type": "sha256", "lower_bound": key,
                                        "upper_bound": key})["rows"]
    return int(rows[0]["balance"], 16) if rows else None


def wait_for(what: str, check, deadline_s: float = MOVE_DEADLINE_S) -> float:
    """Polls `check` every 20 ms; returns the seconds it took to hold."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < deadline_s, f"{what}: not within {deadline_s} s"
        time.sleep(0.02)
    return time.monotonic() - started


def push(devnet, actions, signer: str) -> dict:
    trx = devnet.new_transaction(actions)
    status, body = devnet.push(trx, devnet.sign(trx, devnet.key_of(signer)))
    assert status == 202, body
    return body


def relay(devnet, evm_rpc: str | None) -> dict:
    status, body = call(devnet.manifest["evmRelay"]["controlUrl"], {"evmRpcUrl": evm_rpc})
    assert status == 200, body
    return body


def test_the_relay_starts_only_toward_an_answering_evm_node(devnet):
    status, body = call(devnet.manifest["evmRelay"]["controlUrl"], {"evmRpcUrl": "http://127.0.0.1:9"})
    assert status == 400 and "does not answer eth_chainId" in body["error"], body
    status, body = call(devnet.manifest["evmRelay"]["controlUrl"], {"evmRpcUrl": 42})
    assert status == 400, body
    assert call(devnet.manifest["evmRelay"]["controlUrl"])[1]["running"] is False


def test_the_seed_deposit_is_carried_once_the_relay_starts(devnet, anvil):
    linked = devnet.manifest["seeded"]["evmLinks"][0]["address"].lower()
    assert evm_balance(anvil, linked) == 0
    status = relay(devnet, anvil)
    assert status["running"] is True and status["reservedPrefix"] == RESERVED_PREFIX
    wait_for("the seed's 25 TLOS on anvil", lambda: evm_balance(anvil, linked) == 25 * 10 ** 18)
    # The mirror leaves the matching row as it is.
    assert row_wei(devnet, linked) == 25 * 10 ** 18


def test_a_deposit_shows_on_anvil_exactly_from_the_reserved_address(devnet, anvil):
    recipient = "0x" + "5e" * 20
    alice_before = asset_units(devnet.balance("eosio.token", "alice", "TLOS"))
    # What the wallet does for a recipient without a row: openwallet, then the transfer, in one transaction.
    body = push(devnet, [
        codec.Action("eosio.evm", "openwallet", [("alice", "active")],
                     codec.pack_name("alice") + bytes.fromhex(recipient[2:])),
        transfer_action("alice", "eosio.evm", "12.5000 TLOS", recipient)], "alice")
    took = wait_for("+12.5 TLOS on anvil", lambda: evm_balance(anvil, recipient) == 12_500_000_000_000_000_000)
    print(f"deposit shown on anvil {took * 1000:.0f} ms after the native transaction {body['transaction_id']}")
    assert alice_before - asset_units(devnet.balance("eosio.token", "alice", "TLOS")) == 125000
    block = rpc(anvil, "eth_getBlockByNumber", "latest", True)
    [tx] = [t for t in block["transactions"] if t["to"] == recipient]
    assert tx["from"] == reserved("alice") == "0xbbbbbbbbbbbbbbbbbbbbbbbb345c850000000000"
    assert int(tx["value"], 16) == 12_500_000_000_000_000_000
    assert row_wei(devnet, recipient) == 12_500_000_000_000_000_000


def test_a_withdrawal_debits_the_linked_address_on_anvil_exactly(devnet, anvil):
    linked = devnet.manifest["seeded"]["evmLinks"][0]["address"].lower()
    evm_before = evm_balance(anvil, linked)
    alice_before = asset_units(devnet.balance("eosio.token", "alice", "TLOS"))
    push(devnet, [codec.Action("eosio.evm", "withdraw", [("alice", "active")],
                               codec.pack_name("alice") + codec.pack_asset("10.0000 TLOS"))], "alice")
    assert asset_units(devnet.balance("eosio.token", "alice", "TLOS")) - alice_before == 100000
    took = wait_for("-10 TLOS on anvil", lambda: evm_balance(anvil, linked) == evm_before - 10 * 10 ** 18)
    print(f"withdrawal shown on anvil {took * 1000:.0f} ms after the native transaction")
    block = rpc(anvil, "eth_getBlockByNumber", "latest", True)
    [tx] = [t for t in block["transactions"] if t["from"] == linked]
    assert tx["to"] == reserved("alice") and int(tx["value"], 16) == 10 * 10 ** 18
    time.sleep(0.5)  # a few mirror rounds: nothing drifts
    assert evm_balance(anvil, linked) == evm_before - 10 * 10 ** 18
    assert row_wei(devnet, linked) == evm_before - 10 * 10 ** 18


def test_the_native_table_follows_evm_side_transfers(devnet, anvil):
    linked = devnet.manifest["seeded"]["evmLinks"][0]["address"].lower()
    before = evm_balance(anvil, linked)
    tx = rpc(anvil, "eth_sendTransaction", {"from": DEV_ACCOUNT, "to": linked, "value": hex(3 * 10 ** 18)})
    wait_for("the EVM-side transfer mined", lambda: rpc(anvil, "eth_getTransactionReceipt", tx) is not None)
    assert evm_balance(anvil, linked) == before + 3 * 10 ** 18
    took = wait_for("the mirror's write", lambda: row_wei(devnet, linked) == before + 3 * 10 ** 18)
    print(f"EVM-side transfer mirrored natively in {took * 1000:.0f} ms")
    # So alice can withdraw it, and the relay debits it.
    push(devnet, [codec.Action("eosio.evm", "withdraw", [("alice", "active")],
                               codec.pack_name("alice") + codec.pack_asset("18.0000 TLOS"))], "alice")
    wait_for("-18 TLOS on anvil", lambda: evm_balance(anvil, linked) == before + 3 * 10 ** 18 - 18 * 10 ** 18)


def test_stopping_the_relay_stops_carrying(devnet, anvil):
    status = relay(devnet, None)
    assert status["running"] is False and status["pending"] == 0
    linked = devnet.manifest["seeded"]["evmLinks"][0]["address"].lower()
    before = evm_balance(anvil, linked)
    push(devnet, [transfer_action("alice", "eosio.evm", "1.0000 TLOS")], "alice")
    time.sleep(0.6)
    assert evm_balance(anvil, linked) == before  # not carried while stopped
    assert call(devnet.manifest["evmRelay"]["controlUrl"])[1]["pending"] == 1
    relay(devnet, anvil)  # started again: carried from the cursor, once
    wait_for("+1 TLOS on anvil", lambda: evm_balance(anvil, linked) == before + 10 ** 18)
    time.sleep(0.5)
    assert evm_balance(anvil, linked) == before + 10 ** 18
    relay(devnet, None)
