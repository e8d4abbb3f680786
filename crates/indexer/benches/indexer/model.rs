//! The mainnet-like case: a [`ModelChain`] of a million blocks (by default), at most 2 %
//! of them carrying transfers, served by a [`ModelNode`] on loopback. Times the floor —
//! `eth_getLogs` of the same events from the same node, over the whole chain (in
//! ranges the node accepts when it limits them) — and the indexer indexing the chain
//! from scratch in each backfill mode, then checks every holder's balance of every
//! token against the model. Prints blocks/s, transfers/s and the ratio to the floor,
//! and for each run where the time went: the follower's busy time per phase, the
//! store's per table, the node's calls and answer bytes per method; beside the floor,
//! the logs-only bound of a logs-first backfill ([`crate::logs_only`]).

use std::sync::Arc;
use std::time::{Duration, Instant};

use alloy::primitives::{Address, B256};
use alloy::rpc::client::{ClientBuilder, RpcClient};
use anyhow::{Context, bail};
use serde_json::json;
use tandem_evm::EvmSource;
use tandem_evm::source::HolderQuery;
use tandem_indexer::fill::Filler;
use tandem_indexer::phases::PhaseTimes;
use tandem_indexer::{Backfill, IndexSource, Indexer, IndexerConfig, SqliteStore};
use tandem_testkit::model_chain::TRANSFER_TOPIC;
use tandem_testkit::{ModelChain, ModelLimits, ModelNode, ModelSpec};

use crate::{FloorLog, Spent, Stopwatch};

/// What the model bench builds and how it indexes.
#[derive(Debug, Clone)]
pub struct Options {
    /// The chain.
    pub spec: ModelSpec,
    /// What the node refuses.
    pub limits: ModelLimits,
    /// Backfill modes to measure.
    pub modes: Vec<Backfill>,
    /// The indexer's batch size.
    pub batch_blocks: u64,
    /// Blocks with content per final batch, when not the default.
    pub sparse_batch_blocks: Option<u64>,
    /// Blocks per scanned stretch of final blocks, when not the default.
    pub max_scan_blocks: Option<u64>,
    /// Runs of each measurement; the best counts.
    pub runs: usize,
}

/// The account the fill is timed for.
pub const FOCUS: Address = alloy::primitives::address!("00000000000000000000000000000000000f0c05");

impl Default for Options {
    fn default() -> Self {
        Self {
            spec: ModelSpec {
                focus: Some((FOCUS, 1_000)),
                ..ModelSpec::default()
            },
            limits: ModelLimits::default(),
            modes: vec![Backfill::Logs, Backfill::Counts],
            batch_blocks: IndexerConfig::new("", 0).batch_blocks,
            sparse_batch_blocks: None,
            max_scan_blocks: None,
            runs: 3,
        }
    }
}

/// The event signatures the indexer asks `eth_getLogs` for (no wrapped coin here).
pub(crate) const INDEXED_TOPICS: [B256; 5] = [
    TRANSFER_TOPIC,
    alloy::primitives::b256!("c3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62"),
    alloy::primitives::b256!("4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb"),
    alloy::primitives::b256!("8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925"),
    alloy::primitives::b256!("17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31"),
];

/// The floor: every indexed event of the chain through `eth_getLogs`, in ranges the
/// node accepts, deserialised. Returns the logs read.
async fn floor(client: &RpcClient, head: u64, range: u64) -> anyhow::Result<u64> {
    let mut read = 0;
    let mut from = 0;
    while from <= head {
        let to = from.saturating_add(range - 1).min(head);
        let filter = json!({
            "fromBlock": format!("{from:#x}"),
            "toBlock": format!("{to:#x}"),
            "topics": [INDEXED_TOPICS],
        });
        let logs: Vec<FloorLog> = client.request("eth_getLogs", (filter,)).await?;
        read += logs.len() as u64;
        from = to + 1;
    }
    Ok(read)
}

/// Indexes the chain from scratch; the time it took, after checking every balance.
async fn index(
    chain: &ModelChain,
    url: &str,
    mode: Backfill,
    options: &Options,
    run: usize,
) -> anyhow::Result<(Spent, PhaseTimes)> {
    let db = scratch_db(&format!("model-{mode}"), run);
    let store = Arc::new(SqliteStore::open(&db)?);
    let mut config = IndexerConfig::new(url, 0);
    config.enrich = false;
    config.backfill = mode;
    config.batch_blocks = options.batch_blocks;
    if let Some(blocks) = options.sparse_batch_blocks {
        config.sparse_batch_blocks = blocks;
    }
    if let Some(blocks) = options.max_scan_blocks {
        config.max_scan_blocks = blocks;
    }
    let indexer = Indexer::new(config, store.clone())?;
    let started = Stopwatch::start()?;
    let indexed = indexer.sync_to_head().await?;
    let spent = started.spent()?;
    if indexed != Some(chain.head()) {
        bail!(
            "{mode}: indexed up to {indexed:?}, the head is {}",
            chain.head()
        );
    }
    check_balances(chain, store.clone(), mode.name()).await?;
    remove_db(&db);
    println!("    store time per table: {}", commit_times(&store));
    Ok((spent, indexer.phase_times()))
}

