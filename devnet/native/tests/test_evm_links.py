"""The devnet `eosio.evm` account table: a real contract on the chain links a native account to
its EVM address, readable by account (secondary index 3, `name`) and by address (secondary index 2,
`sha256` of the address left-padded to 32 bytes), as a wallet reads Telos's."""

from tandem_native import codec

from devnet_client import call


def rows(devnet, **query) -> list[dict]:
    return devnet.ok("get_table_rows", {"json": True, "code": "eosio.evm", "scope": "eosio.evm", "table": "account",
                                        "limit": 10, **query})["rows"]


def by_account(devnet, account: str) -> list[dict]:
    return rows(devnet, index_position="3", key_type="name", lower_bound=account, upper_bound=account)


def by_address(devnet, address: str) -> list[dict]:
    key = "0" * 24 + address.lower().removeprefix("0x")
    return rows(devnet, index_position="2", key_type="sha256", lower_bound=key, upper_bound=key)


def test_alice_is_linked_to_her_evm_address(devnet):
    link = devnet.manifest["seeded"]["evmLinks"][0]
    found = by_account(devnet, link["account"])
    assert len(found) == 1
    row = found[0]
    assert row["address"] == link["address"][2:].lower() and row["account"] == link["account"]
    assert (row["nonce"], row["code"], row["balance"]) == (0, "", "0" * 64)
    assert by_address(devnet, link["address"]) == [row]
    assert by_account(devnet, "bob") == []
    assert by_address(devnet, "0x" + "ab" * 20) == []


def test_openwallet_links_once_and_needs_the_account(devnet):
    address = "0x" + "12" * 19 + "34"

    def openwallet(account: str, address_hex: str, signer: str) -> tuple[int, dict]:
        data = codec.pack_name(account) + bytes.fromhex(address_hex.removeprefix("0x"))
        action = codec.Action("eosio.evm", "openwallet", [(signer, "active")], data)
        trx = devnet.new_transaction([action])
        return devnet.push(trx, devnet.sign(trx, devnet.key_of(signer)))

    status, body = openwallet("bob", address, "alice")
    assert status == 401 or "missing authority" in str(body), body
    status, body = openwallet("bob", address, "bob")
    assert status == 202, body
    assert by_account(devnet, "bob")[0]["address"] == address[2:] and by_account(devnet, "bob")[0]["index"] == 1
    assert by_address(devnet, address)[0]["account"] == "bob"
    status, body = openwallet("bob", "0x" + "56" * 20, "bob")
    assert status == 500 and "already has an EVM address" in body["error"]["details"][0]["message"], body
    status, body = openwallet("carol", address, "carol")
    assert status == 500 and "already linked" in body["error"]["details"][0]["message"], body
    assert call(f"{devnet.rpc}/v1/chain/get_abi", {"account_name": "eosio.evm"})[0] == 200
