//! The Blockscout client against the recorded answers of both API generations: every
//! route it reads parses into the right records, lists page through several pages, and
//! drifted fields or rows degrade only themselves.

use alloy_primitives::{Address, U256};
use tandem_evm::source::{
    ContractInterface, PageRequest, SortOrder, TokenStandard, TransactionQuery, TransferQuery,
};
use tandem_evm::{EvmSource, SourceKind};

use crate::blockscout_support::{GENERATIONS, history_routes, route, serve, tx};
use crate::teloscan_support::addresses::*;
use crate::teloscan_support::{addr, u};

fn page(offset: u64, limit: u64) -> PageRequest {
    PageRequest { offset, limit }
}

fn history(offset: u64, limit: u64, sort: SortOrder) -> TransactionQuery {
    TransactionQuery {
        page: page(offset, limit),
        sort,
        log_topic: None,
        resume_after: None,
    }
}

#[tokio::test]
async fn health_reads_the_newest_block_and_notes_unfinished_indexing() {
    for generation in GENERATIONS {
        let (server, client) = serve(vec![
            route(generation, "main-page/indexing-status", "indexing_status"),
            route(generation, "main-page/blocks", "main_page_blocks"),
        ])
        .await;
        let health = client.health().await.unwrap();
        assert_eq!(health.kind, SourceKind::Blockscout);
        assert!(health.success);
        assert_eq!(health.block_number, 362_812_345);
        assert_eq!(health.block_timestamp_ms, 1_796_032_802_500);
        assert_eq!(health.note, None);

        server.set_routes(vec![
            route(
                generation,
                "main-page/indexing-status",
                "indexing_status_catching_up",
            ),
            route(generation, "main-page/blocks", "main_page_blocks"),
        ]);
        let catching_up = client.health().await.unwrap();
        let note = catching_up.note.unwrap();
        assert!(
            note.contains("0.97") && note.contains("Blockscout (127.0.0.1)"),
            "{note}"
        );

        // A deployment without the status route is still read by its blocks.
        server.set_routes(vec![route(
            generation,
            "main-page/blocks",
            "main_page_blocks",
        )]);
        assert_eq!(client.health().await.unwrap().block_number, 362_812_345);
    }
}

#[tokio::test]
async fn balances_page_through_token_lists_and_skip_unreadable_rows() {
    for generation in GENERATIONS {
        let tokens = format!("addresses/{ALICE}/tokens");
        let mut page2 = route(generation, &tokens, "tokens_page2")
            .when("type=ERC-20")
            .when("id=12519063346")
            .when("fiat_value=null");
        if generation == "v11" {
            page2 = page2.when("items_count=50");
        }
        let (server, client) = serve(vec![
            route(generation, &format!("addresses/{ALICE}"), "address"),
            page2,
            route(generation, &tokens, "tokens_page1").when("type=ERC-20"),
        ])
        .await;
        let balances = client.balances(addr(ALICE)).await.unwrap();
        let rows: Vec<(Option<Address>, U256)> =
            balances.iter().map(|b| (b.token, b.amount)).collect();
        assert_eq!(
            rows,
            vec![
                (None, u("1523456789012345678901")),
                (Some(addr(WTLOS)), u("250000000000000000")),
                (Some(addr(STLOS)), u("1000000000000000000000")),
                (Some(addr(USDC)), u("42500000")),
            ],
            "{generation}"
        );
        let usdc = balances[3].contract.as_ref().unwrap();
        assert_eq!(usdc.symbol.as_deref(), Some("USDC.e"));
        assert_eq!(usdc.decimals, Some(6));
        assert_eq!(usdc.interfaces, vec![ContractInterface::Erc20]);
        let wtlos = balances[1].contract.as_ref().unwrap();
        assert!(wtlos.logo_uri.as_deref().unwrap().ends_with("wtlos.png"));
        assert_eq!(
            client.skipped_rows(),
            2,
            "a row without a token address, a bare string"
        );
        let requests = server.requests();
        assert_eq!(requests.len(), 3, "{requests:?}");
        assert!(
            requests.iter().all(|r| !r.contains("limit=")),
            "{requests:?}"
        );
    }
}

#[tokio::test]
async fn history_merges_transactions_token_transfers_and_internal_moves_newest_first() {
    for generation in GENERATIONS {
        let (server, client) = serve(history_routes(generation)).await;
        let mut seen = Vec::new();
        let mut offset = 0;
        loop {
            let answer = client
                .transactions(addr(ALICE), &history(offset, 2, SortOrder::Descending))
                .await
                .unwrap();
            seen.extend(
                answer
                    .rows
                    .iter()
                    .map(|r| format!("{:#x}", r.transaction.hash)),
            );
            offset += 2;
            if !answer.more {
                break;
            }
        }
        assert_eq!(
            seen,
            [6, 5, 4, 3, 2, 1].map(tx),
            "{generation}: one row per transaction, newest block first"
        );
        // The same pages oldest first.
        let oldest = client
            .transactions(addr(ALICE), &history(0, 3, SortOrder::Ascending))
            .await
            .unwrap();
        let hashes: Vec<String> = oldest
            .rows
            .iter()
            .map(|r| format!("{:#x}", r.transaction.hash))
            .collect();
        assert_eq!(hashes, [1, 2, 3].map(tx));
        assert!(oldest.more);

        let page = client
            .transactions(addr(ALICE), &history(2, 2, SortOrder::Descending))
            .await
            .unwrap();
        // TX4 only appears in the token transfers: read by hash, with its logs.
        let received = &page.rows[0];
        assert_eq!(received.block_number, 362_812_100);
        assert_eq!(received.tx_index, Some(3));
        assert_eq!(received.transaction.from, addr(BOB));
        assert_eq!(received.transaction.status, "0x1");
        assert_eq!(received.transaction.logs.len(), 1);
        assert_eq!(
            received.transaction.logs[0].topics.len(),
            3,
            "null topic slots dropped"
        );
        assert_eq!(received.transaction.logs[0].address, addr(USDC));
        let failed = &page.rows[1];
        assert_eq!(failed.transaction.status, "0x0");
        assert_eq!(failed.transaction.input, vec![0xde, 0xad, 0xbe, 0xef]);
        assert_eq!(failed.tx_index, Some(5));
        let requests = server.requests();
        assert!(
            requests.iter().all(|r| !r.contains("limit=")),
            "{requests:?}"
        );
        assert_eq!(
            client.skipped_rows(),
            2,
            "a row with a bad hash, a transfer without a total"
        );
    }
}

