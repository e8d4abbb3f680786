"""The devnet EVM relay (DEVNET ONLY): carries each move between a Telos account's native half
(`eosio.evm` on this chain) and its EVM half (the EVM devnet, anvil), as the Telos EVM does on
Telos, where both halves are one contract.

- A deposit (an `eosio.token::transfer` to eosio.evm that the contract accepted) becomes, on
  anvil, a transaction of quantity × 10^14 wei to the credited address, from the sender's reserved
  address (RESERVED_PREFIX + the name's 64-bit value as 16 hex digits), impersonated and topped up.
- A withdrawal (`eosio.evm::withdraw` accepted) becomes a transaction of the quantity from the linked
  address (impersonated) to the reserved address of `to`; the gas it cost is given back, so the
  linked address's balance falls by exactly the quantity.
- The mirror: each row's native `balance` follows its address's anvil balance through the contract's
  devnet-only `devsetbal`, a compare-and-set, so a mirror write never overwrites a move that
  landed natively after the row was read (it is tried again the next round).

Moves are taken from the executed traces in execution (block) order, each carried once (a cursor
into the list). Everything runs on the event loop, the chain's thread; only the JSON-RPC calls to
anvil run on worker threads. Started and stopped over HTTP (`POST /_devnet/evm-relay`).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.request
from dataclasses import dataclass
from typing import Callable

from .codec import name_to_u64
from .node import ChainError, DevChain

RESERVED_PREFIX = "0x" + "bb" * 12
POLL_SECONDS = 0.2
WEI_PER_UNIT = 10 ** 14  # 1 TLOS = 10^18 wei; a quantity has 4 decimals
GAS_ALLOWANCE = 10 ** 18  # lent to a sender for the gas of one move, taken back after it
RPC_TIMEOUT_SECONDS = 10
STOP_WAIT_SECONDS = 2 * RPC_TIMEOUT_SECONDS
IGNORED_SENDERS = {"eosio.evm", "eosio", "eosio.ram", "eosio.stake"}  # as the contract ignores them
ADDRESS_MEMO = re.compile(r"^0x[0-9a-fA-F]{40}$")


def reserved_address(account: str) -> str:
    return f"{RESERVED_PREFIX}{name_to_u64(account):016x}"


@dataclass(frozen=True)
class Move:
    kind: str  # "deposit" | "withdraw"
    account: str  # the depositor, or whom a withdrawal pays
    address: str  # 0x + 40 lower-case hex digits: credited, or debited
    quantity: str  # "12.5000 TLOS"
    block_num: int
    seen_at: float  # time.monotonic() when the trace was recorded

    def describe(self) -> str:
        if self.kind == "deposit":
            return f"deposit {self.quantity} from {self.account} to {self.address}"
        return f"withdraw {self.quantity} from {self.address} to {self.account}"

    @property
    def wei(self) -> int:
        return int(self.quantity.split(" ")[0].replace(".", "")) * WEI_PER_UNIT


class EvmRelay:
    def __init__(self, chain: DevChain, log: Callable[[str], None] = lambda line: print(line, flush=True)):
        self.chain = chain
        self.log = log
        self.moves: list[Move] = []
        self.cursor = 0  # moves[:cursor] have been carried
        self.evm_rpc: str | None = None
        self._task: asyncio.Task | None = None
        self._stopping = asyncio.Event()
        self._last_error = ""

    # --- seeing moves (called with every executed trace, on the chain's thread) ---

    def observe(self, trace: dict) -> None:
        for at in trace.get("action_traces", []):
            act = at["act"]
            if at["receiver"] != "eosio.evm":
                continue
            if (act["account"], act["name"]) == ("eosio.token", "transfer"):
                self._deposit(trace, act)
            elif (act["account"], act["name"]) == ("eosio.evm", "withdraw"):
                data = self.chain.unpack_action_data("eosio.evm", "withdraw", act["data"])
                if not isinstance(data, dict):
                    continue
                address = self._linked_address(data["to"])
                self._add(Move("withdraw", data["to"], address, data["quantity"], trace.get("block_num", 0),
                               time.monotonic()))

    def _deposit(self, trace: dict, act: dict) -> None:
        data = self.chain.unpack_action_data("eosio.token", "transfer", act["data"])
        if not isinstance(data, dict) or data["from"] in IGNORED_SENDERS or data["to"] != "eosio.evm":
            return
        memo = data["memo"]
        address = memo.lower() if ADDRESS_MEMO.match(memo) else self._linked_address(data["from"])
        self._add(Move("deposit", data["from"], address, data["quantity"], trace.get("block_num", 0),
                       time.monotonic()))

    def _add(self, move: Move) -> None:
        if move.address:
            self.moves.append(move)

    def _linked_address(self, account: str) -> str:
        # The contract accepted the move, so the row exists; a linked row never changes address.
        rows = self.chain.table("eosio.evm", "eosio.evm", "account", index_position="3", key_type="name",
                                lower_bound=account, upper_bound=account)
        return "0x" + rows[0]["address"] if rows else ""

    # --- start and stop ---

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def start(self, evm_rpc: str) -> None:
        """Starts carrying to the anvil at `evm_rpc` (from the cursor on: moves made before the
        start, the seed's deposits included, are carried first). Raises OSError/ValueError when
        that URL does not answer as an EVM node."""
        await self.stop()
        await asyncio.to_thread(_rpc, evm_rpc, "eth_chainId", [])
        self.evm_rpc = evm_rpc
        self._stopping = asyncio.Event()
        self._task = asyncio.create_task(self._run())
        self.log(f"devnet EVM relay started: carrying moves to {evm_rpc}")

    async def stop(self) -> None:
        """Stops after the move being carried, so no sender keeps a gas allowance or stays
        impersonated; cancels the loop only if anvil keeps it waiting."""
        if self._task is not None:
            self._stopping.set()
            try:
                await asyncio.wait_for(self._task, STOP_WAIT_SECONDS)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                pass
            self._task = None
            self.log("devnet EVM relay stopped")

    def status(self) -> dict:
        return {"running": self.running, "evmRpcUrl": self.evm_rpc if self.running else None,
                "carried": self.cursor, "pending": len(self.moves) - self.cursor,
                "reservedPrefix": RESERVED_PREFIX}

    # --- the loop ---

    async def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                await self._round()
                self._last_error = ""
            except asyncio.CancelledError:
                raise
            except Exception as error:  # anvil away or refusing: said once, tried again next round
                said = f"devnet EVM relay: {type(error).__name__}: {error}"
                if said != self._last_error:
                    self.log(said + " (trying again)")
                    self._last_error = said
            try:
                await asyncio.wait_for(self._stopping.wait(), POLL_SECONDS)
            except asyncio.TimeoutError:
                pass

    async def _round(self) -> None:
        while self.cursor < len(self.moves) and not self._stopping.is_set():
            move = self.moves[self.cursor]
            started = time.monotonic()
            tx = await (self._carry_deposit(move) if move.kind == "deposit" else self._carry_withdraw(move))
            self.cursor += 1
            carried_ms = round((time.monotonic() - started) * 1000)
            since_ms = round((time.monotonic() - move.seen_at) * 1000)
            self.log(f"devnet EVM relay: {move.describe()} (native block {move.block_num}) carried by EVM tx {tx} "
                     f"in {carried_ms} ms, {since_ms} ms after it executed")
        if not self._stopping.is_set():
            await self._mirror()

    async def _rpc(self, method: str, params: list):
        assert self.evm_rpc is not None
        return await asyncio.to_thread(_rpc, self.evm_rpc, method, params)

    async def _balance(self, address: str) -> int:
        return int(await self._rpc("eth_getBalance", [address, "latest"]), 16)

    async def _send(self, sender: str, to: str, wei: int) -> tuple[str, int]:
        """A value transfer from the impersonated `sender`: (hash, gas cost in wei)."""
        await self._rpc("anvil_impersonateAccount", [sender])
        try:
            tx = await self._rpc("eth_sendTransaction", [{"from": sender, "to": to, "value": hex(wei)}])
            receipt = None
            for _ in range(50):  # anvil mines at once; a receipt may still take a moment
                receipt = await self._rpc("eth_getTransactionReceipt", [tx])
                if receipt:
                    break
                await asyncio.sleep(0.02)
            if not receipt or receipt.get("status") != "0x1":
                raise RuntimeError(f"EVM transaction {tx} failed: {receipt}")
            return tx, int(receipt["gasUsed"], 16) * int(receipt["effectiveGasPrice"], 16)
        finally:
            await self._rpc("anvil_stopImpersonatingAccount", [sender])

    async def _carry_deposit(self, move: Move) -> str:
        sender = reserved_address(move.account)
        if await self._balance(sender) < move.wei + GAS_ALLOWANCE:  # a reserved address is topped up as needed
            await self._rpc("anvil_setBalance", [sender, hex(move.wei + 100 * GAS_ALLOWANCE)])
        tx, _gas = await self._send(sender, move.address, move.wei)
        return tx

    async def _carry_withdraw(self, move: Move) -> str:
        before = await self._balance(move.address)
        wei = move.wei
        if before < wei:
            # Spent on the EVM side after the mirror's last write and before the withdrawal:
            # Telos would have refused it; here the native side has paid, so take what is there.
            self.log(f"devnet EVM relay: {move.address} holds {before} wei on the EVM devnet, less than the "
                     f"{wei} withdrawn natively; debiting what it holds")
            wei = before
        await self._rpc("anvil_setBalance", [move.address, hex(before + GAS_ALLOWANCE)])
        tx, gas = await self._send(move.address, reserved_address(move.account), wei)
        after = await self._balance(move.address)
        await self._rpc("anvil_setBalance", [move.address, hex(max(after + gas - GAS_ALLOWANCE, 0))])
        return tx

    async def _mirror(self) -> None:
        """Each row's native balance := its address's anvil balance, by compare-and-set."""
        moves_seen = len(self.moves)
        rows = self.chain.table("eosio.evm", "eosio.evm", "account")  # same loop step as the check above
        balances = await asyncio.gather(*(self._balance("0x" + row["address"]) for row in rows))
        if len(self.moves) != moves_seen:
            return  # a move landed meanwhile: carry it first
        for row, balance in zip(rows, balances):
            if int(row["balance"], 16) == balance:
                continue
            try:
                self.chain.push(self.chain.action("eosio.evm", "devsetbal", {
                    "address": row["address"], "expected": row["balance"], "balance": f"{balance:064x}"},
                    "eosio.evm@active"))
            except ChainError:
                pass  # the row changed since it was read (a move): read again next round


def _rpc(url: str, method: str, params: list):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
    request = urllib.request.Request(url, data=body, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=RPC_TIMEOUT_SECONDS) as response:
        answer = json.loads(response.read())
    if "error" in answer:
        raise RuntimeError(f"{method}: {answer['error'].get('message', answer['error'])}")
    return answer["result"]
