"""The test fee sponsor: 200 (free), 402 (fee) and 400 (not needed), and its co-signed
transactions execute once the client adds its own signature."""

from tandem_native import codec

from devnet_client import asset_units, call, transfer_action


def request(devnet, signer: str, trx: codec.Transaction) -> tuple[int, dict]:
    body = {"signer": {"actor": signer, "permission": "active"},
            "packedTransaction": {"signatures": [], "compression": 0, "packed_context_free_data": "",
                                  "packed_trx": trx.pack().hex()}}
    return call(f"{devnet.manifest['sponsorUrl']}/v1/resource_provider/request_transaction", body)


def sign_and_push(devnet, answer: dict, signer: str) -> tuple[int, dict]:
    kind, trx_json = answer["data"]["request"]
    assert kind == "transaction"
    sponsored = codec.Transaction.from_json(trx_json)
    signatures = answer["data"]["signatures"] + devnet.sign(sponsored, devnet.key_of(signer))
    return devnet.push(sponsored, signatures)


def check_noop_first(devnet, actions: list[dict]) -> None:
    sponsor = devnet.manifest["sponsor"]
    assert actions[0] == {"account": sponsor["noopContract"], "name": sponsor["noopAction"], "data": "",
                          "authorization": [{"actor": sponsor["account"], "permission": sponsor["cosignPermission"]}]}


def test_sponsor_is_available(devnet):
    status, _ = call(devnet.manifest["sponsorUrl"])
    assert status == 200


def test_not_needed_when_the_signer_has_resources(devnet):
    account = devnet.manifest["seeded"]["sponsorCases"]["notNeeded"]
    status, body = request(devnet, account, devnet.new_transaction([transfer_action(account, "bob", "0.0001 TLOS")]))
    assert status == 400 and body["code"] == 400 and body["message"]


def test_malformed_requests_are_400(devnet):
    status, _ = call(f"{devnet.manifest['sponsorUrl']}/v1/resource_provider/request_transaction", {"signer": {}})
    assert status == 400
    trx = devnet.new_transaction([transfer_action("bob", "alice", "0.0001 TLOS")])
    status, body = request(devnet, "kid1.carol", trx)  # the signer does not authorise anything in it
    assert status == 400 and body["error"] == "signer_not_in_transaction"


def test_free_cosigned_transaction_executes(devnet):
    kid = devnet.manifest["seeded"]["sponsorCases"]["free"]
    original = transfer_action(kid, "alice", "0.5000 TLOS", "sponsored")
    status, body = request(devnet, kid, devnet.new_transaction([original]))
    assert status == 200 and body["code"] == 200, body
    actions = body["data"]["request"][1]["actions"]
    check_noop_first(devnet, actions)
    assert actions[1:] == [original.to_json()]  # no fee, no RAM purchase
    before = asset_units(devnet.balance("eosio.token", kid, "TLOS"))
    unsigned = codec.Transaction.from_json(body["data"]["request"][1])
    status, failed = devnet.push(unsigned, devnet.sign(unsigned, devnet.key_of(kid)))
    assert status == 401, failed  # without the sponsor's signature the no-op is not authorised
    status, pushed = sign_and_push(devnet, body, kid)
    assert status == 202, pushed
    assert asset_units(devnet.balance("eosio.token", kid, "TLOS")) == before - 5000
    account = devnet.ok("get_account", {"account_name": kid})
    assert account["cpu_limit"]["max"] == 0  # the sponsor, the first authoriser, paid CPU and NET


def test_fee_transaction_buys_ram_at_the_end(devnet):
    kid = devnet.manifest["seeded"]["sponsorCases"]["fee"]
    sponsor = devnet.manifest["sponsor"]
    original = transfer_action(kid, "alice", "0.1000 TLOS", "needs ram")
    status, body = request(devnet, kid, devnet.new_transaction([original]))
    assert status == 402 and body["code"] == 402 and body["message"], body
    data = body["data"]
    actions = data["request"][1]["actions"]
    check_noop_first(devnet, actions)
    fee = actions[1]
    assert (fee["account"], fee["name"], fee["authorization"]) == \
        ("eosio.token", "transfer", [{"actor": kid, "permission": "active"}])
    assert fee["data"] == transfer_action(kid, sponsor["feeAccount"], data["fee"], "TX FEE").data.hex()
    assert 0 < asset_units(data["fee"]) <= 500  # within the wallet's 0.05 TLOS cap
    assert data["costs"]["ram"] == data["fee"]
    assert actions[2] == original.to_json()
    ram = actions[-1]
    assert (ram["account"], ram["name"]) == ("eosio", "buyrambytes")
    assert ram["authorization"] == [{"actor": sponsor["account"], "permission": sponsor["cosignPermission"]}]
    assert ram["data"][:32] == codec.pack_name(sponsor["account"]).hex() + codec.pack_name(kid).hex()

    quota_before = devnet.ok("get_account", {"account_name": kid})["ram_quota"]
    balance_before = asset_units(devnet.balance("eosio.token", kid, "TLOS"))
    status, pushed = sign_and_push(devnet, body, kid)
    assert status == 202, pushed
    assert devnet.ok("get_account", {"account_name": kid})["ram_quota"] > quota_before
    assert asset_units(devnet.balance("eosio.token", kid, "TLOS")) == balance_before - 1000 - asset_units(data["fee"])
    assert devnet.balance("eosio.token", sponsor["feeAccount"], "TLOS") == data["fee"]
