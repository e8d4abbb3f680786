//! `store`: how long the index store takes to build an index and to answer the wallet's
//! reads, on SQLite and on PostgreSQL (a throw-away local cluster, loopback), from one run.
//!
//! Builds the same synthetic index in both: one owner with 1,000 ERC-20 approvals,
//! 1,000 transactions and 50 token balances, among `--others` other owners with one
//! approval each, `--builds` times into fresh stores (the writer's commits, timed; best
//! and median printed) and the last one's size on disk. Then (on PostgreSQL after
//! `ANALYZE`, as autovacuum leaves a running index), through the store's reading
//! interface (what a server replica uses), times each read `--runs` times one at a time (p50 and p99), and counts
//! reads per second when `--threads` threads read at once, each `--runs` times, beside
//! the same from one thread.
//!
//! `bench/store/run.sh` (`cargo bench -p tandem-indexer --bench store -- [--others N]
//! [--runs N] [--builds N] [--threads N] [--only sqlite|postgres]`).

#![allow(clippy::print_stdout)] // printing the figures is this benchmark's job

use std::sync::Arc;
use std::time::{Duration, Instant};

use alloy_primitives::{Address, B256, U256};
use anyhow::{Context, bail};
use tandem_domain::history::TransferEvent;
use tandem_evm::source::{PageRequest, SortOrder, TokenStandard, TransactionQuery, TransferQuery};
use tandem_indexer::store::{Batch, DecodedBlock};
use tandem_indexer::{
    FetchedBlock, FetchedTransaction, IndexEvent, PlacedEvent, Store, StoreReads, StoreUrl,
    WriterLock,
};
use tandem_testkit::Postgres;

const OWNER: Address = Address::repeat_byte(0x11);
const OWNER_TRANSACTIONS: u64 = 1_000;
const TOKENS_APPROVED: u64 = 10;
const TOKENS_HELD: u64 = 50;
const TRANSACTIONS_PER_BLOCK: u64 = 100;
const BLOCKS_PER_BATCH: u64 = 10;

struct Options {
    others: u64,
    runs: usize,
    builds: usize,
    threads: usize,
    /// `--only sqlite` or `--only postgres`: one backend.
    only: Option<String>,
}

fn options() -> anyhow::Result<Options> {
    let mut options = Options {
        others: 20_000,
        runs: 500,
        builds: 3,
        threads: 4,
        only: None,
    };
    let mut args = std::env::args().skip(1).filter(|arg| arg != "--bench");
    while let Some(flag) = args.next() {
        let text = args
            .next()
            .with_context(|| format!("{flag} needs a value"))?;
        if flag == "--only" {
            options.only = Some(text);
            continue;
        }
        let value: u64 = text.parse()?;
        match flag.as_str() {
            "--others" => options.others = value,
            "--runs" => options.runs = usize::try_from(value)?.max(1),
            "--builds" => options.builds = usize::try_from(value)?.max(1),
            "--threads" => options.threads = usize::try_from(value)?.max(1),
            other => bail!("unknown flag {other}"),
        }
    }
    Ok(options)
}

fn numbered(prefix: u8, n: u64) -> Address {
    let mut bytes = [prefix; 20];
    bytes[12..].copy_from_slice(&n.to_be_bytes());
    Address::from(bytes)
}

/// The events of synthetic transaction `n`: the owner's first 1,000 approve a spender
/// and receive a token; every later one is another owner's single approval.
fn events(n: u64) -> (Address, Vec<IndexEvent>) {
    if n < OWNER_TRANSACTIONS {
        let approval = IndexEvent::Allowance {
            contract: numbered(0x20, n % TOKENS_APPROVED),
            owner: OWNER,
            spender: numbered(0x30, n / TOKENS_APPROVED),
            amount: U256::from(n + 1),
        };
        let receipt = IndexEvent::Transfer(TransferEvent::Fungible {
            contract: numbered(0x40, n % TOKENS_HELD),
            from: Address::ZERO,
            to: OWNER,
            value: U256::from(1_000_000u64),
        });
        return (OWNER, vec![approval, receipt]);
    }
    let owner = numbered(0x50, n);
    let approval = IndexEvent::Allowance {
        contract: numbered(0x20, n % TOKENS_APPROVED),
        owner,
        spender: numbered(0x30, n % 97),
        amount: U256::MAX,
    };
    (owner, vec![approval])
}

