//! The token list the EVM devnet serves (devnet/evm catalog.mjs) reads completely.

use tandem_domain::nft::IpfsGateway;
use tandem_evm::tokenlist::TokenList;
use tandem_testkit::EvmDevnet;

#[tokio::test]
async fn the_devnet_token_list_reads_completely() {
    let devnet = tokio::task::spawn_blocking(EvmDevnet::start)
        .await
        .unwrap()
        .expect("devnet starts");
    let manifest = devnet.manifest();
    let gateway = IpfsGateway::new("https://ipfs.example/ipfs/").unwrap();
    let list = TokenList::fetch(
        reqwest::Client::new(),
        &manifest.token_list_url,
        manifest.chain_id,
        &gateway,
    )
    .await
    .unwrap();
    assert_eq!(list.skipped(), 0);
    let mut symbols: Vec<&str> = list.tokens().iter().map(|t| t.symbol.as_str()).collect();
    symbols.sort_unstable();
    assert_eq!(symbols, ["GEMS", "STLOS", "TUSD", "WTLOS"]);
    let tusd_address = manifest.contract("TUSD").unwrap().parse().unwrap();
    let tusd = list
        .get(tusd_address)
        .expect("TUSD listed under its manifest address");
    assert_eq!(tusd.decimals, 6);
    assert_eq!(tusd.name, "Tandem USD");
    assert!(
        tusd.logo_uri
            .as_deref()
            .unwrap()
            .starts_with(&manifest.assets_url)
    );
    let gems = list
        .get(manifest.contract("GEMS").unwrap().parse().unwrap())
        .unwrap();
    assert_eq!((gems.decimals, gems.logo_uri.as_deref()), (18, None));
    assert!(
        TokenList::fetch(
            reqwest::Client::new(),
            &manifest.token_list_url,
            40,
            &gateway
        )
        .await
        .unwrap()
        .tokens()
        .is_empty(),
        "nothing for another chain id"
    );
}
