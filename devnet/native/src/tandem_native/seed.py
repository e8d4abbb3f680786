"""Deterministic seeding: accounts with real (staked, bought) resources, three tokens, a profile,
REX, a linked permission, an msig proposal, child accounts, and the fee sponsor.

The expected facts written to the manifest come from this plan, not from reading the chain back,
so the tests compare the chain against what was meant to happen.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone

from .codec import name_to_u64
from .keccak import checksum_address
from .keys import KeyPair
from .node import CORE_SYMBOL, DevChain

TLOS = CORE_SYMBOL
# name: (RAM bytes bought by eosio, NET stake, CPU stake); stakes are transferred to the account.
FUNDED_ACCOUNTS = {
    "alice": (16384, "10.0000", "10.0000"),
    "bob": (16384, "5.0000", "5.0000"),
    "carol": (32768, "5.0000", "5.0000"),
    "greymassfuel": (1048576, "1000.0000", "1000.0000"),
    "greymassnoop": (65536, "1.0000", "1.0000"),
    "fuel.gm": (8192, "1.0000", "1.0000"),
    "profiles": (131072, "1.0000", "1.0000"),
    "token.seeds": (393216, "1.0000", "1.0000"),
    "tandemtokens": (393216, "1.0000", "1.0000"),
    "eosio.evm": (131072, "1.0000", "1.0000"),
    # An exchange-like deposit account (one account, users told apart by memo): the devnet's
    # memo-required list (devnet/native/memo-required.txt) names it, so a transfer to it
    # without a memo warns in the wallet.
    "exchange.dev": (8192, "1.0000", "1.0000"),
}
# alice gets 25 more than the 900 she keeps liquid: she deposits them to her EVM half (EVM_DEPOSITS).
LIQUID_TLOS = {"alice": "1025.0000", "bob": "250.0000", "carol": "100.0000", "greymassfuel": "10000.0000"}
OTHER_TOKENS = [  # contract, maximum supply, transfers from the issuer
    ("token.seeds", "100000000.0000 SEEDS", {"alice": "500.0000", "bob": "25.5000"}),
    ("tandemtokens", "21000000.00000000 TDM", {"alice": "12.34567890", "bob": "0.00000001"}),
]
# Children of carol: name -> (RAM bytes carol buys for it, TLOS carol sends). Neither is staked,
# so both need the fee sponsor; kid2 has so little free RAM that the sponsor must also buy RAM.
CHILDREN = {"kid1.carol": (8192, "5.0000"), "kid2.carol": (2500, "1.0000")}
PROFILE = {"account_name": "alice", "display_name": "Alice Devnet", "avatar": "https://example.invalid/alice.png",
           "bio": "Seeded by the Tandem native devnet", "status": "testing"}
REX_DEPOSIT, REX_BUY = "100.0000", "60.0000"
PRODUCER = {"producer": "carol", "url": "https://carol.example.invalid"}
PROPOSAL = {"proposer": "alice", "proposal_name": "sendbob", "amount": "1.0000"}
# Native accounts that `eosio.evm::create` links to a new keyless EVM address (as Telos links
# them), and what each deposits to it (memo empty: the sender's linked row), which the devnet EVM
# relay carries to the EVM devnet once the stack starts it.
EVM_LINKED = ["alice"]
EVM_DEPOSITS = {"alice": "25.0000"}
# Rows `openwallet` opens for an address and links to nobody (payer -> address), as a depositor's
# wallet opens one for a recipient: a row that holds a balance but names no native account.
EVM_OPENED = {"carol": "0x" + "e0" * 20}
# eosio.evm's TLOS float, from eosio (whose transfers the deposit handler ignores): what withdrawals pay out.
EVM_FLOAT = "100000.0000"
# The relay's EVM-side sender for an account: this prefix + the account name's 64-bit value (16 hex digits).
EVM_RESERVED_PREFIX = "0x" + "bb" * 12
SPONSOR = {"account": "greymassfuel", "cosignPermission": "cosign", "feeAccount": "fuel.gm",
           "noopContract": "greymassnoop", "noopAction": "noop"}
USER_ACCOUNTS = ["alice", "bob", "carol", *CHILDREN]
# The exchange-like account (above) that needs a memo on every deposit.
MEMO_REQUIRED = {"account": "exchange.dev", "label": "Devnet Exchange (deposits)"}


def key_of(label: str) -> KeyPair:
    return KeyPair.derive(label)


def _authority(public_key: str) -> dict:
    return {"threshold": 1, "keys": [{"key": public_key, "weight": 1}], "accounts": [], "waits": []}


def keyless_address(account: str, data: str = "") -> str:
    """The address `eosio.evm::create(account, data)` makes here: the last 20 bytes of
    sha256(the name's 8 bytes as serialized, then data). The devnet's own rule (evm.wat). EIP-55
    checksummed, as wallets show addresses."""
    digest = hashlib.sha256(name_to_u64(account).to_bytes(8, "little") + data.encode()).digest()
    return checksum_address(digest[-20:].hex())


def _units(amount: str) -> int:
    return int(amount.replace(".", ""))


def _format(units: int, precision: int) -> str:
    text = str(units).rjust(precision + 1, "0")
    return f"{text[:-precision]}.{text[-precision:]}" if precision else text


class Seeder:
    def __init__(self, chain: DevChain):
        self.chain = chain
        self.balances: dict[tuple[str, str, str], int] = {}  # (account, contract, symbol) -> units
        self.precisions: dict[str, int] = {TLOS: 4}

    def _credit(self, account: str, contract: str, quantity: str) -> None:
        amount, symbol = quantity.split(" ")
        self.precisions[symbol] = len(amount.partition(".")[2])
        key = (account, contract, symbol)
        self.balances[key] = self.balances.get(key, 0) + _units(amount)

    def transfer(self, contract: str, sender: str, to: str, quantity: str, memo: str = "") -> None:
        self.chain.push(self.chain.action(contract, "transfer",
                                          {"from": sender, "to": to, "quantity": quantity, "memo": memo},
                                          f"{sender}@active"))
        self._credit(sender, contract, "-" + quantity)
        self._credit(to, contract, quantity)

    def new_account(self, creator: str, name: str, ram: int, net: str | None = None, cpu: str | None = None):
        pair = key_of(name)
        self.chain.import_key(pair)
        c = self.chain
        actions = [
            c.action("eosio", "newaccount", {"creator": creator, "name": name, "owner": _authority(pair.public_key),
                                             "active": _authority(pair.public_key)}, f"{creator}@active"),
            c.action("eosio", "buyrambytes", {"payer": creator, "receiver": name, "bytes": ram}, f"{creator}@active"),
        ]
        if net is not None:
            actions.append(c.action("eosio", "delegatebw", {
                "from": creator, "receiver": name, "stake_net_quantity": f"{net} {TLOS}",
                "stake_cpu_quantity": f"{cpu} {TLOS}", "transfer": 1}, f"{creator}@active"))
        c.push(*actions)

    def add_permission(self, account: str, permission: str, links: list[tuple[str, str]]) -> KeyPair:
        pair = key_of(f"{account}/{permission}")
        self.chain.import_key(pair)
        c = self.chain
        c.push(c.action("eosio", "updateauth", {"account": account, "permission": permission, "parent": "active",
                                                "auth": _authority(pair.public_key)}, f"{account}@active"))
        for code, action in links:
            c.push(c.action("eosio", "linkauth", {"account": account, "code": code, "type": action,
                                                  "requirement": permission}, f"{account}@active"))
        return pair

    def seed_evm(self) -> None:
        """eosio.evm: the contract, eosio.code on its active permission (withdrawals pay by an
        inline transfer), its TLOS float, the linked keyless addresses and their deposits."""
        c = self.chain
        c.deploy_wat("eosio.evm", "evm")
        authority = _authority(key_of("eosio.evm").public_key)
        authority["accounts"] = [{"permission": {"actor": "eosio.evm", "permission": "eosio.code"}, "weight": 1}]
        c.push(c.action("eosio", "updateauth", {"account": "eosio.evm", "permission": "active", "parent": "owner",
                                                "auth": authority}, "eosio.evm@active"))
        self.transfer("eosio.token", "eosio", "eosio.evm", f"{EVM_FLOAT} {TLOS}", "eosio.evm float")
        for account in EVM_LINKED:
            c.push(c.action("eosio.evm", "create", {"account": account, "data": ""}, f"{account}@active"))
        for payer, address in EVM_OPENED.items():
            c.push(c.action("eosio.evm", "openwallet", {"account": payer, "address": address[2:]}, f"{payer}@active"))
        for account, amount in EVM_DEPOSITS.items():
            self.transfer("eosio.token", account, "eosio.evm", f"{amount} {TLOS}")

    def run(self) -> dict:
        c = self.chain
        for name, (ram, net, cpu) in FUNDED_ACCOUNTS.items():
            self.new_account("eosio", name, ram, net, cpu)
        c.produce_block()
        for name, amount in LIQUID_TLOS.items():
            self.transfer("eosio.token", "eosio", name, f"{amount} {TLOS}")

        for contract, supply, transfers in OTHER_TOKENS:
            c.deploy_reference(contract, "eosio.token")
            symbol = supply.split(" ")[1]
            c.push(c.action(contract, "create", {"issuer": contract, "maximum_supply": supply}))
            issued = _format(sum(_units(a) for a in transfers.values()), len(supply.split(" ")[0].partition(".")[2]))
            c.push(c.action(contract, "issue", {"to": contract, "quantity": f"{issued} {symbol}", "memo": "seed"}))
            self._credit(contract, contract, f"{issued} {symbol}")
            for to, amount in transfers.items():
                self.transfer(contract, contract, to, f"{amount} {symbol}", "seed")
        c.produce_block()

        c.deploy_wat("profiles", "profiles")
        c.push(c.action("profiles", "setprofile", PROFILE, "alice@active"))
        self.seed_evm()

        # REX: buying REX needs a vote or a proxy; bob is alice's proxy.
        c.push(c.action("eosio", "regproxy", {"proxy": "bob", "isproxy": True}, "bob@active"))
        c.push(c.action("eosio", "voteproducer", {"voter": "alice", "proxy": "bob", "producers": []}, "alice@active"))
        c.push(c.action("eosio", "deposit", {"owner": "alice", "amount": f"{REX_DEPOSIT} {TLOS}"}, "alice@active"))
        self._credit("alice", "eosio.token", f"-{REX_DEPOSIT} {TLOS}")
        c.push(c.action("eosio", "buyrex", {"from": "alice", "amount": f"{REX_BUY} {TLOS}"}, "alice@active"))
        # carol registers as a block producer. Nobody votes for her: a producer with votes would
        # join the schedule, and only eosio's key signs blocks here.
        c.push(c.action("eosio", "regproducer", {"producer": PRODUCER["producer"], "producer_key": key_of("carol").public_key,
                                                 "url": PRODUCER["url"], "location": 0}, "carol@active"))
        c.produce_block()

        transfer_key = self.add_permission("alice", "transfer", [("eosio.token", "transfer")])
        cosign_key = self.add_permission("greymassfuel", "cosign", [("greymassnoop", "noop"), ("eosio", "buyrambytes")])
        c.deploy_wat("greymassnoop", "noop")

        expiration = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=30)
        proposed = {"expiration": expiration.strftime("%Y-%m-%dT%H:%M:%S"), "ref_block_num": 0,
                    "ref_block_prefix": 0, "max_net_usage_words": 0, "max_cpu_usage_ms": 0, "delay_sec": 0,
                    "context_free_actions": [], "transaction_extensions": [],
                    "actions": [c.action("eosio.token", "transfer", {
                        "from": "alice", "to": "bob", "quantity": f"{PROPOSAL['amount']} {TLOS}", "memo": "msig"},
                        "alice@active")]}
        c.push(c.action("eosio.msig", "propose", {
            "proposer": "alice", "proposal_name": PROPOSAL["proposal_name"],
            "requested": [{"actor": "alice", "permission": "active"}, {"actor": "bob", "permission": "active"}],
            "trx": proposed}, "alice@active"))
        c.push(c.action("eosio.msig", "approve", {
            "proposer": "alice", "proposal_name": PROPOSAL["proposal_name"],
            "level": {"actor": "bob", "permission": "active"}}, "bob@active"))

        for child, (ram, amount) in CHILDREN.items():
            self.new_account("carol", child, ram)
            self.transfer("eosio.token", "carol", child, f"{amount} {TLOS}")
        c.produce_block()
        return self.facts(transfer_key, cosign_key, expiration)

    def facts(self, transfer_key: KeyPair, cosign_key: KeyPair, expiration: datetime) -> dict:
        accounts = [{"name": n, "publicKey": key_of(n).public_key, "privateKey": key_of(n).private_key,
                     "permission": "active"} for n in USER_ACCOUNTS]
        accounts.append({"name": "alice", "publicKey": transfer_key.public_key,
                         "privateKey": transfer_key.private_key, "permission": "transfer"})
        balances = [{"account": a, "contract": contract, "symbol": s,
                     "amount": f"{_format(units, self.precisions[s])} {s}"}
                    for (a, contract, s), units in sorted(self.balances.items())
                    if a in USER_ACCOUNTS and a != "carol"]  # carol's TLOS also paid her children's RAM
        rex_total = _units(REX_DEPOSIT)
        return {
            "accounts": accounts,
            "sponsor": {**SPONSOR, "publicKey": cosign_key.public_key, "privateKey": cosign_key.private_key},
            "seeded": {
                "balances": balances,
                "tokens": [{"contract": "eosio.token", "symbol": TLOS, "precision": 4}] + [
                    {"contract": c, "symbol": s.split(" ")[1], "precision": len(s.split(" ")[0].partition(".")[2])}
                    for c, s, _ in OTHER_TOKENS],
                "profile": PROFILE,
                "rex": {"account": "alice", "deposited": f"{REX_DEPOSIT} {TLOS}", "lent": f"{REX_BUY} {TLOS}",
                        "fund": f"{_format(rex_total - _units(REX_BUY), 4)} {TLOS}",
                        "value": f"{_format(rex_total, 4)} {TLOS}"},
                "links": [{"account": "alice", "permission": "transfer", "code": "eosio.token", "action": "transfer"},
                          {"account": "greymassfuel", "permission": "cosign", "code": "greymassnoop", "action": "noop"},
                          {"account": "greymassfuel", "permission": "cosign", "code": "eosio",
                           "action": "buyrambytes"}],
                "proposals": [{"proposer": "alice", "proposalName": PROPOSAL["proposal_name"],
                               "expiration": expiration.strftime("%Y-%m-%dT%H:%M:%S"),
                               "requested": [{"actor": "alice", "permission": "active"}],
                               "provided": [{"actor": "bob", "permission": "active"}]}],
                "creator": "carol",
                "children": list(CHILDREN),
                "resources": {n: {"ramBytesBought": ram, "netStake": f"{net} {TLOS}", "cpuStake": f"{cpu} {TLOS}"}
                              for n, (ram, net, cpu) in FUNDED_ACCOUNTS.items() if n in USER_ACCOUNTS},
                "sponsorCases": {"free": "kid1.carol", "fee": "kid2.carol", "notNeeded": "alice"},
                "evmLinks": [{"account": a, "address": keyless_address(a), "keyless": True} for a in EVM_LINKED],
                "evmOpened": [{"payer": p, "address": checksum_address(a)} for p, a in EVM_OPENED.items()],
                "evmDeposits": [{"account": a, "address": keyless_address(a), "quantity": f"{q} {TLOS}"}
                                for a, q in EVM_DEPOSITS.items()],
                "producer": PRODUCER,
                "memoRequired": MEMO_REQUIRED,
            },
        }
