//! The contract resolver walks the spec's order (cache, indexer or history service,
//! verified metadata, token list, suspected type, empty contract, non-existent) with the
//! real clients pointed at one fixture server.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::teloscan_support::addresses::{NFT721, USDC, WTLOS};
use crate::teloscan_support::{FixtureServer, Route, addr, read_fixture};
use alloy_primitives::{Address, B256};
use tandem_domain::nft::{IpfsGateway, NftStandard};
use tandem_evm::http::RequestLimiter;
use tandem_evm::hyperion_evm::HyperionEvmClient;
use tandem_evm::lookup::{
    CacheTtl, ContractFacts, ContractFactsSource, ContractLookup, ContractResolver, IndexerStatus,
    LookupStep, SourceFacts, suspect_from_log,
};
use tandem_evm::source::{ContractInterface, ContractRecord};
use tandem_evm::teloscan::TeloscanClient;
use tandem_evm::tokenlist::TokenList;
use tandem_evm::verified::VerifiedContracts;

const ESCROW: &str = "0x95F5713A1422Aa3FBD3DCB8D553945C128ee3855";
const NOBODY: &str = "0x00000000000000000000000000000000000000aa";

/// The indexer's health as the selector would report it.
#[derive(Debug, Default)]
struct Health(AtomicBool);

