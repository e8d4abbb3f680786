"""What an outside client does: HTTP calls, and transactions built and signed in this process
(pure Python, no chain library), then pushed through the devnet's HTTP API."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

from tandem_native import codec
from tandem_native.keys import sign_transaction


def _decoded(raw: bytes) -> dict | str:
    try:
        return json.loads(raw)
    except json.JSONDecodeError:  # a failing service may answer plain text
        return raw.decode(errors="replace")


def call(url: str, body: dict | None = None, method: str | None = None, timeout: float = 10) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method or ("POST" if data is not None else "GET"),
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, _decoded(response.read())
    except urllib.error.HTTPError as error:
        return error.code, _decoded(error.read())


class Client:
    def __init__(self, manifest: dict):
        self.manifest = manifest
        self.rpc = manifest["rpcUrl"]
        self.history = manifest["historyUrl"]

    def chain(self, name: str, body: dict | None = None) -> tuple[int, dict]:
        return call(f"{self.rpc}/v1/chain/{name}", body if body is not None else {})

    def history_v1(self, name: str, body: dict) -> tuple[int, dict]:
        return call(f"{self.history}/v1/history/{name}", body)

    def ok(self, name: str, body: dict | None = None) -> dict:
        status, answer = self.chain(name, body)
        assert status == 200, answer
        return answer

    def hyperion(self, path: str, **params) -> tuple[int, dict]:
        query = "&".join(f"{k}={v}" for k, v in params.items())
        return call(f"{self.history}/{path}?{query}")

    def balance(self, contract: str, account: str, symbol: str) -> str:
        rows = self.ok("get_currency_balance", {"code": contract, "account": account, "symbol": symbol})
        return rows[0] if rows else f"0 {symbol}"

    def key_of(self, account: str, permission: str = "active") -> str:
        return next(a["privateKey"] for a in self.manifest["accounts"]
                    if a["name"] == account and a["permission"] == permission)

    def new_transaction(self, actions: list[codec.Action], lifetime_s: int = 60) -> codec.Transaction:
        info = self.ok("get_info")
        ref_num, ref_prefix = codec.tapos_from_block_id(info["head_block_id"])
        head = datetime.strptime(info["head_block_time"][:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
        expiration = int((head + timedelta(seconds=lifetime_s)).timestamp())
        return codec.Transaction(expiration, ref_num, ref_prefix, actions)

    def control(self, what: str, body: dict) -> dict:
        """The devnet's test controls (`/_devnet/sponsor`, `/_devnet/blocks`)."""
        status, answer = call(f"{self.rpc}/_devnet/{what}", body)
        assert status == 200, answer
        return answer

    def push(self, trx: codec.Transaction, signatures: list[str]) -> tuple[int, dict]:
        return self.chain("push_transaction", {"signatures": signatures, "compression": 0,
                                               "packed_context_free_data": "", "packed_trx": trx.pack().hex()})

    def sign(self, trx: codec.Transaction, *wifs: str) -> list[str]:
        return sign_transaction(trx, self.manifest["chainId"], list(wifs))


def transfer_action(sender: str, to: str, quantity: str, memo: str = "", permission: str = "active",
                    contract: str = "eosio.token") -> codec.Action:
    data = codec.pack_name(sender) + codec.pack_name(to) + codec.pack_asset(quantity) + codec.pack_bytes(memo.encode())
    return codec.Action(contract, "transfer", [(sender, permission)], data)


def asset_units(quantity: str) -> int:
    return int(quantity.split(" ")[0].replace(".", ""))
