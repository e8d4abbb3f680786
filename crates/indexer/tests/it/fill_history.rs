//! What a filled account's transaction history must hold, computed from an index of
//! every block (each block's transactions, receipts and logs read by the follower): from
//! the start block on, every transaction touching the account; below it, the kinds a
//! fill finds — what the account sent (failed transactions and creations included), its
//! creation, TLOS it received, its token events, and the calls that moved its balance.
//! And the shape of its pages: ordered, no row twice, the same whoever is filled later.

use alloy::primitives::{Address, B256, keccak256};
use tandem_domain::history::{RawLog, TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC};
use tandem_evm::EvmSource;
use tandem_evm::reads::ChainReader;
use tandem_evm::source::{PageRequest, SortOrder, TransactionQuery, TransactionRecord};
use tandem_indexer::IndexSource;

use crate::common::ALL;

/// Page size of the paging checks: small, so the seeded accounts span several pages.
const PAGE: u64 = 7;

async fn page(source: &IndexSource, account: Address, page: PageRequest) -> Vec<TransactionRecord> {
    let query = TransactionQuery {
        page,
        sort: SortOrder::Descending,
        log_topic: None,
        resume_after: None,
    };
    source
        .transactions(account, &query)
        .await
        .expect("index transactions")
        .rows
}

/// The hashes of `account`'s history, newest first, whole and page by page.
pub async fn snapshot(source: &IndexSource, account: Address) -> (Vec<B256>, Vec<Vec<B256>>) {
    let whole = page(source, account, ALL).await;
    let mut pages = Vec::new();
    for offset in (0..whole.len() as u64).step_by(PAGE as usize) {
        let rows = page(
            source,
            account,
            PageRequest {
                offset,
                limit: PAGE,
            },
        )
        .await;
        pages.push(rows.iter().map(|row| row.transaction.hash).collect());
    }
    let positions: Vec<(u64, u64)> = whole
        .iter()
        .map(|row| (row.block_number, row.tx_index.unwrap_or_default()))
        .collect();
    assert!(
        positions.windows(2).all(|pair| pair[0] > pair[1]),
        "{account}: history newest first, no position twice: {positions:?}"
    );
    let hashes: Vec<B256> = whole.iter().map(|row| row.transaction.hash).collect();
    assert_eq!(
        pages.concat(),
        hashes,
        "{account}: the pages are the history, each row once"
    );
    (hashes, pages)
}

/// Whether `log` is an event the fill searches for with `account` as a party.
fn event_of(log: &RawLog, account: Address) -> bool {
    let me = account.into_word();
    let at = |index: usize| log.topics.get(index) == Some(&me);
    match log.topics.first() {
        Some(topic) if *topic == TRANSFER_TOPIC => at(1) || at(2),
        Some(topic) if [TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC].contains(topic) => {
            at(2) || at(3)
        }
        Some(topic)
            if [
                "Approval(address,address,uint256)",
                "ApprovalForAll(address,address,bool)",
            ]
            .iter()
            .any(|signature| keccak256(signature) == *topic) =>
        {
            at(1) || at(2)
        }
        Some(topic)
            if ["Deposit(address,uint256)", "Withdrawal(address,uint256)"]
                .iter()
                .any(|signature| keccak256(signature) == *topic) =>
        {
            at(1)
        }
        _ => false,
    }
}

/// The hashes `account`'s history must hold once filled, newest first: `reference` is
/// an index of every block, `start` the filled index's first block.
pub async fn expected(
    reference: &IndexSource,
    chain: &ChainReader,
    account: Address,
    start: u64,
) -> Vec<B256> {
    let mut kept = Vec::new();
    for row in page(reference, account, ALL).await {
        let tx = &row.transaction;
        let block = row.block_number;
        let keep = block >= start
            || tx.from == account
            || tx.contract_address == Some(account)
            || (tx.status == "0x1" && tx.to == Some(account) && !tx.value.is_zero())
            || tx.logs.iter().any(|log| event_of(log, account))
            || (block > 0 && {
                // A call to it, or one whose logs come from or name it, in a block where
                // its TLOS balance changed.
                let names = tx.to == Some(account)
                    || tx.logs.iter().any(|log| {
                        log.address == account
                            || log.topics.iter().skip(1).any(|t| *t == account.into_word())
                    });
                let before = chain.at_block(block - 1).native_balance(account).await;
                let after = chain.at_block(block).native_balance(account).await;
                names && before.expect("balance") != after.expect("balance")
            });
        if keep {
            kept.push(tx.hash);
        }
    }
    kept
}