impl IndexerStatus for Health {
    fn indexer_healthy(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

fn routes() -> Vec<Route> {
    let nft = format!(
        r#"{{"success":true,"results":[{{"address":"{NFT721}","name":"Telos Punks","supportedInterfaces":["erc721"]}}]}}"#
    );
    vec![
        Route::file(&format!("/v1/contract/{WTLOS}"), "teloscan/contract.json"),
        Route::body(&format!("/v1/contract/{NFT721}"), &nft),
        Route::file("/v2/evm/get_contract", "hyperion/get_contract.json").when("contract=0x95f5"),
        Route::file(
            &format!("/{ESCROW}/metadata.json"),
            "verified/escrow_metadata.json",
        ),
    ]
}

/// The routes, plus "no such contract" from the indexer for `addresses`.
fn with_catch_all(server: &FixtureServer, addresses: &[&str]) {
    let mut all = routes();
    for address in addresses {
        all.push(Route::file(
            &format!("/v1/contract/{}", address.to_lowercase()),
            "teloscan/contract_empty.json",
        ));
    }
    server.set_routes(all);
}

struct Setup {
    server: FixtureServer,
    health: Arc<Health>,
    resolver: ContractResolver,
}

async fn setup() -> Setup {
    let server = FixtureServer::start(routes()).await;
    with_catch_all(&server, &[USDC, NOBODY, ESCROW]);
    let http = reqwest::Client::new();
    let limiter = RequestLimiter::default();
    let indexer = TeloscanClient::new(http.clone(), &server.url, limiter.clone()).unwrap();
    let history = HyperionEvmClient::new(http.clone(), &server.url, limiter).unwrap();
    let verified = VerifiedContracts::new(http, &server.url, None).unwrap();
    let gateway = IpfsGateway::new("https://ipfs.example/ipfs/").unwrap();
    let list = read_fixture("tokenlist/telosevm.tokenlist.json");
    let token_list = TokenList::parse(list.as_bytes(), 40, &gateway).unwrap();
    let health = Arc::new(Health(AtomicBool::new(true)));
    let resolver = ContractResolver::new(CacheTtl::default())
        .with_indexer(Arc::new(indexer), Some(health.clone()))
        .with_history(Arc::new(history))
        .with_verified(Arc::new(verified))
        .with_token_list(Arc::new(token_list));
    Setup {
        server,
        health,
        resolver,
    }
}

fn found(lookup: ContractLookup) -> Arc<tandem_evm::lookup::ResolvedContract> {
    match lookup {
        ContractLookup::Found(contract) => contract,
        ContractLookup::NotAContract => panic!("expected a contract"),
    }
}

fn asked(server: &FixtureServer, prefix: &str) -> usize {
    server
        .requests()
        .iter()
        .filter(|r| r.starts_with(prefix))
        .count()
}

#[tokio::test]
async fn a_healthy_indexer_answers_and_the_answer_is_cached() {
    let s = setup().await;
    let wtlos = found(s.resolver.resolve(addr(WTLOS), None).await);
    assert_eq!(wtlos.found_by, LookupStep::Indexer);
    assert_eq!(wtlos.record.name.as_deref(), Some("Wrapped TLOS"));
    assert!(wtlos.abi.as_deref().unwrap().contains("deposit"));
    assert_eq!(s.server.requests().len(), 1, "nothing after the indexer");

    let again = found(s.resolver.resolve(addr(WTLOS), None).await);
    assert_eq!(again.found_by, LookupStep::Cache);
    assert_eq!(again.record, wtlos.record);
    assert_eq!(s.server.requests().len(), 1);
}

#[tokio::test]
async fn an_unhealthy_indexer_is_replaced_by_the_history_service() {
    let s = setup().await;
    s.health.0.store(false, Ordering::SeqCst);
    let escrow = found(s.resolver.resolve(addr(ESCROW), None).await);
    assert_eq!(asked(&s.server, "/v1/"), 0, "the indexer is not asked");
    assert_eq!(escrow.found_by, LookupStep::HistoryService);
    assert!(escrow.record.creator.is_some() && escrow.record.creation_block.is_some());
    assert_eq!(
        escrow.record.name.as_deref(),
        Some("TelosEscrow"),
        "from verified"
    );
    assert!(escrow.record.verified);
    assert!(escrow.abi.as_deref().unwrap().contains("lockDuration"));
}

#[tokio::test]
async fn a_failing_indexer_is_replaced_by_the_history_service() {
    let s = setup().await;
    let mut broken = routes();
    broken.insert(
        0,
        Route::status(&format!("/v1/contract/{}", ESCROW.to_lowercase()), 502),
    );
    s.server.set_routes(broken);
    let escrow = found(s.resolver.resolve(addr(ESCROW), None).await);
    // The indexers' retry policy asks a 502 twice more before the next step answers.
    assert_eq!(asked(&s.server, "/v1/contract/"), 3);
    assert_eq!(asked(&s.server, "/v2/evm/get_contract"), 1);
    assert_eq!(escrow.found_by, LookupStep::HistoryService);
}

#[tokio::test]
async fn the_token_list_names_what_the_indexer_does_not_know() {
    let s = setup().await;
    let usdc = found(s.resolver.resolve(addr(USDC), None).await);
    assert_eq!(
        asked(&s.server, "/v2/"),
        0,
        "the indexer answered, so no history"
    );
    assert_eq!(usdc.found_by, LookupStep::TokenList);
    assert_eq!(usdc.record.decimals, Some(6));
    assert_eq!(usdc.record.interfaces, vec![ContractInterface::Erc20]);
    assert!(!usdc.record.verified);
}

#[tokio::test]
async fn a_contract_the_indexer_has_not_probed_yet_is_completed_from_the_next_steps() {
    let s = setup().await;
    // The indexer lists the address, but without interfaces or a name yet.
    let mut all = routes();
    all.push(Route::body(
        &format!("/v1/contract/{}", USDC.to_lowercase()),
        &format!(r#"{{"success":true,"results":[{{"address":"{USDC}"}}]}}"#),
    ));
    s.server.set_routes(all);
    let usdc = found(s.resolver.resolve(addr(USDC), None).await);
    assert_eq!(usdc.found_by, LookupStep::Indexer);
    assert_eq!(
        usdc.record.decimals,
        Some(6),
        "the token list filled the gaps"
    );
    assert_eq!(usdc.record.interfaces, vec![ContractInterface::Erc20]);
    assert!(usdc.record.name.is_some());
}

#[tokio::test]
async fn a_suspected_type_then_non_existent_with_a_negative_cache() {
    let s = setup().await;
    let suspected = found(
        s.resolver
            .resolve(addr(NOBODY), Some(ContractInterface::Erc721))
            .await,
    );
    assert_eq!(suspected.found_by, LookupStep::Suspected);
    assert_eq!(suspected.record.interfaces, vec![ContractInterface::Erc721]);

    s.resolver.invalidate(addr(NOBODY)).await;
    let before = s.server.requests().len();
    assert_eq!(
        s.resolver.resolve(addr(NOBODY), None).await,
        ContractLookup::NotAContract
    );
    let asked_once = s.server.requests().len();
    assert!(asked_once > before);
    assert_eq!(
        s.resolver.resolve(addr(NOBODY), None).await,
        ContractLookup::NotAContract
    );
    assert_eq!(s.server.requests().len(), asked_once, "negative cache");
}

#[tokio::test]
async fn an_outage_yields_an_empty_contract_not_a_verdict() {
    let s = setup().await;
    let down = |path: &str| Route::status(path, 503);
    s.server.set_routes(vec![
        down(&format!("/v1/contract/{}", NOBODY.to_lowercase())),
        down("/v2/evm/get_contract"),
        down(&format!(
            "/{}/metadata.json",
            addr(NOBODY).to_checksum(None)
        )),
    ]);
    let empty = found(s.resolver.resolve(addr(NOBODY), None).await);
    assert_eq!(empty.found_by, LookupStep::Empty);
    assert_eq!(empty.record.address, addr(NOBODY));
    assert!(empty.record.name.is_none() && empty.record.interfaces.is_empty());
}

#[tokio::test]
async fn the_spec_error_keys() {
    let s = setup().await;
    let missing = s.resolver.resolve_text("  ", None).await.unwrap_err();
    assert_eq!(missing.code(), "antelope.contracts.contract_data_required");
    let malformed = s.resolver.resolve_text("0x1234", None).await.unwrap_err();
    assert_eq!(malformed.code(), "antelope.evm.error_invalid_address");
    let typed = s.resolver.resolve_text(WTLOS, None).await.unwrap();
    assert!(matches!(typed, ContractLookup::Found(_)));

    let not_nft = s
        .resolver
        .resolve_nft_collection(addr(WTLOS))
        .await
        .unwrap_err();
    assert_eq!(
        not_nft.code(),
        "antelope.contracts.error_invalid_nft_contract_type"
    );
    let unknown = s
        .resolver
        .resolve_nft_collection(addr(NOBODY))
        .await
        .unwrap_err();
    assert_eq!(
        unknown.code(),
        "antelope.contracts.error_invalid_nft_contract_type"
    );
    let (punks, standard) = s
        .resolver
        .resolve_nft_collection(addr(NFT721))
        .await
        .unwrap();
    assert_eq!(standard, NftStandard::Erc721);
    assert_eq!(punks.record.name.as_deref(), Some("Telos Punks"));
}

#[tokio::test]
async fn any_evm_source_plugs_in_as_chain_reads() {
    let server = FixtureServer::start(routes()).await;
    let source = TeloscanClient::new(
        reqwest::Client::new(),
        &server.url,
        RequestLimiter::default(),
    )
    .unwrap();
    let resolver = ContractResolver::new(CacheTtl::default()).with_chain_reads(Arc::new(
        SourceFacts::new(Arc::new(source), LookupStep::ChainReads),
    ));
    let wtlos = found(resolver.resolve(addr(WTLOS), None).await);
    assert_eq!(wtlos.found_by, LookupStep::ChainReads);
    assert_eq!(wtlos.record.symbol.as_deref(), Some("WTLOS"));
}

/// A lookup step answering one fixed record.
#[derive(Debug)]
struct Knows(LookupStep, ContractRecord);

#[async_trait::async_trait]
impl ContractFactsSource for Knows {
    fn step(&self) -> LookupStep {
        self.0
    }

    async fn contract_facts(
        &self,
        _address: Address,
    ) -> Result<Option<ContractFacts>, tandem_evm::EvmError> {
        Ok(Some(ContractFacts {
            record: self.1.clone(),
            abi: None,
        }))
    }
}

#[tokio::test]
async fn a_contract_known_only_by_its_events_is_named_from_the_chain() {
    let address = addr(NFT721);
    // The own index saw ERC-721 transfers but has not read the contract yet.
    let seen = ContractRecord {
        address,
        interfaces: vec![ContractInterface::Erc721],
        unprobed: true,
        ..ContractRecord::default()
    };
    let read = ContractRecord {
        address,
        name: Some("Tandem Art".to_owned()),
        interfaces: vec![ContractInterface::Erc721],
        ..ContractRecord::default()
    };
    let resolver = ContractResolver::new(CacheTtl::default())
        .with_indexer(Arc::new(Knows(LookupStep::Indexer, seen.clone())), None)
        .with_chain_reads(Arc::new(Knows(LookupStep::ChainReads, read)));
    let art = found(resolver.resolve(address, None).await);
    assert_eq!(art.found_by, LookupStep::Indexer);
    assert_eq!(art.record.name.as_deref(), Some("Tandem Art"));
    assert!(!art.record.unprobed, "the chain's read completed it");

    // Once the index has read it, its record is the answer and the chain is not asked.
    let probed = ContractRecord {
        unprobed: false,
        ..seen
    };
    let resolver = ContractResolver::new(CacheTtl::default())
        .with_indexer(Arc::new(Knows(LookupStep::Indexer, probed)), None)
        .with_chain_reads(Arc::new(Knows(
            LookupStep::ChainReads,
            ContractRecord::default(),
        )));
    let art = found(resolver.resolve(address, None).await);
    assert_eq!(
        art.record.name, None,
        "a contract without a name() stays nameless"
    );
}

#[test]
fn suspected_types_from_log_shapes() {
    let transfer = alloy_primitives::keccak256("Transfer(address,address,uint256)");
    let single =
        alloy_primitives::keccak256("TransferSingle(address,address,address,uint256,uint256)");
    let topic = B256::left_padding_from(Address::ZERO.as_slice());
    assert_eq!(
        suspect_from_log(&[transfer, topic, topic]),
        Some(ContractInterface::Erc20)
    );
    assert_eq!(
        suspect_from_log(&[transfer, topic, topic, topic]),
        Some(ContractInterface::Erc721)
    );
    assert_eq!(
        suspect_from_log(&[single, topic, topic, topic]),
        Some(ContractInterface::Erc1155)
    );
    assert_eq!(suspect_from_log(&[transfer]), None);
    assert_eq!(suspect_from_log(&[topic]), None);
    assert_eq!(suspect_from_log(&[]), None);
}