/// A store file of this process for run `run` of `kind`.
pub(crate) fn scratch_db(kind: &str, run: usize) -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "tandem-indexer-{kind}-{}-{run}.sqlite",
        std::process::id()
    ))
}

/// Removes a store file and SQLite's and the writer lock's files beside it.
pub(crate) fn remove_db(db: &std::path::Path) {
    for suffix in ["", "-wal", "-shm", "-writer.lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}

/// Every holder's balance of every token in `store` is the model's.
pub(crate) async fn check_balances(
    chain: &ModelChain,
    store: Arc<SqliteStore>,
    what: &str,
) -> anyhow::Result<()> {
    let source = IndexSource::new(store);
    let all = HolderQuery::All {
        limit: chain.spec().holders + 100,
    };
    for &token in chain.tokens() {
        let mut indexed: Vec<(Address, _)> = source
            .token_holders(token, &all)
            .await?
            .into_iter()
            .filter(|holder| !holder.balance.is_zero())
            .map(|holder| (holder.address, holder.balance))
            .collect();
        indexed.sort();
        if indexed != chain.token_balances(token) {
            bail!("{what}: the balances of {token} differ from the model's");
        }
    }
    Ok(())
}

/// The store's commit time per table, for the printout.
pub(crate) fn commit_times(store: &SqliteStore) -> String {
    let tables: Vec<String> = store
        .commit_times()
        .into_iter()
        .map(|(table, elapsed, runs)| format!("{table} {:.3} s ({runs}×)", elapsed.as_secs_f64()))
        .collect();
    tables.join(", ")
}

/// An index started at the head fills `account`: the time the fill took, after checking
/// the account's balances against the model's.
async fn fill(
    chain: &ModelChain,
    url: &str,
    account: Address,
    run: usize,
) -> anyhow::Result<Duration> {
    let db = scratch_db("fill", run);
    let store = Arc::new(SqliteStore::open(&db)?);
    let mut config = IndexerConfig::new(url, chain.head());
    config.enrich = false;
    Indexer::new(config.clone(), store.clone())?
        .sync_to_head()
        .await?;
    let filler = Filler::new(store.clone(), &config, 1)?;
    let started = Instant::now();
    filler.fill(account, &|_| {}).await?;
    let elapsed = started.elapsed();
    let source = IndexSource::new(store);
    let held = source.balances(account).await?;
    for &token in chain.tokens() {
        let indexed = held
            .iter()
            .find(|balance| balance.token == Some(token))
            .map(|balance| balance.amount)
            .unwrap_or_default();
        let expected = chain
            .token_balances(token)
            .into_iter()
            .find(|(holder, _)| *holder == account)
            .map(|(_, amount)| amount)
            .unwrap_or_default();
        if indexed != expected {
            bail!("fill: {account}'s balance of {token} is {indexed}, the model's {expected}");
        }
    }
    remove_db(&db);
    Ok(elapsed)
}

/// Per second, for the printout.
#[allow(
    clippy::cast_precision_loss,
    reason = "counts far below 2^52, printed rounded"
)]
fn rate(count: u64, elapsed: Duration) -> f64 {
    count as f64 / elapsed.as_secs_f64()
}

/// What the node was asked since its counts were reset: requests, and calls and answer
/// bytes by method.
fn asked(node: &ModelNode) -> String {
    let bytes = node.answer_bytes();
    let mut calls: Vec<(String, u64)> = node.calls().into_iter().collect();
    calls.sort();
    let by_method: Vec<String> = calls
        .into_iter()
        .map(|(method, count)| {
            let answered = bytes.get(&method).copied().unwrap_or_default();
            format!("{method} {count}× {:.1} MB", megabytes(answered))
        })
        .collect();
    format!("{} requests: {}", node.requests(), by_method.join(", "))
}