fn block(number: u64) -> DecodedBlock {
    let hash = |n: u64| B256::left_padding_from(&(n + 1).to_be_bytes());
    let mut transactions = Vec::new();
    let mut placed = Vec::new();
    for index in 0..TRANSACTIONS_PER_BLOCK {
        let n = number * TRANSACTIONS_PER_BLOCK + index;
        let (from, events) = events(n);
        transactions.push(FetchedTransaction {
            hash: B256::left_padding_from(&n.to_be_bytes()),
            index,
            from,
            to: Some(numbered(0x20, n % TOKENS_APPROVED)),
            contract_address: None,
            value: U256::ZERO,
            gas_used: U256::from(50_000u64),
            gas_price: U256::from(1u8),
            success: true,
            input: Vec::new(),
            logs: Vec::new(),
        });
        placed.push(
            events
                .into_iter()
                .enumerate()
                .map(|(i, event)| PlacedEvent {
                    log_index: index * 2 + i as u64,
                    sub_index: 0,
                    event,
                })
                .collect(),
        );
    }
    DecodedBlock {
        block: FetchedBlock {
            number,
            hash: hash(number),
            parent_hash: number.checked_sub(1).map_or(B256::ZERO, hash),
            timestamp: 1_700_000_000 + number,
            miner: Address::ZERO,
            transactions,
        },
        events: placed,
    }
}

fn fill(store: &dyn Store, transactions: u64) -> anyhow::Result<()> {
    store.bind_chain(1, 0)?;
    let blocks = transactions.div_ceil(TRANSACTIONS_PER_BLOCK);
    for first in (0..blocks).step_by(usize::try_from(BLOCKS_PER_BATCH)?) {
        let last = (first + BLOCKS_PER_BATCH).min(blocks) - 1;
        store.commit(&Batch {
            blocks: (first..=last).map(block).collect(),
            native_balances: Vec::new(),
            allowance_reads: Vec::new(),
            keep_undo: false,
        })?;
    }
    Ok(())
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

/// Times `read` `runs` times after a few warm-up calls; p50 and p99.
fn time(
    runs: usize,
    mut read: impl FnMut() -> anyhow::Result<usize>,
) -> anyhow::Result<(Duration, Duration, usize)> {
    let mut rows = 0;
    for _ in 0..20 {
        rows = read()?;
    }
    let mut samples = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        read()?;
        samples.push(started.elapsed());
    }
    samples.sort();
    Ok((percentile(&samples, 0.5), percentile(&samples, 0.99), rows))
}

/// Builds the index into a fresh store (`fresh(i)` for the `i`th) `builds` times;
/// the last store built, and the build times (sorted).
fn build(
    options: &Options,
    fresh: &mut dyn FnMut(usize) -> anyhow::Result<StoreUrl>,
) -> anyhow::Result<(StoreUrl, Vec<Duration>)> {
    let mut times = Vec::with_capacity(options.builds);
    let mut last = None;
    for i in 0..options.builds {
        let url = fresh(i)?;
        let writer = WriterLock::try_acquire(&url)?
            .context("a fresh store has no writer")?
            .open_store(None)?;
        let started = Instant::now();
        fill(writer.as_ref(), OWNER_TRANSACTIONS + options.others)?;
        times.push(started.elapsed());
        last = Some(url);
    }
    times.sort();
    Ok((last.context("at least one build")?, times))
}

/// Reads per second when `threads` threads each run `read` `runs` times at once.
fn throughput(
    reads: &dyn StoreReads,
    query: Read,
    threads: usize,
    runs: usize,
) -> anyhow::Result<f64> {
    let started = Instant::now();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    for _ in 0..runs {
                        read(reads, query)?;
                    }
                    Ok(())
                })
            })
            .collect();
        workers.into_iter().try_for_each(|worker| {
            worker
                .join()
                .map_err(|_| anyhow::anyhow!("a reader thread panicked"))?
        })
    })?;
    Ok((threads * runs) as f64 / started.elapsed().as_secs_f64())
}

/// Gathers the planner's statistics, as autovacuum does within a minute or so of a bulk
/// load: the reads are timed as a running index answers them, not as a store whose
/// tables the planner has never seen.
fn analyze(url: &str) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
        let connection = tokio::spawn(connection);
        client.batch_execute("ANALYZE").await?;
        drop(client);
        connection.await??;
        Ok(())
    })
}

