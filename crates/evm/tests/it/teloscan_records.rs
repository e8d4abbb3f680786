//! The Teloscan client against recorded-style fixtures: every endpoint parses into the
//! right records, and drifted fields or rows degrade only themselves.

use crate::teloscan_support::addresses::*;
use crate::teloscan_support::{Route, addr, serve_indexer, u};
use alloy_primitives::{Address, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{
    ApprovalRecord, ContractInterface, PageRequest, SortOrder, TokenStandard, TransactionQuery,
    TransferQuery,
};
use tandem_evm::{EvmSource, SourceKind};

fn page(limit: u64) -> PageRequest {
    PageRequest { offset: 0, limit }
}

fn account_path(endpoint: &str) -> String {
    format!("/v1/account/{ALICE}/{endpoint}")
}

#[tokio::test]
async fn health_reads_iso_or_ms_timestamps_and_string_numbers() {
    let (server, client) =
        serve_indexer(vec![Route::file("/v1/health", "teloscan/health.json")]).await;
    let health = client.health().await.unwrap();
    assert_eq!(health.kind, SourceKind::TeloscanIndexer);
    assert!(health.success && health.is_healthy());
    assert_eq!(health.block_number, 362_812_345);
    assert_eq!(health.block_timestamp_ms, 1_730_817_130_500);
    assert_eq!(health.seconds_behind, 2);

    server.set_routes(vec![Route::file(
        "/v1/health",
        "teloscan/health_lagging.json",
    )]);
    let lagging = client.health().await.unwrap();
    assert_eq!(lagging.block_number, 362_812_285);
    assert_eq!(lagging.block_timestamp_ms, 1_730_817_070_500);
    assert_eq!(lagging.seconds_behind, 60);
    assert!(!lagging.is_healthy());
}

#[tokio::test]
async fn balances_keep_native_exact_amounts_and_contract_facts() {
    let (server, client) = serve_indexer(vec![Route::file(
        &account_path("balances"),
        "teloscan/balances.json",
    )])
    .await;
    let balances = client.balances(addr(ALICE)).await.unwrap();
    assert_eq!(
        server.requests(),
        vec![format!(
            "{}?limit=50&offset=0&includePagination=false",
            account_path("balances")
        )]
    );
    // 7 rows: an object balance, a bad contract and a bare string are skipped.
    assert_eq!(balances.len(), 4);
    assert_eq!(client.skipped_rows(), 3);

    let native = &balances[0];
    assert_eq!(native.token, None);
    assert_eq!(native.amount, u("1523456789012345678901"));
    assert_eq!(native.contract, None);
    assert_eq!(native.updated_ms, Some(1_730_816_000_000));

    let wtlos = &balances[1];
    assert_eq!(wtlos.token, Some(addr(WTLOS)));
    assert_eq!(wtlos.amount, u("250000000000000000"));
    assert_eq!(
        wtlos.updated_ms,
        Some(1_730_815_000_000),
        "string timestamp"
    );
    let info = wtlos.contract.as_ref().unwrap();
    assert_eq!(info.symbol.as_deref(), Some("WTLOS"));
    assert_eq!(info.decimals, Some(18));
    assert_eq!(info.interfaces, vec![ContractInterface::Erc20]);
    assert_eq!(info.supply, Some(u("19765432109876543210987654")));
    assert_eq!(info.creation_block, Some(181_224_385));
    assert!(info.logo_uri.as_deref().unwrap().ends_with("wtlos.png"));

    let stlos = &balances[2];
    assert_eq!(
        stlos.amount,
        U256::MAX,
        "2^256-1 arrives as a string, exactly"
    );
    let info = stlos.contract.as_ref().unwrap();
    assert_eq!(info.decimals, Some(18), "decimals as a string");
    assert!(info.interfaces.is_empty(), "supportedInterfaces null");
    assert_eq!(info.logo_uri, None);
    assert_eq!(info.creation_block, Some(186_741_023));

    let usdc = &balances[3];
    assert_eq!(usdc.amount, U256::from(12_500_000u64));
    assert_eq!(usdc.updated_ms, None);
    let info = usdc.contract.as_ref().unwrap();
    assert_eq!(info.decimals, None, "decimals null");
    assert_eq!(
        info.interfaces,
        vec![ContractInterface::Erc20],
        "'none' ignored"
    );
    assert_eq!(info.supply, Some(U256::from(98_765_432_101u64)));
}

#[tokio::test]
async fn transactions_parse_logs_values_and_paging() {
    let path = format!("/v1/address/{ALICE}/transactions");
    let (server, client) =
        serve_indexer(vec![Route::file(&path, "teloscan/transactions.json")]).await;
    let query = TransactionQuery {
        page: PageRequest {
            offset: 0,
            limit: 25,
        },
        sort: SortOrder::Descending,
        log_topic: None,
        resume_after: None,
    };
    let page = client.transactions(addr(ALICE), &query).await.unwrap();
    let asked = &server.requests()[0];
    for part in [
        "limit=25",
        "offset=0",
        "includePagination=true",
        "full=true",
        "sort=desc",
    ] {
        assert!(asked.contains(part), "{asked} lacks {part}");
    }
    assert_eq!(page.total, Some(57));
    assert!(page.more);
    assert_eq!(page.rows.len(), 3, "the row with a broken hash is skipped");
    assert_eq!(client.skipped_rows(), 1);

    let native = &page.rows[0];
    assert_eq!(native.block_number, 362_810_001);
    assert_eq!(native.transaction.value, u("1000000000000000000"));
    assert_eq!(native.transaction.to, Some(addr(BOB)));
    assert_eq!(native.transaction.gas_used, U256::from(21_000u64));
    assert_eq!(native.transaction.status, "0x1");
    assert!(native.transaction.logs.is_empty() && native.transaction.input.is_empty());

    let token = &page.rows[1];
    assert_eq!(token.block_number, 362_809_000);
    assert_eq!(token.transaction.input[..4], [0xa9, 0x05, 0x9c, 0xbb]);
    let log = &token.transaction.logs[0];
    assert_eq!(log.address, addr(USDC));
    assert_eq!(log.topics.len(), 3);
    assert_eq!(U256::from_be_slice(&log.data), U256::from(12_500_000u64));

    let creation = &page.rows[2];
    assert_eq!(creation.transaction.to, None);
    assert!(creation.transaction.contract_address.is_some());
    assert_eq!(creation.transaction.status, "0x0");
    assert_eq!(
        creation.transaction.gas_price,
        U256::from(524_799_000_000u64),
        "decimal text"
    );
    assert_eq!(
        creation.transaction.gas_used,
        U256::from(1_234_567u64),
        "plain number"
    );
    assert!(creation.transaction.logs.is_empty(), "logs null");
}

#[tokio::test]
async fn transfers_of_each_standard() {
    let path = account_path("transfers");
    let (server, client) = serve_indexer(vec![
        Route::file(&path, "teloscan/transfers_erc20.json").when("type=erc20"),
        Route::file(&path, "teloscan/transfers_erc721.json").when("type=erc721"),
        Route::file(&path, "teloscan/transfers_erc1155.json").when("type=erc1155"),
    ])
    .await;
    let query = |standard| TransferQuery {
        standard,
        page: page(100),
        contract: None,
        start_block: Some(1),
        end_block: None,
    };
    let fungible = client
        .transfers(addr(ALICE), &query(TokenStandard::Erc20))
        .await
        .unwrap();
    assert_eq!(
        fungible.rows.len(),
        2,
        "the row without an amount is skipped"
    );
    assert_eq!(fungible.total, Some(3));
    assert!(!fungible.more);
    assert_eq!(fungible.rows[0].amount, U256::from(12_500_000u64));
    assert_eq!(fungible.rows[0].log_index, 3);
    assert_eq!(fungible.rows[0].token_id, None);
    assert_eq!(fungible.rows[1].block_number, 362_700_100);
    assert_eq!(fungible.rows[1].timestamp_ms, 1_730_800_000_000);
    assert!(server.requests()[0].contains("startBlock=1"));

    let nfts = client
        .transfers(addr(ALICE), &query(TokenStandard::Erc721))
        .await
        .unwrap();
    assert_eq!(nfts.rows.len(), 2);
    assert_eq!(nfts.rows[0].from, Address::ZERO, "a mint");
    assert_eq!(nfts.rows[0].token_id, Some(U256::from(42)));
    assert_eq!(
        nfts.rows[0].amount,
        U256::from(1),
        "ERC-721 amount defaults to 1"
    );
    assert_eq!(nfts.rows[1].token_id, Some(U256::from(7)));

    let multi = client
        .transfers(addr(ALICE), &query(TokenStandard::Erc1155))
        .await
        .unwrap();
    assert_eq!(multi.rows.len(), 1, "the row without a token id is skipped");
    assert_eq!(multi.rows[0].amount, U256::from(25));
    assert_eq!(multi.rows[0].contract, addr(NFT1155));
}

#[tokio::test]
async fn approvals_of_each_kind() {
    let path = account_path("approvals");
    let (server, client) = serve_indexer(vec![
        Route::file(&path, "teloscan/approvals_erc20.json").when("type=erc20"),
        Route::file(&path, "teloscan/approvals_erc721.json").when("type=erc721"),
        Route::file(&path, "teloscan/approvals_erc1155.json").when("type=erc1155"),
    ])
    .await;
    let fungible = client
        .approvals(addr(ALICE), TokenStandard::Erc20)
        .await
        .unwrap();
    assert!(server.requests()[0].ends_with("?type=erc20&all=true&limit=10000"));
    assert_eq!(fungible.len(), 2, "the row without a spender is skipped");
    assert!(matches!(
        &fungible[0],
        ApprovalRecord::Erc20 { amount, spender, .. } if *amount == U256::MAX && *spender == addr(ROUTER)
    ));
    assert!(matches!(&fungible[1], ApprovalRecord::Erc20 { amount, .. } if amount.is_zero()));

    let collection = client
        .approvals(addr(ALICE), TokenStandard::Erc721)
        .await
        .unwrap();
    assert_eq!(
        collection[0],
        ApprovalRecord::Erc721Single {
            owner: addr(ALICE),
            contract: addr(NFT721),
            token_id: U256::from(42),
            approved: addr(BOB),
            updated_ms: 1_730_710_000_000,
        }
    );
    assert!(matches!(
        &collection[1],
        ApprovalRecord::Operator { approved: true, operator, standard: TokenStandard::Erc721, .. } if *operator == addr(ROUTER)
    ));
    assert!(matches!(
        &collection[2],
        ApprovalRecord::Operator {
            approved: false,
            ..
        }
    ));

    let multi = client
        .approvals(addr(ALICE), TokenStandard::Erc1155)
        .await
        .unwrap();
    assert_eq!(multi.len(), 1, "approved: \"yes\" is not a boolean");
    assert!(matches!(
        &multi[0],
        ApprovalRecord::Operator {
            standard: TokenStandard::Erc1155,
            approved: true,
            ..
        }
    ));
}

#[tokio::test]
async fn owned_nfts_keep_metadata_text_including_invalid() {
    let path = account_path("nfts");
    let (server, client) = serve_indexer(vec![
        Route::file(&path, "teloscan/nfts_account_erc721.json").when("type=ERC721"),
        Route::file(&path, "teloscan/nfts_account_erc1155.json").when("type=ERC1155"),
    ])
    .await;
    let owned = client
        .nfts_owned(addr(ALICE), NftStandard::Erc721, page(10_000))
        .await
        .unwrap();
    assert!(server.requests()[0].contains("includeTokenIdSupply=true"));
    assert_eq!(owned.len(), 3, "the row with a bad token id is skipped");
    let punk = &owned[0];
    assert_eq!(punk.token_id, U256::from(42));
    assert_eq!(punk.amount, U256::from(1));
    assert_eq!(punk.owner, Some(addr(ALICE)));
    assert_eq!(punk.block_minted, Some(300_000_001));
    assert!(punk.metadata.as_deref().unwrap().contains("Telos Punk #42"));
    assert_eq!(punk.token_uri.as_deref(), Some("ipfs://QmPunkCid/42.json"));
    assert_eq!(owned[1].metadata.as_deref(), Some("___INVALID_METADATA___"));
    assert_eq!(owned[1].minter, Some(addr(BOB)));
    let object: serde_json::Value =
        serde_json::from_str(owned[2].metadata.as_deref().unwrap()).unwrap();
    assert_eq!(
        object["name"], "Object metadata",
        "an object is kept as its JSON text"
    );

    let items = client
        .nfts_owned(addr(ALICE), NftStandard::Erc1155, page(10_000))
        .await
        .unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].amount, U256::from(25));
    assert_eq!(items[0].supply, Some(U256::from(1000)));
    assert_eq!(items[1].amount, U256::from(2), "amount as a number");
    assert_eq!(items[1].supply, None);
}

#[tokio::test]
async fn collection_nfts_take_their_standard_from_the_collection_or_the_row() {
    let (_server, client) = serve_indexer(vec![
        Route::file(
            &format!("/v1/contract/{NFT721}/nfts"),
            "teloscan/nfts_contract_erc721.json",
        ),
        Route::file(
            &format!("/v1/contract/{NFT1155}/nfts"),
            "teloscan/nfts_contract_erc1155.json",
        ),
    ])
    .await;
    let punks = client
        .collection_nfts(addr(NFT721), None, page(10_000))
        .await
        .unwrap();
    assert_eq!(punks.len(), 2);
    assert!(punks.iter().all(|n| n.standard == NftStandard::Erc721));
    assert_eq!(punks[1].owner, Some(addr(BOB)));
    let items = client
        .collection_nfts(addr(NFT1155), Some(U256::from(3)), page(10))
        .await
        .unwrap();
    assert_eq!(
        items[0].standard,
        NftStandard::Erc1155,
        "inferred from supply"
    );
    assert_eq!(items[0].amount, U256::from(1000));
}