#[allow(
    clippy::cast_precision_loss,
    reason = "byte counts far below 2^52, printed rounded"
)]
fn megabytes(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

/// Builds the chain, serves it, and prints the floor and each mode's figures.
pub async fn run(options: &Options) -> anyhow::Result<()> {
    println!("== mainnet-like chain on a synthetic node ==");
    let started = Instant::now();
    let chain = Arc::new(ModelChain::generate(options.spec.clone()));
    let blocks = chain.head() + 1;
    let transfers = chain.transfer_count();
    println!(
        "chain: {blocks} blocks, {} with transfers ({:.2} %), {} more with a plain TLOS transfer, \
         {transfers} transfers of {} tokens among {} holders (built in {:.1} s)",
        chain.blocks_with_transfers(),
        rate(
            chain.blocks_with_transfers() * 100,
            Duration::from_secs(blocks)
        ),
        chain.busy_blocks() - chain.blocks_with_transfers(),
        chain.tokens().len(),
        options.spec.holders,
        started.elapsed().as_secs_f64(),
    );
    let node = ModelNode::start(Arc::clone(&chain), options.limits, 2)?;
    println!("node limits: {:?}", options.limits);
    let client = ClientBuilder::default().http(node.url().parse()?);
    let log_range = options.limits.max_log_range.unwrap_or(u64::MAX);

    let mut best_floor = Spent::NONE;
    let mut best_logs_only = Spent::NONE;
    // Pages as the indexer's scan asks for them: a stretch, within what the node accepts.
    let logs_only_range = options
        .max_scan_blocks
        .unwrap_or(IndexerConfig::new("", 0).max_scan_blocks)
        .min(log_range);
    let mut best: Vec<Spent> = vec![Spent::NONE; options.modes.len()];
    let mut calls = vec![String::new(); options.modes.len()];
    for run in 0..options.runs {
        // Floor and indexer runs alternate, so load from other processes hits both alike.
        node.reset_counts();
        let started = Stopwatch::start()?;
        let logs = floor(&client, chain.head(), log_range)
            .await
            .context("floor")?;
        let spent = started.spent()?;
        if logs != transfers {
            bail!("eth_getLogs returned {logs} logs for {transfers} transfers");
        }
        best_floor = best_floor.best(spent);
        println!(
            "floor run {run}: {:.3} s (cpu {:.3} s); node asked: {}",
            spent.wall.as_secs_f64(),
            spent.cpu.as_secs_f64(),
            asked(&node)
        );
        let logs_only = crate::logs_only::run(&chain, &client, logs_only_range, run)
            .await
            .context("logs only")?;
        best_logs_only = best_logs_only.best(logs_only);
        for (slot, mode) in options.modes.iter().enumerate() {
            node.reset_counts();
            let (spent, phases) = index(&chain, &node.url(), *mode, options, run).await?;
            best[slot] = best[slot].best(spent);
            calls[slot] = asked(&node);
            println!(
                "indexer ({mode}) run {run}: {:.3} s (cpu {:.3} s); busy per phase (phases overlap): {phases}",
                spent.wall.as_secs_f64(),
                spent.cpu.as_secs_f64(),
            );
        }
    }
    println!(
        "floor   (eth_getLogs, {transfers} logs, best of {}): {:.3} s (cpu {:.3} s) = {:.0} blocks/s, \
         {:.0} transfers/s",
        options.runs,
        best_floor.wall.as_secs_f64(),
        best_floor.cpu.as_secs_f64(),
        rate(blocks, best_floor.wall),
        rate(transfers, best_floor.wall),
    );
    let (ratio, cpu_ratio) = best_logs_only.ratios(best_floor);
    println!(
        "logs only (eth_getLogs pages of {logs_only_range} blocks committed to SQLite as they come, \
         no blocks, receipts or state reads: the bound of a logs-first backfill, best of {}): \
         {:.3} s (cpu {:.3} s) = {:.0} blocks/s, {:.0} transfers/s; ratio to the floor {ratio:.2} \
         (cpu {cpu_ratio:.2})",
        options.runs,
        best_logs_only.wall.as_secs_f64(),
        best_logs_only.cpu.as_secs_f64(),
        rate(blocks, best_logs_only.wall),
        rate(transfers, best_logs_only.wall),
    );
    for ((mode, spent), calls) in options.modes.iter().zip(&best).zip(&calls) {
        let (ratio, cpu_ratio) = spent.ratios(best_floor);
        println!(
            "indexer (backfill {mode}, from scratch, best of {}): {:.3} s (cpu {:.3} s) = {:.0} blocks/s, \
             {:.0} transfers/s; ratio to the floor {ratio:.2} (cpu {cpu_ratio:.2}) (target <= 2: {})",
            options.runs,
            spent.wall.as_secs_f64(),
            spent.cpu.as_secs_f64(),
            rate(blocks, spent.wall),
            rate(transfers, spent.wall),
            if ratio <= 2.0 { "met" } else { "missed" },
        );
        println!("    node asked: {calls}");
    }
    if let Some((account, focus_transfers)) = options.spec.focus {
        let mut best_fill = Duration::MAX;
        for run in 0..options.runs {
            node.reset_counts();
            let elapsed = fill(&chain, &node.url(), account, run)
                .await
                .context("fill")?;
            best_fill = best_fill.min(elapsed);
            println!(
                "fill run {run}: {:.3} s, {} requests",
                elapsed.as_secs_f64(),
                node.requests()
            );
        }
        println!(
            "on-demand fill of one account with {focus_transfers} transfers spread over {blocks} blocks \
             (index started at the head, best of {}): {:.3} s (target < 2 s: {})",
            options.runs,
            best_fill.as_secs_f64(),
            if best_fill < Duration::from_secs(2) {
                "met"
            } else {
                "missed"
            },
        );
    }
    Ok(())
}
