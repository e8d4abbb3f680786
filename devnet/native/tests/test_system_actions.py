"""What the wallet's staking, resource and voting screens rely on, checked on the devnet's real
system contract: REX maturities and sales, CPU/NET stake and its refund, RAM bought and sold at the
market's price, and votes for a producer or through a proxy."""

from __future__ import annotations

from tandem_native import codec

from devnet_client import asset_units


def act(name: str, actor: str, data: bytes) -> codec.Action:
    return codec.Action("eosio", name, [(actor, "active")], data)


def run(devnet, actor: str, *actions: codec.Action) -> tuple[int, dict]:
    trx = devnet.new_transaction(list(actions))
    return devnet.push(trx, devnet.sign(trx, devnet.key_of(actor)))


def ok(devnet, actor: str, *actions: codec.Action) -> dict:
    status, body = run(devnet, actor, *actions)
    assert status in (200, 202), error_of(body) if "error" in body else body
    return body


def n(text: str) -> bytes:
    return codec.pack_name(text)


def a(text: str) -> bytes:
    return codec.pack_asset(text)


def row(devnet, table: str, scope: str, key: str | None = None) -> dict | None:
    body = {"code": "eosio", "scope": scope, "table": table, "json": True, "limit": 10}
    if key is not None:
        body.update({"lower_bound": key, "upper_bound": key})
    rows = devnet.ok("get_table_rows", body)["rows"]
    return rows[0] if rows else None


def error_of(body: dict) -> str:
    return " ".join(detail.get("message", "") for detail in body["error"]["details"])


def test_rex_matures_in_buckets_and_sells_only_what_matured(devnet):
    ok(devnet, "alice", act("deposit", "alice", n("alice") + a("10.0000 TLOS")),
       act("buyrex", "alice", n("alice") + a("10.0000 TLOS")))
    balance = row(devnet, "rexbal", "eosio", "alice")
    # One bucket a day; what was bought today matures at a midnight (UTC) four to five days ahead.
    (bucket,) = balance["rex_maturities"]
    assert bucket["key"].endswith("T00:00:00") and balance["matured_rex"] == 0, balance
    status, body = run(devnet, "alice", act("sellrex", "alice", n("alice") + a(balance["rex_balance"])))
    assert status == 500 and "insufficient available rex" in error_of(body), body
    devnet.control("blocks", {"skipSeconds": 6 * 24 * 3600})
    devnet.control("blocks", {"count": 2})
    pool = row(devnet, "rexpool", "eosio")
    before = asset_units(devnet.balance("eosio.token", "alice", "TLOS"))
    sold = balance["rex_balance"]
    proceeds = asset_units(sold) * asset_units(pool["total_lendable"]) // asset_units(pool["total_rex"])
    ok(devnet, "alice", act("sellrex", "alice", n("alice") + a(sold)),
       act("withdraw", "alice", n("alice") + a(f"{proceeds // 10000}.{proceeds % 10000:04d} TLOS")))
    assert asset_units(devnet.balance("eosio.token", "alice", "TLOS")) == before + proceeds
    assert row(devnet, "rexbal", "eosio", "alice")["rex_balance"] == "0.0000 REX"


def test_buying_rex_needs_a_proxy_or_votes(devnet):
    status, body = run(devnet, "bob", act("deposit", "bob", n("bob") + a("1.0000 TLOS")),
                       act("buyrex", "bob", n("bob") + a("1.0000 TLOS")))
    assert status == 500 and "must vote for at least 21 producers or for a proxy before buying REX" in error_of(body), body


