//! The clients over answers in the public services' formats (fixtures written from the
//! documented Hyperion v2 and chain API shapes), served by a tiny local HTTP server that
//! also records which path and query each call used.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use tandem_antelope::history::{ActionsQuery, DeltasQuery, ProposalsQuery, Sort};
use tandem_antelope::keys::PublicKey;
use tandem_antelope::{ChainClient, HistoryClient};
use tandem_domain::antelope::{Name, RefundRequest, total_resources};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// Serves `fixtures/<name>.json` for a path ending in `<name>` (with `/` as `_`), a 404
/// for `get_creator?account=unknown`, and records every request line.
struct FixtureServer {
    url: String,
    requests: Arc<Mutex<Vec<String>>>,
}

fn answer_for(target: &str) -> (u16, String) {
    if target.contains("account=unknown") {
        return (404, r#"{"message":"account not found"}"#.to_owned());
    }
    let path = target.split('?').next().unwrap_or_default();
    let file = match path {
        "/v1/chain/get_account" => "chain_get_account_mainnet".to_owned(),
        "/v2/state/get_account" => {
            let account =
                std::fs::read_to_string(format!("{FIXTURES}/chain_get_account_mainnet.json"))
                    .expect("fixture");
            return (
                200,
                format!(r#"{{"account":{account},"links":[],"tokens":[],"actions":[]}}"#),
            );
        }
        other => format!("hyperion_{}", other.rsplit('/').next().unwrap_or_default()),
    };
    match std::fs::read_to_string(format!("{FIXTURES}/{file}.json")) {
        Ok(body) => (200, body),
        Err(_) => (404, "{}".to_owned()),
    }
}

fn serve() -> FixtureServer {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let requests = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&requests);
    // The thread ends with the test process; it holds no child process.
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().expect("clone"));
            let mut request_line = String::new();
            if reader.read_line(&mut request_line).is_err() {
                continue;
            }
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                line.clear();
            }
            let target = request_line
                .split_whitespace()
                .nth(1)
                .unwrap_or_default()
                .to_owned();
            log.lock().expect("log").push(target.clone());
            let (status, body) = answer_for(&target);
            let _ = write!(
                stream,
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    FixtureServer { url, requests }
}

fn name(text: &str) -> Name {
    text.parse().expect("name")
}

#[tokio::test]
async fn mainnet_account_with_unlimited_resources_and_string_integers() {
    let server = serve();
    let chain = ChainClient::new(&server.url, reqwest::Client::new()).expect("url");
    let account = chain
        .get_account(name("eosio.token"))
        .await
        .expect("account");
    assert_eq!(account.ram_quota, -1);
    assert_eq!((account.net_weight, account.cpu_weight), (-1, -1));
    assert!(account.net_limit.is_unlimited() && account.cpu_limit.is_unlimited());
    assert_eq!(account.ram_usage, 9_223_372_036_854);
    assert!(account.self_delegated_bandwidth.is_none() && account.total_resources.is_none());
    assert_eq!(account.permissions[1].required_auth.waits[0].wait_sec, 3600);
    assert!(account.permissions[0].required_auth.waits.is_empty());
    let voter = account.voter_info.as_ref().expect("voter info");
    assert_eq!(
        (voter.staked, voter.is_proxy),
        (Some(100_000_000_000), Some(0))
    );
    let refund = account.refund_request.as_ref().expect("refund");
    let refund = RefundRequest {
        cpu_amount: refund.cpu_amount.parse().expect("asset"),
        net_amount: refund.net_amount.parse().expect("asset"),
    };
    let total = total_resources("4,TLOS".parse().expect("symbol"), None, Some(&refund));
    assert_eq!(total.expect("total").to_string(), "1.7500 TLOS");
}

