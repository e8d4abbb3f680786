"""The Hyperion v2 subset, served from the actions that really ran during seeding."""


def test_creator_and_children(devnet):
    seeded = devnet.manifest["seeded"]
    for child in seeded["children"]:
        status, body = devnet.hyperion("v2/history/get_creator", account=child)
        assert status == 200 and body["creator"] == seeded["creator"] and body["trx_id"]
    status, body = devnet.hyperion("v2/history/get_actions", account=seeded["creator"],
                                   filter="eosio:newaccount", limit=100, skip=0)
    assert status == 200
    assert {a["act"]["data"]["name"] for a in body["actions"]} == set(seeded["children"])
    assert all(a["act"]["data"]["newact"] == a["act"]["data"]["name"] for a in body["actions"])
    assert body["total"] == {"value": 2, "relation": "eq"} and "lib" in body and "query_time_ms" in body
    status, _ = devnet.hyperion("v2/history/get_creator", account="nobody.here")
    assert status == 404


def test_transfer_actions_have_hyperion_fields(devnet):
    status, body = devnet.hyperion("v2/history/get_actions", account="bob", **{"act.name": "transfer"}, limit=10)
    assert status == 200 and body["actions"]
    latest = body["actions"][0]  # newest first by default
    assert latest["block_num"] >= body["actions"][-1]["block_num"]
    data = latest["act"]["data"]
    assert set(data) >= {"from", "to", "amount", "symbol", "memo", "quantity"}
    assert "bob" in latest["notified"] and latest["receipts"][0]["receiver"] == latest["act"]["account"]
    assert {"@timestamp", "timestamp", "trx_id", "global_sequence", "producer", "action_ordinal",
            "creator_action_ordinal", "block_id"} <= set(latest)
    status, trx = devnet.hyperion("v2/history/get_transaction", id=latest["trx_id"])
    assert status == 200 and trx["executed"] and trx["actions"][0]["trx_id"] == latest["trx_id"]


def test_tokens_account_links_and_keys(devnet):
    balances = {(b["contract"], b["symbol"]): b["amount"] for b in devnet.manifest["seeded"]["balances"]
                if b["account"] == "alice"}
    status, body = devnet.hyperion("v2/state/get_tokens", account="alice")
    assert status == 200
    assert {(t["contract"], t["symbol"]) for t in body["tokens"]} == set(balances)
    for token in body["tokens"]:
        assert token["precision"] == len(balances[(token["contract"], token["symbol"])].split(" ")[0].split(".")[1])

    status, links = devnet.hyperion("v2/state/get_links", account="alice")
    expected = [dict(link) for link in devnet.manifest["seeded"]["links"] if link["account"] == "alice"]
    assert status == 200
    assert [{k: link[k] for k in ("account", "permission", "code", "action")} for link in links["links"]] == expected

    status, account = devnet.hyperion("v2/state/get_account", account="alice")
    assert status == 200 and account["account"]["account_name"] == "alice" and account["links"] == links["links"]

    alice_key = next(a["publicKey"] for a in devnet.manifest["accounts"] if a["name"] == "alice")
    status, keys = devnet.hyperion("v2/state/get_key_accounts", public_key=alice_key)
    assert status == 200 and keys["account_names"] == ["alice"]
    _, v1 = devnet.history_v1("get_key_accounts", {"public_key": alice_key})
    assert v1 == {"account_names": ["alice"]}


def test_proposal(devnet):
    expected = devnet.manifest["seeded"]["proposals"][0]
    status, body = devnet.hyperion("v2/state/get_proposals", proposer=expected["proposer"])
    assert status == 200 and body["total"]["value"] == 1
    proposal = body["proposals"][0]
    assert proposal["proposal_name"] == expected["proposalName"] and not proposal["executed"]
    level = ["actor", "permission"]
    assert [{k: a[k] for k in level} for a in proposal["requested_approvals"]] == expected["requested"]
    assert [{k: a[k] for k in level} for a in proposal["provided_approvals"]] == expected["provided"]
    assert proposal["trx"]["actions"][0]["name"] == "transfer"
    assert proposal["expiration"] == expected["expiration"]
    _, by_approver = devnet.hyperion("v2/state/get_proposals", requested="alice")
    assert by_approver["total"]["value"] == 1


def test_actions_filter_by_notified_account_and_block(devnet):
    # carol sent her children TLOS: those transfers notified them.
    status, everything = devnet.hyperion("v2/history/get_actions", account="carol", limit=100)
    status, page = devnet.hyperion("v2/history/get_actions", account="carol", notified="kid1.carol", limit=100)
    assert status == 200 and page["actions"] and len(page["actions"]) < len(everything["actions"])
    assert all("kid1.carol" in action["notified"] for action in page["actions"])
    block = page["actions"][0]["block_num"]
    status, same = devnet.hyperion("v2/history/get_actions", account="carol", block_num=block, limit=100)
    assert status == 200 and same["actions"] and all(a["block_num"] == block for a in same["actions"])


def test_rex_pool_changes_are_kept_as_deltas_and_read_back_in_time(devnet):
    def pool_now() -> dict:
        return devnet.ok("get_table_rows", {"json": True, "code": "eosio", "scope": "eosio",
                                            "table": "rexpool"})["rows"][0]

    def newest(**bounds) -> dict:
        status, body = devnet.hyperion("v2/history/get_deltas", code="eosio", scope="eosio",
                                       table="rexpool", limit=1, **bounds)
        assert status == 200, body
        return body

    seeded = newest()
    assert seeded["total"]["value"] >= 1 and "lib" in seeded
    first = seeded["deltas"][0]
    assert first["data"] == pool_now() and first["present"] == 1 and first["block_id"]
    assert {"timestamp", "code", "scope", "table", "primary_key", "payer", "block_num"} <= set(first)
    # Eight days later a RAM sale pays its fee into REX: the pool's row changes.
    moved = devnet.control("blocks", {"skipSeconds": 8 * 86_400})
    assert moved["headBlockTime"] > first["timestamp"]
    devnet.control("sellram", {"account": "kid2.carol", "bytes": 100})
    later = newest()["deltas"][0]
    assert later["data"] == pool_now() and later["timestamp"] >= moved["headBlockTime"]
    assert later["data"]["total_lendable"] != first["data"]["total_lendable"]
    # The row as it stood before the sale, by time and by block; and nothing before the chain.
    for bound in (first["timestamp"] + "Z", str(later["block_num"] - 1)):
        assert newest(before=bound)["deltas"][0]["data"] == first["data"], bound
    assert newest(before="2000-01-01T00:00:00.000Z")["deltas"] == []
    assert newest(after=str(later["block_num"]), sort="asc")["deltas"][0]["block_num"] == later["block_num"]
    status, _ = devnet.hyperion("v2/history/get_deltas", code="eosio", before="yesterday")
    assert status == 400
