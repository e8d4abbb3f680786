//! The Teloscan client against recorded-style fixtures: contract details, token holders
//! and market data (the list endpoints are in `teloscan_records.rs`).

use crate::teloscan_support::addresses::*;
use crate::teloscan_support::{Route, addr, serve_indexer, u};
use alloy_primitives::U256;
use tandem_evm::EvmSource;
use tandem_evm::source::HolderQuery;

#[tokio::test]
async fn contract_details_with_abi_empty_and_drifted() {
    let (server, client) = serve_indexer(vec![
        Route::file(&format!("/v1/contract/{WTLOS}"), "teloscan/contract.json"),
        Route::file(
            &format!("/v1/contract/{USDC}"),
            "teloscan/contract_empty.json",
        ),
        Route::file(
            &format!("/v1/contract/{STLOS}"),
            "teloscan/contract_drift.json",
        ),
    ])
    .await;
    let wtlos = client.contract_details(addr(WTLOS)).await.unwrap().unwrap();
    assert!(server.requests()[0].ends_with("?full=true&includeAbi=true"));
    assert_eq!(wtlos.record.name.as_deref(), Some("Wrapped TLOS"));
    assert!(wtlos.record.verified);
    assert!(wtlos.record.creation_transaction.is_some());
    assert!(wtlos.record.creator.is_some());
    let abi: serde_json::Value = serde_json::from_str(wtlos.abi.as_deref().unwrap()).unwrap();
    assert_eq!(abi[0]["name"], "deposit");

    assert_eq!(
        client.contract(addr(USDC)).await.unwrap(),
        None,
        "empty results"
    );

    let drifted = client.contract_details(addr(STLOS)).await.unwrap().unwrap();
    let record = &drifted.record;
    assert_eq!(record.name.as_deref(), Some("Staked TLOS"), "from calldata");
    assert_eq!(record.symbol.as_deref(), Some("STLOS"));
    assert_eq!(
        record.decimals,
        Some(18),
        "'eighteen' drops to calldata's \"18\""
    );
    assert!(record.interfaces.is_empty(), "['none']");
    assert_eq!(record.creator, None);
    assert_eq!(record.creation_transaction, None);
    assert_eq!(record.creation_block, None);
    assert_eq!(record.supply, None, "12.5 is no integer");
    assert!(!record.verified);
    assert!(drifted.abi.unwrap().contains("withdraw"), "abi as an array");
}

#[tokio::test]
async fn holders_by_account_or_token_id() {
    let (server, client) = serve_indexer(vec![
        Route::file(
            &format!("/v1/token/{WTLOS}/holders"),
            "teloscan/holders_account.json",
        ),
        Route::file(
            &format!("/v1/token/{NFT1155}/holders"),
            "teloscan/holders_token_id.json",
        ),
    ])
    .await;
    let mine = client
        .token_holders(addr(WTLOS), &HolderQuery::Account(addr(ALICE)))
        .await
        .unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0].balance, u("250000000000000000"));
    assert_eq!(mine[0].token_id, None);
    let of_id = client
        .token_holders(
            addr(NFT1155),
            &HolderQuery::TokenId {
                token_id: U256::from(3),
                limit: 10_000,
            },
        )
        .await
        .unwrap();
    let asked = server.requests();
    assert_eq!(
        asked[0],
        format!("/v1/token/{WTLOS}/holders?account={ALICE}")
    );
    assert!(asked[1].ends_with("?limit=10000&token_id=3"));
    assert_eq!(of_id.len(), 2, "the bad address is skipped");
    assert_eq!(of_id[0].balance, U256::from(25));
    assert_eq!(of_id[1].balance, U256::from(975));
    assert_eq!(of_id[1].token_id, Some(U256::from(3)));
}

#[tokio::test]
async fn market_data_prices_are_exact_decimal_text() {
    let (server, client) = serve_indexer(vec![Route::file(
        "/v1/tokens/marketdata",
        "teloscan/marketdata.json",
    )])
    .await;
    let data = client
        .market_data(&["WTLOS", "TLOS", "USDC"], "USD")
        .await
        .unwrap();
    assert!(server.requests()[0].ends_with("?tokens=WTLOS%2CTLOS%2CUSDC&vs=USD"));
    assert_eq!(
        data.len(),
        3,
        "the row with neither address nor symbol is skipped"
    );
    let wtlos = &data[0];
    let price = wtlos.price.unwrap();
    assert_eq!(price.price().raw(), u("71234500000000000"));
    assert_eq!(price.updated_ms(), 1_730_817_123_000);
    assert_eq!(wtlos.volume.as_deref(), Some("14250.31"));
    assert_eq!(wtlos.market_cap.as_deref(), Some("1407297.51"));
    assert_eq!(wtlos.holders, Some(3012));
    let tlos = &data[1];
    assert_eq!(tlos.address, None);
    assert_eq!(tlos.symbol.as_deref(), Some("TLOS"));
    assert_eq!(tlos.price.unwrap().price().raw(), u("71180000000000000"));
    assert_eq!(tlos.holders, Some(120_345));
    assert_eq!(
        data[2].price.unwrap().price().raw(),
        u("1000000000000000000")
    );
    assert_eq!(data[2].decimals, Some(6));
}
