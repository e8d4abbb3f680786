"""Transactions built and signed outside the chain process execute through push_transaction."""

from devnet_client import asset_units, transfer_action


def test_client_signed_transfer_executes_and_is_in_history(devnet):
    before = {a: asset_units(devnet.balance("eosio.token", a, "TLOS")) for a in ("alice", "bob")}
    trx = devnet.new_transaction([transfer_action("bob", "alice", "1.2345 TLOS", "from the test")])
    status, body = devnet.push(trx, devnet.sign(trx, devnet.key_of("bob")))
    assert status == 202, body
    assert body["processed"]["receipt"]["status"] == "executed"
    after = {a: asset_units(devnet.balance("eosio.token", a, "TLOS")) for a in ("alice", "bob")}
    assert after == {"alice": before["alice"] + 12345, "bob": before["bob"] - 12345}

    status, history = devnet.hyperion("v2/history/get_actions", account="alice", limit=1)
    assert status == 200
    latest = history["actions"][0]
    assert latest["trx_id"] == body["transaction_id"]
    assert latest["act"]["data"]["quantity"] == "1.2345 TLOS" and latest["act"]["data"]["memo"] == "from the test"
    status, v1 = devnet.history_v1("get_transaction", {"id": body["transaction_id"]})
    assert status == 200 and v1["id"] == body["transaction_id"]


def test_linked_permission_key_can_transfer(devnet):
    trx = devnet.new_transaction([transfer_action("alice", "bob", "0.0001 TLOS", permission="transfer")])
    status, body = devnet.push(trx, devnet.sign(trx, devnet.key_of("alice", "transfer")))
    assert status == 202, body


def test_wrong_key_returns_the_node_error(devnet):
    trx = devnet.new_transaction([transfer_action("alice", "bob", "1.0000 TLOS")])
    status, body = devnet.push(trx, devnet.sign(trx, devnet.key_of("bob")))
    assert status == 401  # nodeos maps unsatisfied_authorization to 401 UnAuthorized
    assert body["code"] == 401 and body["message"] == "UnAuthorized"
    error = body["error"]
    assert (error["code"], error["name"]) == (3090003, "unsatisfied_authorization")
    assert error["what"] and error["details"] and "alice" in error["details"][0]["message"]


def test_overdrawn_transfer_is_an_assertion_error(devnet):
    trx = devnet.new_transaction([transfer_action("bob", "alice", "999999.0000 TLOS")])
    status, body = devnet.push(trx, devnet.sign(trx, devnet.key_of("bob")))
    assert status == 500 and body["message"] == "Internal Service Error"
    assert body["error"]["name"] == "eosio_assert_message_exception"
    assert "overdrawn balance" in body["error"]["details"][0]["message"]
