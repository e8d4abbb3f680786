"""The devnet's test controls, and what they exposed: a sponsor that failed with 500 once the
chain's limits outgrew 32 bits, a sponsor that misbehaves on request, and a chain clock that can
be moved ahead so that a transaction's expiration is judged minutes later."""

import urllib.error

from devnet_client import call, transfer_action
from test_sponsor import request


def test_sponsor_reads_limits_the_node_writes_as_strings(devnet):
    # A running chain's elastic limits grow every quiet block; past 2^32 the node writes the
    # int64 as a JSON string. The sponsor compared that string with a number and answered 500.
    devnet.control("blocks", {"count": 3000})
    account = devnet.ok("get_account", {"account_name": "alice"})
    assert isinstance(account["net_limit"]["available"], str), account["net_limit"]
    status, body = request(devnet, "alice", devnet.new_transaction([transfer_action("alice", "bob", "0.0001 TLOS")]))
    assert status == 400 and body["error"] == "resources_not_required", body


def test_the_sponsor_misbehaves_on_request_and_recovers(devnet):
    trx = devnet.new_transaction([transfer_action("alice", "bob", "0.0001 TLOS")])
    try:
        assert devnet.control("sponsor", {"behaviour": "fail"})["behaviour"] == "fail"
        status, body = request(devnet, "alice", trx)
        assert status == 500 and body == "Internal Server Error"
        assert call(devnet.manifest["sponsorUrl"])[0] == 200  # still "available"

        devnet.control("sponsor", {"behaviour": "tamper"})
        status, body = request(devnet, "alice", trx)
        assert status == 402, body
        fee = body["data"]["request"][1]["actions"][1]
        assert fee["name"] == "transfer" and body["data"]["fee"] == "1.0000 TLOS"  # above the 0.05 cap

        devnet.control("sponsor", {"behaviour": "slow", "delaySeconds": 1.5})
        url = f"{devnet.manifest['sponsorUrl']}/v1/resource_provider/request_transaction"
        body = {"signer": {"actor": "alice", "permission": "active"}, "packedTransaction": {"packed_trx": trx.pack().hex()}}
        late = None
        try:
            call(url, body, timeout=0.5)
        except (TimeoutError, urllib.error.URLError) as error:
            late = error
        assert late is not None, "a slow sponsor answered within 0.5 s"
        assert request(devnet, "alice", trx)[0] == 400  # it does answer, 1.5 s later
        status, _ = call(f"{devnet.rpc}/_devnet/sponsor", {"behaviour": "sideways"})
        assert status == 400
    finally:
        devnet.control("sponsor", {"behaviour": "normal"})
    status, body = request(devnet, "alice", trx)
    assert status == 400 and body["error"] == "resources_not_required"


def test_skipping_time_expires_a_short_header_and_keeps_a_long_one(devnet):
    short = devnet.new_transaction([transfer_action("bob", "alice", "0.0001 TLOS", "short")], lifetime_s=30)
    long = devnet.new_transaction([transfer_action("bob", "alice", "0.0002 TLOS", "long")], lifetime_s=600)
    before = devnet.ok("get_info")["head_block_time"]
    after = devnet.control("blocks", {"skipSeconds": 125})["headBlockTime"]
    assert after > before
    status, body = devnet.push(short, devnet.sign(short, devnet.key_of("bob")))
    assert status == 500 and body["error"]["name"] == "expired_tx_exception", body
    status, body = devnet.push(long, devnet.sign(long, devnet.key_of("bob")))
    assert status == 202, body


def test_an_account_sells_ram_on_request_and_is_then_short_of_it(devnet):
    before = devnet.ok("get_account", {"account_name": "kid2.carol"})
    answer = devnet.control("sellram", {"account": "kid2.carol", "bytes": 600})
    assert answer["ramQuota"] == before["ram_quota"] - 600, answer
    assert answer["ramQuota"] - answer["ramUsage"] < 477  # less than an eosio.evm row takes
    status, refused = call(f"{devnet.rpc}/_devnet/sellram", {"account": "kid2.carol", "bytes": 1_000_000})
    assert status == 400 and "insufficient quota" in refused["error"], refused