#[tokio::test]
async fn hyperion_answers_parse_and_requests_carry_the_documented_parameters() {
    let server = serve();
    let history = HistoryClient::new(&server.url, reqwest::Client::new()).expect("url");

    let query = ActionsQuery {
        account: Some(name("alice")),
        limit: Some(2),
        skip: Some(4),
        sort: Sort::Asc,
        filter: Some("eosio.token:transfer".to_owned()),
        ..ActionsQuery::default()
    };
    let page = history.get_actions(&query).await.expect("actions");
    assert_eq!(
        (page.total.value, page.total.relation.as_str()),
        (10_000, "gte")
    );
    assert_eq!(page.actions.len(), 2);
    let transfer = &page.actions[0];
    assert_eq!(transfer.global_sequence, Some(9_876_543_210_123));
    assert_eq!(transfer.act.data["quantity"], "12.3456 TLOS");
    assert_eq!(page.actions[1].block_num, 365_805_100);
    assert_eq!(page.actions[1].time(), "2024-07-01T11:00:00.000");
    assert_eq!(page.actions[1].global_sequence, Some(9_876_543_200_000));

    let children = history.get_children(name("alice")).await.expect("children");
    assert_eq!(children, ["kid.alice"]);

    // Amounts are floats (1e21 here) and are never read: only which tokens are held.
    let tokens = history.get_tokens(name("alice")).await.expect("tokens");
    assert_eq!(tokens.tokens[1].symbol, "SEEDS");
    assert_eq!(tokens.tokens[1].precision, 4);

    let creator = history
        .get_creator(name("kid.alice"))
        .await
        .expect("creator");
    assert_eq!(creator.expect("known").creator, "alice");
    assert!(
        history
            .get_creator(name("unknown"))
            .await
            .expect("404 is none")
            .is_none()
    );

    let links = history.get_links(name("alice")).await.expect("links");
    assert_eq!(links.links[0].block_num, Some(300_000_000));

    let proposals = history
        .get_proposals(&ProposalsQuery {
            proposer: Some(name("alice")),
            executed: Some(false),
            limit: Some(5),
            ..ProposalsQuery::default()
        })
        .await
        .expect("proposals");
    assert_eq!(proposals.proposals[0].requested_approvals[0].actor, "bob");

    let key: PublicKey = "EOS82MdT6BLQtLajZQYwbDzY1isEQGbEvgDbyGJUxE6LryYyaLHp7"
        .parse()
        .expect("key");
    let modern: PublicKey = key.to_string().parse().expect("PUB_K1 form");
    let accounts = history
        .get_key_accounts(&modern)
        .await
        .expect("key accounts");
    assert_eq!(accounts.account_names, ["alice", "alice.tf"]);

    let transaction = history.get_transaction("8c2b").await.expect("transaction");
    assert!(transaction.executed);
    let state = history
        .get_account(name("eosio.token"))
        .await
        .expect("state");
    assert_eq!(state.account.ram_quota, -1);

    let deltas = history
        .get_deltas(&DeltasQuery {
            code: name("eosio"),
            scope: name("eosio"),
            table: name("rexpool"),
            before: Some("2024-07-01T12:00:00.000Z".to_owned()),
            after: None,
            limit: 1,
            sort: Sort::Desc,
        })
        .await
        .expect("deltas");
    assert_eq!(deltas.deltas.len(), 2);
    assert_eq!(deltas.deltas[0].data["total_lendable"], "100000.0000 TLOS");
    assert_eq!(
        (
            deltas.deltas[0].block_num,
            deltas.deltas[0].timestamp.as_str()
        ),
        (365_805_100, "2024-07-01T11:00:00.000")
    );
    assert!(deltas.deltas[0].present && deltas.deltas[1].present);
    assert_eq!(deltas.deltas[1].timestamp, "2024-06-30T09:12:30.500");

    let requests = server.requests.lock().expect("log").clone();
    let expected = [
        "/v2/history/get_deltas?code=eosio&scope=eosio&table=rexpool&limit=1&sort=desc&before=2024-07-01T12%3A00%3A00.000Z",
        "/v2/history/get_actions?account=alice&limit=2&skip=4&filter=eosio.token%3Atransfer&sort=asc",
        "/v2/history/get_actions?account=alice&limit=100&filter=eosio%3Anewaccount&sort=desc",
        "/v2/state/get_tokens?account=alice",
        "/v2/state/get_proposals?proposer=alice&executed=false&limit=5",
        // Asked in the legacy form every deployment indexes.
        "/v2/state/get_key_accounts?public_key=EOS82MdT6BLQtLajZQYwbDzY1isEQGbEvgDbyGJUxE6LryYyaLHp7",
        "/v2/history/get_transaction?id=8c2b",
    ];
    for request in expected {
        assert!(
            requests.iter().any(|r| r == request),
            "{request} not in {requests:#?}"
        );
    }
}
