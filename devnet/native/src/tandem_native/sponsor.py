"""A test fee sponsor (resource provider) answering like the public one.

POST {base}/v1/resource_provider/request_transaction with {signer, packedTransaction}:
- 400 when the signer has enough CPU, NET and RAM of its own ("resources not required"),
  or when the request is malformed;
- 200 when it lacks CPU or NET only: the sponsor's no-op first (authorised by its co-sign
  permission, so it is the first authoriser and pays CPU/NET), then the original actions;
- 402 when it also lacks RAM: the no-op, a fee transfer from the signer to the fee account,
  the original actions, and a RAM purchase (payer the sponsor, receiver the signer) at the end.
The answer carries the transaction with hex action data and the sponsor's signature.

Tests can make it misbehave the ways a real service does (`Sponsor.behaviour`, set through the
devnet's `/_devnet/sponsor` control): answer 500, answer late, or tamper with its answer (a fee
above the wallet's cap), so the wallet's way out of a failing sponsor is tested end to end.
"""

from __future__ import annotations

import math

from . import codec
from .keys import sign_digest
from .node import CORE_SYMBOL, ChainError, DevChain

CPU_NEEDED_US = 2000
NET_NEEDED_BYTES = 1000
RAM_NEEDED_BYTES = 1024
RAM_TOPUP_BYTES = 2048
RAM_FEE_PERCENT_NUM, RAM_FEE_PERCENT_DEN = 5, 1000  # the system contract's 0.5 % RAM fee
FEE_MEMO = "TX FEE"
VERSION = 2


# How the sponsor behaves: as designed, or like a failing service (see the module's docstring).
BEHAVIOURS = ("normal", "fail", "slow", "tamper")
TAMPERED_FEE_UNITS = 10000  # 1.0000 TLOS: twenty times the wallet's 0.05 TLOS cap


def _chain_int(value: int | str) -> int:
    """An int64 of the chain's JSON: the node writes values beyond 32 bits as strings
    (`"available": "35864981163"`), and a CPU or NET limit gets there once the chain's elastic
    limits have grown for a while."""
    return int(value)


def _bad_request(message: str, error: str) -> tuple[int, dict]:
    return 400, {"code": 400, "message": message, "error": error}


def _asset(units: int) -> str:
    text = str(units).rjust(5, "0")
    return f"{text[:-4]}.{text[-4:]} {CORE_SYMBOL}"


class Sponsor:
    def __init__(self, chain: DevChain, config: dict):
        self.chain = chain
        self.account = config["account"]
        self.permission = config["cosignPermission"]
        self.fee_account = config["feeAccount"]
        self.noop = (config["noopContract"], config["noopAction"])
        self.private_key = config["privateKey"]
        self.behaviour = "normal"
        self.delay_seconds = 0.0

    def misbehave(self, behaviour: str, delay_seconds: float = 0.0) -> None:
        if behaviour not in BEHAVIOURS:
            raise ValueError(f"behaviour must be one of {', '.join(BEHAVIOURS)}")
        self.behaviour = behaviour
        self.delay_seconds = max(0.0, float(delay_seconds))

    def ram_cost_units(self, ram_bytes: int) -> int:
        """What `buyrambytes` will take for `ram_bytes`, from the Bancor RAM market, rounded up."""
        market = self.chain.table("eosio", "eosio", "rammarket")[0]
        base = int(market["base"]["balance"].split(" ")[0])
        quote = int(market["quote"]["balance"].split(" ")[0].replace(".", ""))
        cost = math.ceil(ram_bytes * quote / (base - ram_bytes))
        return cost + math.ceil(cost * RAM_FEE_PERCENT_NUM / RAM_FEE_PERCENT_DEN)

    def request(self, body: dict) -> tuple[int, dict]:
        try:
            signer = body["signer"]
            actor, permission = signer["actor"], signer.get("permission", "active")
            packed = body["packedTransaction"]
            if packed.get("compression") not in (None, 0, "none"):
                return _bad_request("Compressed transactions are not supported", "unsupported_compression")
            original = codec.Transaction.unpack(bytes.fromhex(packed["packed_trx"]))
        except (KeyError, TypeError, ValueError) as error:
            return _bad_request("Invalid request", f"invalid_request: {error}")
        if not any((actor, permission) in a.authorization for a in original.actions):
            return _bad_request("The signer does not authorise this transaction", "signer_not_in_transaction")
        try:
            account = self.chain.read("get_account", account_name=actor)
        except ChainError:
            return _bad_request(f"Unknown account {actor}", "unknown_account")

        cpu_short = 0 <= _chain_int(account["cpu_limit"]["available"]) < CPU_NEEDED_US
        net_short = 0 <= _chain_int(account["net_limit"]["available"]) < NET_NEEDED_BYTES
        ram_quota, ram_usage = _chain_int(account["ram_quota"]), _chain_int(account["ram_usage"])
        ram_short = ram_quota >= 0 and ram_quota - ram_usage < RAM_NEEDED_BYTES
        tampered = self.behaviour == "tamper"
        if not (cpu_short or net_short or ram_short or tampered):
            return _bad_request("Account does not require resources", "resources_not_required")

        cosign = [(self.account, self.permission)]
        actions = [codec.Action(self.noop[0], self.noop[1], cosign, b"")]
        fee_units = self.ram_cost_units(RAM_TOPUP_BYTES) if ram_short else 0
        if tampered:
            ram_short, fee_units = True, TAMPERED_FEE_UNITS
        if ram_short:
            fee = codec.pack_name(actor) + codec.pack_name(self.fee_account) \
                + codec.pack_asset(_asset(fee_units)) + codec.pack_bytes(FEE_MEMO.encode())
            actions.append(codec.Action("eosio.token", "transfer", [(actor, permission)], fee))
        actions.extend(original.actions)
        if ram_short:
            buy = codec.pack_name(self.account) + codec.pack_name(actor) + RAM_TOPUP_BYTES.to_bytes(4, "little")
            actions.append(codec.Action("eosio", "buyrambytes", cosign, buy))

        sponsored = codec.Transaction(original.expiration, original.ref_block_num, original.ref_block_prefix,
                                      actions, original.context_free_actions)
        signature = sign_digest(sponsored.signing_digest(self.chain.chain_id), self.private_key)
        data = {"request": ["transaction", sponsored.to_json()], "signatures": [signature], "version": VERSION}
        if not ram_short:
            return 200, {"code": 200, "data": data}
        data["costs"] = {"cpu": _asset(0), "net": _asset(0), "ram": _asset(fee_units)}
        data["fee"] = _asset(fee_units)
        return 402, {"code": 402, "message": f"Fee of {_asset(fee_units)} required for resources", "data": data}