def test_unstaked_cpu_and_net_come_back_after_the_refund_delay(devnet):
    ok(devnet, "alice", act("delegatebw", "alice", n("alice") + n("bob") + a("1.0000 TLOS") + a("2.0000 TLOS") + b"\x00"))
    delegated = devnet.ok("get_table_rows", {"code": "eosio", "scope": "alice", "table": "delband", "json": True})["rows"]
    assert {"from": "alice", "to": "bob", "net_weight": "1.0000 TLOS", "cpu_weight": "2.0000 TLOS"} in delegated
    liquid = asset_units(devnet.balance("eosio.token", "alice", "TLOS"))
    ok(devnet, "alice", act("undelegatebw", "alice", n("alice") + n("bob") + a("1.0000 TLOS") + a("2.0000 TLOS")))
    refund = row(devnet, "refunds", "alice", "alice")
    assert (refund["net_amount"], refund["cpu_amount"]) == ("1.0000 TLOS", "2.0000 TLOS"), refund
    status, body = run(devnet, "alice", act("refund", "alice", n("alice")))
    assert status == 500 and "refund is not available yet" in error_of(body), body
    # Three days on, the system contract's own deferred `refund` has paid it back: on this chain
    # a claim is only needed when that deferred transaction did not run.
    devnet.control("blocks", {"skipSeconds": 3 * 24 * 3600 + 60})
    devnet.control("blocks", {"count": 2})
    assert row(devnet, "refunds", "alice", "alice") is None
    assert asset_units(devnet.balance("eosio.token", "alice", "TLOS")) == liquid + 30000


def test_ram_is_bought_and_sold_at_the_market_price(devnet):
    def quota() -> int:
        return devnet.ok("get_account", {"account_name": "alice"})["ram_quota"]

    def reserves() -> tuple[int, int]:
        market = row(devnet, "rammarket", "eosio")
        return asset_units(market["base"]["balance"]), asset_units(market["quote"]["balance"])

    # buyram: a 0.5 % fee rounded up, the rest converted at the Bancor price (the contract's doubles).
    ram, core = reserves()
    before = quota()
    ok(devnet, "alice", act("buyram", "alice", n("alice") + n("alice") + a("1.0000 TLOS")))
    spent = 10000 - (10000 + 199) // 200
    assert quota() - before == int((spent * float(ram)) / (core + spent))
    # sellram: the bytes converted back, less a 0.5 % fee rounded up.
    ram, core = reserves()
    liquid = asset_units(devnet.balance("eosio.token", "alice", "TLOS"))
    ok(devnet, "alice", act("sellram", "alice", n("alice") + (4096).to_bytes(8, "little")))
    out = int((4096 * float(core)) / (ram + 4096))
    assert asset_units(devnet.balance("eosio.token", "alice", "TLOS")) == liquid + out - (out + 199) // 200


def test_a_vote_for_a_producer_and_then_a_proxy(devnet):
    ok(devnet, "alice", act("voteproducer", "alice", n("alice") + n("") + codec.varuint32(1) + n("carol")))
    voter = row(devnet, "voters", "eosio", "alice")
    assert (voter["proxy"], voter["producers"]) == ("", ["carol"]), voter
    # The stake in play is far below the 15 % activation: carol's votes do not put her on the
    # schedule, so eosio keeps signing blocks.
    devnet.control("blocks", {"count": 5})
    assert devnet.ok("get_info")["head_block_producer"] == "eosio"
    status, body = run(devnet, "alice", act("voteproducer", "alice", n("alice") + n("") + codec.varuint32(1) + n("dave")))
    assert status == 500 and "producer dave is not registered" in error_of(body), body
    ok(devnet, "alice", act("voteproducer", "alice", n("alice") + n("bob") + codec.varuint32(0)))
    voter = row(devnet, "voters", "eosio", "alice")
    assert (voter["proxy"], voter["producers"]) == ("bob", []), voter


def test_where_deferred_transactions_no_longer_run_a_due_refund_is_claimed(devnet):
    devnet.control("blocks", {"deferred": "skip"})
    try:
        ok(devnet, "alice", act("delegatebw", "alice", n("alice") + n("bob") + a("1.0000 TLOS") + a("1.0000 TLOS") + b"\x00"))
        ok(devnet, "alice", act("undelegatebw", "alice", n("alice") + n("bob") + a("1.0000 TLOS") + a("1.0000 TLOS")))
        liquid = asset_units(devnet.balance("eosio.token", "alice", "TLOS"))
        devnet.control("blocks", {"skipSeconds": 3 * 24 * 3600 + 60, "count": 2})
        assert row(devnet, "refunds", "alice", "alice") is not None, "the deferred refund did not run"
        ok(devnet, "alice", act("refund", "alice", n("alice")))
        assert row(devnet, "refunds", "alice", "alice") is None
        assert asset_units(devnet.balance("eosio.token", "alice", "TLOS")) == liquid + 20000
    finally:
        devnet.control("blocks", {"deferred": "run"})
