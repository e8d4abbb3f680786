"""The /v1/chain API answers with the node's own JSON, and the seeded state is on the chain."""

import time
import urllib.request
from fractions import Fraction

from devnet_client import asset_units, call


def test_get_info_has_chain_id_and_a_moving_head(devnet):
    first = devnet.ok("get_info")
    assert first["chain_id"] == devnet.manifest["chainId"]
    time.sleep(1.2)
    second = devnet.ok("get_info")
    assert second["head_block_num"] > first["head_block_num"]
    assert second["last_irreversible_block_num"] >= first["head_block_num"]


def test_manifest_names_the_network_and_core_symbol(devnet):
    m = devnet.manifest
    assert (m["network"], m["coreSymbol"], m["historyUrl"]) == ("telos-native-devnet", "TLOS", m["rpcUrl"])
    assert m["sponsorUrl"] == f"{m['rpcUrl']}/fuel"
    assert devnet.ok("get_currency_stats", {"code": "eosio.token", "symbol": "TLOS"})["TLOS"]["max_supply"] \
        == "1000000000.0000 TLOS"


def test_seeded_accounts_have_real_resources_and_a_linked_permission(devnet):
    alice = devnet.ok("get_account", {"account_name": "alice"})
    for limit in ("cpu_limit", "net_limit"):
        assert 0 < alice[limit]["max"] and alice[limit]["available"] > 0
    assert alice["ram_quota"] > alice["ram_usage"] > 0
    assert alice["core_liquid_balance"] == "900.0000 TLOS"
    assert alice["self_delegated_bandwidth"]["cpu_weight"] == "10.0000 TLOS"
    permissions = {p["perm_name"]: p for p in alice["permissions"]}
    assert set(permissions) == {"owner", "active", "transfer"}
    assert permissions["transfer"]["parent"] == "active"
    assert permissions["transfer"]["linked_actions"] == [{"account": "eosio.token", "action": "transfer"}]
    kid = devnet.ok("get_account", {"account_name": "kid1.carol"})
    assert kid["cpu_limit"]["max"] == 0 and kid["net_limit"]["max"] == 0  # unstaked, not unlimited (-1)


def test_balances_of_all_three_tokens_equal_the_manifest(devnet):
    balances = devnet.manifest["seeded"]["balances"]
    assert {b["symbol"] for b in balances} == {"TLOS", "SEEDS", "TDM"}
    for b in balances:
        assert devnet.balance(b["contract"], b["account"], b["symbol"]) == b["amount"], b


def test_profile_row(devnet):
    rows = devnet.ok("get_table_rows", {"json": True, "code": "profiles", "scope": "profiles", "table": "profiles",
                                        "lower_bound": "alice", "upper_bound": "alice", "limit": 1})["rows"]
    assert rows == [devnet.manifest["seeded"]["profile"]]


def test_rex_rows_give_the_seeded_value(devnet):
    rex = devnet.manifest["seeded"]["rex"]

    def row(table, **bounds):
        body = {"json": True, "code": "eosio", "scope": "eosio", "table": table, "limit": 1, **bounds}
        return devnet.ok("get_table_rows", body)["rows"][0]

    pool = row("rexpool")
    bal = row("rexbal", lower_bound="alice", upper_bound="alice")
    fund = row("rexfund", lower_bound="alice", upper_bound="alice")
    assert fund["balance"] == rex["fund"]
    assert bal["vote_stake"] == rex["lent"]
    lent = Fraction(asset_units(bal["rex_balance"]) * asset_units(pool["total_lendable"]),
                    asset_units(pool["total_rex"]))
    assert lent + asset_units(fund["balance"]) == asset_units(rex["value"])


def test_block_producer_and_scope_reads(devnet):
    info = devnet.ok("get_info")
    block = devnet.ok("get_block", {"block_num_or_id": info["head_block_num"]})
    assert block["id"] == info["head_block_id"] and block["producer"] == "eosio"
    assert devnet.ok("get_producer_schedule")["active"]["producers"][0]["producer_name"] == "eosio"
    assert "rows" in devnet.ok("get_producers", {"json": True, "limit": 10000})
    scopes = devnet.ok("get_table_by_scope", {"code": "eosio.token", "table": "accounts", "limit": 100})["rows"]
    assert {"alice", "bob", "kid1.carol"} <= {r["scope"] for r in scopes}
    abi = devnet.ok("get_abi", {"account_name": "profiles"})
    assert abi["abi"]["tables"][0]["name"] == "profiles"


def test_errors_have_the_node_shape(devnet):
    status, body = devnet.chain("get_account", {"account_name": "nobody.here"})
    assert status == 400 and body["error"]["code"] == 3060002 and body["error"]["details"]
    status, body = devnet.chain("get_block", {"block_num_or_id": 99999999})
    assert status == 400 and body["error"]["name"] == "unknown_block_exception"
    status, body = call(f"{devnet.rpc}/v1/chain/no_such_call", {})
    assert status == 404 and body["message"] == "Not Found"


def test_token_list_names_listed_tokens_with_logos(devnet):
    status, tokens = call(devnet.manifest["tokenListUrl"])
    assert status == 200
    assert [(t["symbol"], t["account"], t["precision"]) for t in tokens] == [("TLOS", "eosio.token", 4),
                                                                             ("SEEDS", "token.seeds", 4)]
    for token in tokens:
        assert token["name"] and token["logo"].startswith(devnet.rpc)
        request = urllib.request.Request(token["logo"])
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["content-type"].startswith("image/svg+xml")
            assert b"<svg" in response.read()


def test_a_registered_producer_with_votes_and_the_product_api(devnet):
    producer = devnet.manifest["seeded"]["producer"]
    rows = devnet.ok("get_producers", {"json": True, "limit": 100})["rows"]
    carol = next(row for row in rows if row["owner"] == producer["producer"])
    assert carol["url"] == producer["url"] and float(carol["total_votes"]) == 0
    schedule = devnet.ok("get_producer_schedule")["active"]["producers"]
    assert [p["producer_name"] for p in schedule] == ["eosio"]  # unvoted, carol does not produce
    request = urllib.request.Request(f"{devnet.rpc}/product-api/apy/native")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert float(response.read().decode()) > 0