#[tokio::test]
async fn drifted_transactions_read_with_old_names_and_pending_rows_wait() {
    for generation in GENERATIONS {
        let account = format!("addresses/{ALICE}");
        let (_server, client) = serve(vec![
            route(
                generation,
                &format!("{account}/transactions"),
                "transactions_drift",
            ),
            route(
                generation,
                &format!("{account}/token-transfers"),
                "token_transfers_legacy",
            ),
            route(
                generation,
                &format!("{account}/internal-transactions"),
                "internal_transactions",
            ),
            route(
                generation,
                &format!("transactions/{}", tx(4)),
                "transaction",
            ),
            route(
                generation,
                &format!("transactions/{}/logs", tx(2)),
                "transaction_logs",
            ),
            route(
                generation,
                &format!("transactions/{}/logs", tx(4)),
                "transaction_logs",
            ),
            route(
                generation,
                &format!("transactions/{}/logs", tx(5)),
                "transaction_logs",
            ),
            route(
                generation,
                &format!("transactions/{}", tx(5)),
                "transaction",
            ),
        ])
        .await;
        let answer = client
            .transactions(addr(ALICE), &history(0, 50, SortOrder::Descending))
            .await
            .unwrap();
        let drifted = answer
            .rows
            .iter()
            .find(|r| format!("{:#x}", r.transaction.hash) == tx(2))
            .expect("the drifted row");
        assert_eq!(drifted.block_number, 362_811_500, "read from `block`");
        assert_eq!(
            drifted.transaction.gas_used,
            U256::ZERO,
            "a null field is only empty"
        );
        assert!(drifted.transaction.input.is_empty());
        assert_eq!(drifted.transaction.timestamp_ms, 1_796_032_381_000);
        assert!(
            answer
                .rows
                .iter()
                .all(|r| r.transaction.value != U256::from(7)),
            "the pending row has no place in the history yet"
        );
    }
}

#[tokio::test]
async fn transfers_filter_by_standard_contract_and_blocks_and_expand_batches() {
    for generation in GENERATIONS {
        let transfers = format!("addresses/{ALICE}/token-transfers");
        let mut page2 = route(generation, &transfers, "token_transfers_page2")
            .when("type=ERC-1155")
            .when("block_number=362811500");
        if generation == "v11" {
            page2 = page2.when("items_count=50");
        }
        let (server, client) = serve(vec![
            route(generation, &transfers, "token_transfers_erc20")
                .when("type=ERC-20")
                .when(&format!("token={}", WTLOS.to_lowercase())),
            route(generation, &transfers, "token_transfers_erc20").when("type=ERC-20"),
            page2,
            route(generation, &transfers, "token_transfers_page1").when("type=ERC-1155"),
        ])
        .await;
        let query = |standard, contract, start_block| TransferQuery {
            standard,
            page: page(0, 10),
            contract,
            start_block,
            end_block: None,
        };
        let erc20 = client
            .transfers(addr(ALICE), &query(TokenStandard::Erc20, None, None))
            .await
            .unwrap();
        assert_eq!(erc20.rows.len(), 2);
        assert_eq!(erc20.rows[0].amount, u("42500000"));
        assert_eq!(erc20.rows[0].log_index, 7);
        assert_eq!(erc20.rows[0].timestamp_ms, 1_796_032_681_000);
        let recent = client
            .transfers(
                addr(ALICE),
                &query(TokenStandard::Erc20, Some(addr(WTLOS)), Some(362_812_050)),
            )
            .await
            .unwrap();
        assert_eq!(
            recent.rows.len(),
            1,
            "below the start block nothing is kept"
        );
        assert!(
            server
                .requests()
                .iter()
                .any(|r| r.contains("token=0xd102ce6a"))
        );
        let batch = client
            .transfers(addr(ALICE), &query(TokenStandard::Erc1155, None, None))
            .await
            .unwrap();
        let ids: Vec<(Option<U256>, U256)> =
            batch.rows.iter().map(|r| (r.token_id, r.amount)).collect();
        assert_eq!(
            ids,
            vec![
                (Some(U256::from(1)), U256::from(5)),
                (Some(U256::from(2)), U256::from(3))
            ],
            "{generation}: a batch becomes a row per token id"
        );
        assert!(!batch.more);
    }
}

#[tokio::test]
async fn legacy_transfer_rows_read_their_old_field_names() {
    let (_server, client) = serve(vec![route(
        "v11",
        &format!("addresses/{ALICE}/token-transfers"),
        "token_transfers_legacy",
    )])
    .await;
    let query = TransferQuery {
        standard: TokenStandard::Erc20,
        page: page(0, 10),
        contract: None,
        start_block: None,
        end_block: None,
    };
    let rows = client.transfers(addr(ALICE), &query).await.unwrap().rows;
    assert_eq!(rows.len(), 1);
    assert_eq!(format!("{:#x}", rows[0].transaction), tx(4));
}
