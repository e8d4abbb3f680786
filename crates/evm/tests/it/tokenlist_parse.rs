//! The token list from a published-style fixture: filtered by chain, IPFS logos through
//! the gateway, bad entries skipped and counted.

use crate::teloscan_support::addresses::{STLOS, USDC, WTLOS};
use crate::teloscan_support::{FixtureServer, Route, addr, read_fixture};
use tandem_domain::nft::IpfsGateway;
use tandem_evm::source::ContractInterface;
use tandem_evm::tokenlist::TokenList;

const FIXTURE: &str = "tokenlist/telosevm.tokenlist.json";

fn gateway() -> IpfsGateway {
    IpfsGateway::new("https://ipfs.example/ipfs/").unwrap()
}

#[test]
fn mainnet_entries_with_rewritten_logos() {
    let list = TokenList::parse(read_fixture(FIXTURE).as_bytes(), 40, &gateway()).unwrap();
    let symbols: Vec<&str> = list.tokens().iter().map(|t| t.symbol.as_str()).collect();
    assert_eq!(symbols, ["WTLOS", "STLOS", "USDC"]);
    // Bad address, 300 decimals, unreadable chain id, duplicate address, not an object.
    assert_eq!(list.skipped(), 5);

    let wtlos = list.get(addr(WTLOS)).unwrap();
    assert_eq!(wtlos.decimals, 18);
    assert_eq!(
        wtlos.logo_uri.as_deref(),
        Some("https://ipfs.example/ipfs/QmWtlosLogoCid/wtlos.png")
    );
    let stlos = list.get(addr(STLOS)).unwrap();
    assert!(
        stlos
            .logo_uri
            .as_deref()
            .unwrap()
            .starts_with("https://raw.githubusercontent.com/")
    );
    let usdc = list.get(addr(USDC)).unwrap();
    assert_eq!(usdc.decimals, 6, "decimals as a string");
    assert_eq!(usdc.logo_uri, None);

    let record = usdc.to_contract_record();
    assert_eq!(record.name.as_deref(), Some("USD Coin"));
    assert_eq!(record.interfaces, vec![ContractInterface::Erc20]);
}

#[test]
fn testnet_entries_only_for_chain_41() {
    let list = TokenList::parse(read_fixture(FIXTURE).as_bytes(), 41, &gateway()).unwrap();
    assert_eq!(list.tokens().len(), 2);
    assert!(
        list.get(addr(WTLOS)).is_none(),
        "the mainnet address is not on 41"
    );
    assert_eq!(
        list.tokens()[0].logo_uri.as_deref(),
        Some("https://ipfs.example/ipfs/QmWtlosLogoCid/wtlos.png"),
        "ipfs://ipfs/ form"
    );
}

#[test]
fn a_document_without_tokens_is_an_error() {
    let error = TokenList::parse(br#"{"name":"x"}"#, 40, &gateway()).unwrap_err();
    assert_eq!(error.code(), "evm.upstream_unreadable");
    let empty = TokenList::parse(br#"{"tokens":[]}"#, 40, &gateway()).unwrap();
    assert!(empty.tokens().is_empty());
}

#[tokio::test]
async fn fetched_over_http() {
    let server =
        FixtureServer::start(vec![Route::file("/lists/telosevm.tokenlist.json", FIXTURE)]).await;
    let url = format!("{}/lists/telosevm.tokenlist.json", server.url);
    let list = TokenList::fetch(reqwest::Client::new(), &url, 40, &gateway())
        .await
        .unwrap();
    assert_eq!(list.tokens().len(), 3);
    let missing = format!("{}/lists/other.json", server.url);
    let error = TokenList::fetch(reqwest::Client::new(), &missing, 40, &gateway())
        .await
        .unwrap_err();
    assert_eq!(error.code(), "evm.upstream_status");
    assert!(error.to_string().contains("/lists/other.json"));
}
