//! The best a logs-first backfill could do on this store: `eth_getLogs` pages turned
//! straight into batches (no blocks, receipts or state reads; unknown transaction and
//! header fields left empty) and committed through the real store, the next page
//! fetched while the previous one is written. Not an indexer — nothing here keeps the
//! reorg or completeness guarantees — but an upper bound on what skipping everything
//! except the logs can gain: the store must still write the rows the logs give
//! (transfers, the address index, token balances, one transaction and block row each).

use std::collections::BTreeMap;
use std::sync::Arc;

use alloy::primitives::{Address, B256, Bytes, U64};
use alloy::rpc::client::RpcClient;
use serde::Deserialize;
use serde_json::json;
use tandem_indexer::store::{Batch, DecodedBlock};
use tandem_indexer::{
    FetchedBlock, FetchedLog, FetchedTransaction, SqliteStore, Store, decode_transaction,
};
use tandem_testkit::ModelChain;

use crate::model::INDEXED_TOPICS;
use crate::{Spent, Stopwatch};

/// A log with the places a logs-first index keys it by.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlacedLog {
    address: Address,
    topics: Vec<B256>,
    data: Bytes,
    block_number: U64,
    block_hash: B256,
    transaction_hash: B256,
    transaction_index: U64,
    log_index: U64,
}

/// One batch from one page of logs: blocks in order, each with its transactions in order.
fn batch_of(logs: Vec<PlacedLog>) -> Batch {
    let mut blocks: BTreeMap<u64, (B256, BTreeMap<u64, FetchedTransaction>)> = BTreeMap::new();
    for log in logs {
        let (_, transactions) = blocks
            .entry(log.block_number.to())
            .or_insert_with(|| (log.block_hash, BTreeMap::new()));
        let index: u64 = log.transaction_index.to();
        transactions
            .entry(index)
            .or_insert_with(|| {
                FetchedTransaction::from_logs(log.transaction_hash, index, Vec::new())
            })
            .logs
            .push(FetchedLog {
                log_index: log.log_index.to(),
                address: log.address,
                topics: log.topics,
                data: log.data.to_vec(),
            });
    }
    let blocks = blocks
        .into_iter()
        .map(|(number, (hash, transactions))| {
            let transactions: Vec<FetchedTransaction> = transactions.into_values().collect();
            let events = transactions
                .iter()
                .map(|tx| decode_transaction(tx, &[]))
                .collect();
            DecodedBlock {
                block: FetchedBlock {
                    number,
                    hash,
                    parent_hash: B256::ZERO,
                    timestamp: 0,
                    miner: Address::ZERO,
                    transactions,
                },
                events,
            }
        })
        .collect();
    Batch {
        blocks,
        keep_undo: false,
        ..Batch::default()
    }
}

async fn page(client: &RpcClient, from: u64, to: u64) -> anyhow::Result<Vec<PlacedLog>> {
    let filter = json!({
        "fromBlock": format!("{from:#x}"),
        "toBlock": format!("{to:#x}"),
        "topics": [INDEXED_TOPICS],
    });
    Ok(client.request("eth_getLogs", (filter,)).await?)
}

/// Logs of `chain` in pages of `range` blocks into a fresh SQLite store, one commit per
/// page; the time it took, after checking every holder's balance against the model.
pub async fn run(
    chain: &ModelChain,
    client: &RpcClient,
    range: u64,
    run: usize,
) -> anyhow::Result<Spent> {
    let db = crate::model::scratch_db("logs-only", run);
    let store = Arc::new(SqliteStore::open(&db)?);
    let chain_id: U64 = client.request_noparams("eth_chainId").await?;
    store.bind_chain(chain_id.to(), 0)?;
    let started = Stopwatch::start()?;
    let mut commit: Option<tokio::task::JoinHandle<anyhow::Result<()>>> = None;
    let mut from = 0;
    while from <= chain.head() {
        let to = from.saturating_add(range - 1).min(chain.head());
        let batch = batch_of(page(client, from, to).await?);
        if let Some(previous) = commit.take() {
            previous.await??;
        }
        let writer = Arc::clone(&store);
        commit = Some(tokio::task::spawn_blocking(move || {
            Ok(writer.commit(&batch)?)
        }));
        from = to + 1;
    }
    if let Some(last) = commit {
        last.await??;
    }
    let spent = started.spent()?;
    println!(
        "logs only run {run}: {:.3} s (cpu {:.3} s); store time per table: {}",
        spent.wall.as_secs_f64(),
        spent.cpu.as_secs_f64(),
        crate::model::commit_times(&store)
    );
    crate::model::check_balances(chain, store, "logs only").await?;
    crate::model::remove_db(&db);
    Ok(spent)
}