/// What the index occupies on disk: the SQLite file with its write-ahead log, or the
/// PostgreSQL database less an empty one's size (the catalog every database carries).
fn stored_bytes(url: &StoreUrl) -> anyhow::Result<u64> {
    match url {
        StoreUrl::Sqlite(path) => {
            let mut total = 0;
            for suffix in ["", "-wal"] {
                let mut name = path.as_os_str().to_owned();
                name.push(suffix);
                total += std::fs::metadata(&name).map_or(0, |meta| meta.len());
            }
            Ok(total)
        }
        StoreUrl::Postgres(url) => {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime.block_on(async {
                let (client, connection) =
                    tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
                let connection = tokio::spawn(connection);
                let row = client
                    .query_one(
                        "SELECT pg_database_size(current_database()) - pg_database_size('template1')",
                        &[],
                    )
                    .await?;
                drop(client);
                connection.await??;
                Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
            })
        }
    }
}

fn bench(
    name: &str,
    options: &Options,
    fresh: &mut dyn FnMut(usize) -> anyhow::Result<StoreUrl>,
) -> anyhow::Result<()> {
    let (url, builds) = build(options, fresh)?;
    println!(
        "{name}: built {} transactions in {:.0} ms (best of {}; median {:.0} ms)",
        OWNER_TRANSACTIONS + options.others,
        builds[0].as_secs_f64() * 1e3,
        builds.len(),
        percentile(&builds, 0.5).as_secs_f64() * 1e3
    );
    if let StoreUrl::Postgres(url) = &url {
        analyze(url)?;
    }
    let bytes = stored_bytes(&url)?;
    println!(
        "{name}: {:.1} MB on disk, {:.0} bytes per transaction (with its events and derived rows)",
        bytes as f64 / 1e6,
        bytes as f64 / (OWNER_TRANSACTIONS + options.others) as f64
    );
    let reads: Arc<dyn StoreReads> = url.open_reads()?;
    for query in READS {
        let (p50, p99, rows) = time(options.runs, || read(reads.as_ref(), query))?;
        println!(
            "{name}: {:<36} {rows:>5} rows  p50 {:>7.3} ms  p99 {:>7.3} ms",
            query.name(),
            p50.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3
        );
    }
    for query in [Read::TokenBalances, Read::Approvals] {
        let alone = throughput(reads.as_ref(), query, 1, options.runs)?;
        let together = throughput(reads.as_ref(), query, options.threads, options.runs)?;
        println!(
            "{name}: {:<36} {alone:>7.0} reads/s from 1 thread, {together:>7.0} from {}",
            query.name(),
            options.threads
        );
    }
    Ok(())
}

/// The reads timed.
#[derive(Debug, Clone, Copy)]
enum Read {
    Approvals,
    TokenBalances,
    Transactions,
    Transfers,
}

const READS: [Read; 4] = [
    Read::Approvals,
    Read::TokenBalances,
    Read::Transactions,
    Read::Transfers,
];

impl Read {
    fn name(self) -> &'static str {
        match self {
            Self::Approvals => "approvals (ERC-20, 1,000)",
            Self::TokenBalances => "token balances (50)",
            Self::Transactions => "transactions (page of 25 of 1,000)",
            Self::Transfers => "transfers (page of 25 of 1,000)",
        }
    }
}

/// Runs one read of the owner's; how many rows it answered.
fn read(reads: &dyn StoreReads, query: Read) -> anyhow::Result<usize> {
    let page = PageRequest {
        offset: 0,
        limit: 25,
    };
    Ok(match query {
        Read::Approvals => reads.approvals(OWNER, &[TokenStandard::Erc20])?.len(),
        Read::TokenBalances => reads.token_balances(OWNER)?.len(),
        Read::Transactions => {
            let query = TransactionQuery {
                page,
                sort: SortOrder::Descending,
                log_topic: None,
                resume_after: None,
            };
            reads.transactions(OWNER, &query)?.rows.len()
        }
        Read::Transfers => {
            let query = TransferQuery {
                standard: TokenStandard::Erc20,
                page,
                contract: None,
                start_block: None,
                end_block: None,
            };
            reads.transfers(OWNER, &query)?.rows.len()
        }
    })
}

fn main() -> anyhow::Result<()> {
    let options = options()?;
    let runs = |backend: &str| options.only.as_deref().is_none_or(|only| only == backend);
    if runs("sqlite") {
        let dir = tempfile::tempdir()?;
        bench("SQLite    ", &options, &mut |i| {
            Ok(StoreUrl::Sqlite(
                dir.path().join(format!("index-{i}.sqlite")),
            ))
        })?;
    }
    if runs("postgres") {
        let cluster = Postgres::start()?;
        bench("PostgreSQL", &options, &mut |i| {
            Ok(StoreUrl::Postgres(
                cluster.create_database(&format!("store_{i}"))?,
            ))
        })?;
    }
    Ok(())
}
