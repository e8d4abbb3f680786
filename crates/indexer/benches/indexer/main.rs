//! The indexer benchmark (`bench/indexer/run.sh`): how fast the indexer indexes a
//! chain from scratch compared with the node merely returning that chain's logs
//! (`eth_getLogs`, the floor: no indexer can read the events for less).
//!
//! Two chains:
//! - `model` ([`model`]): a mainnet-like chain of a million blocks, at most 2 % of them
//!   carrying transfers, served by a synthetic JSON-RPC node on loopback
//!   (`tandem_testkit::ModelNode`), indexed in each backfill mode; then an index started
//!   at its head fills one account with transfers spread over the whole range (the
//!   on-demand fill of a first visit); with where each run's time went and the bound of
//!   a logs-first backfill (ADR 0015);
//! - `anvil` ([`anvil`]): the dense case on a real node, every block full of transfers.
//!
//! ```text
//! bench/indexer/run.sh [--chain model|anvil|both] [--runs N] [--batch-blocks N]
//!     [--blocks N] [--transfers N] [--holders N] [--tokens N] [--busy-per-mille N]
//!     [--plain-transfers N] [--focus-transfers N] [--backfill logs|counts|full|all]
//!     [--log-range-limit N] [--log-results-limit N] [--batch-limit N] [--per-tx N]
//!     [--sparse-batch-blocks N] [--max-scan-blocks N]
//! ```
//! (`--transfers`, `--holders` and `--runs` apply to both chains; `--per-tx` to anvil,
//! `--sparse-batch-blocks` and `--max-scan-blocks` to the model chain.)

#![allow(clippy::print_stdout)] // printing the figures is this binary's job

mod anvil;
mod logs_only;
mod model;

use std::time::{Duration, Instant};

use alloy::primitives::{Address, B256, Bytes, U64};
use anyhow::{Context, bail};
use serde::Deserialize;
use tandem_indexer::{Backfill, IndexerConfig};

/// The log fields an indexer needs, deserialised as the floor measurement.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // read only to make deserialisation do the same work the indexer does
pub(crate) struct FloorLog {
    address: Address,
    topics: Vec<B256>,
    data: Bytes,
    block_number: U64,
    transaction_hash: B256,
    log_index: U64,
}

/// What one measurement cost: wall time, and CPU time of the whole process (the node
/// on loopback and the client or indexer alike, as nothing else runs meanwhile). The
/// CPU time is the work done, which moves far less than the wall time when other
/// processes load the machine, so ratios of it compare runs of a busy machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Spent {
    pub(crate) wall: Duration,
    pub(crate) cpu: Duration,
}

impl Spent {
    /// Nothing measured yet: the best of no runs.
    pub(crate) const NONE: Self = Self {
        wall: Duration::MAX,
        cpu: Duration::MAX,
    };

    /// The best of two runs, wall and CPU time each.
    pub(crate) fn best(self, other: Self) -> Self {
        Self {
            wall: self.wall.min(other.wall),
            cpu: self.cpu.min(other.cpu),
        }
    }

    /// Ratios to `floor`: of wall time and of CPU time.
    pub(crate) fn ratios(self, floor: Self) -> (f64, f64) {
        (
            self.wall.as_secs_f64() / floor.wall.as_secs_f64(),
            self.cpu.as_secs_f64() / floor.cpu.as_secs_f64(),
        )
    }
}

/// Started wall and CPU clocks.
pub(crate) struct Stopwatch {
    wall: Instant,
    cpu: Duration,
}

impl Stopwatch {
    pub(crate) fn start() -> anyhow::Result<Self> {
        Ok(Self {
            wall: Instant::now(),
            cpu: process_cpu()?,
        })
    }

    pub(crate) fn spent(&self) -> anyhow::Result<Spent> {
        Ok(Spent {
            wall: self.wall.elapsed(),
            cpu: process_cpu()?.saturating_sub(self.cpu),
        })
    }
}

/// User and system CPU time of this process so far, all threads.
fn process_cpu() -> anyhow::Result<Duration> {
    use nix::sys::resource::{UsageWho, getrusage};
    let usage = getrusage(UsageWho::RUSAGE_SELF)?;
    let micros = |time: nix::sys::time::TimeVal| {
        Duration::from_secs(u64::try_from(time.tv_sec()).unwrap_or_default())
            + Duration::from_micros(u64::try_from(time.tv_usec()).unwrap_or_default())
    };
    Ok(micros(usage.user_time()) + micros(usage.system_time()))
}

/// Which chains to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chains {
    Model,
    Anvil,
    Both,
}

fn parse() -> anyhow::Result<(Chains, model::Options, anvil::Options)> {
    let batch_blocks = IndexerConfig::new("", 0).batch_blocks;
    let mut chains = Chains::Both;
    let mut model = model::Options::default();
    let mut anvil = anvil::Options {
        transfers: 50_000,
        per_tx: 500,
        holders: 2_000,
        batch_blocks,
        runs: 5,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        // `cargo bench` adds --bench to every bench binary's arguments.
        if flag == "--bench" {
            continue;
        }
        let text = args
            .next()
            .with_context(|| format!("{flag} needs a value"))?;
        let number = || {
            text.parse::<u64>()
                .with_context(|| format!("{flag} {text}"))
        };
        match flag.as_str() {
            "--chain" => {
                chains = match text.as_str() {
                    "model" => Chains::Model,
                    "anvil" => Chains::Anvil,
                    "both" => Chains::Both,
                    other => bail!("--chain must be model, anvil or both, not {other}"),
                }
            }
            "--runs" => {
                let runs = usize::try_from(number()?)?.max(1);
                (model.runs, anvil.runs) = (runs, runs);
            }
            "--batch-blocks" => {
                let blocks = number()?.max(1);
                (model.batch_blocks, anvil.batch_blocks) = (blocks, blocks);
            }
            "--transfers" => (model.spec.transfers, anvil.transfers) = (number()?, number()?),
            "--holders" => {
                let holders = number()?.max(1);
                (model.spec.holders, anvil.holders) = (holders, holders);
            }
            "--per-tx" => anvil.per_tx = number()?.max(1),
            "--blocks" => model.spec.blocks = number()?.max(100),
            "--sparse-batch-blocks" => model.sparse_batch_blocks = Some(number()?.max(1)),
            "--max-scan-blocks" => model.max_scan_blocks = Some(number()?.max(1)),
            "--tokens" => model.spec.tokens = number()?.max(1),
            "--busy-per-mille" => model.spec.busy_per_mille = number()?.clamp(1, 1000),
            "--plain-transfers" => model.spec.plain_transfers = number()?,
            "--focus-transfers" => {
                model.spec.focus = Some((model::FOCUS, number()?)).filter(|(_, n)| *n > 0);
            }
            "--log-range-limit" => model.limits.max_log_range = Some(number()?.max(1)),
            "--log-results-limit" => {
                model.limits.max_log_results = Some(usize::try_from(number()?)?.max(1));
            }
            "--batch-limit" => model.limits.max_batch = Some(usize::try_from(number()?)?.max(1)),
            "--backfill" => {
                model.modes = match text.as_str() {
                    "all" => vec![Backfill::Logs, Backfill::Counts, Backfill::Full],
                    one => vec![one.parse()?],
                }
            }
            other => bail!("unknown flag {other}"),
        }
    }
    Ok((chains, model, anvil))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let (chains, model, anvil) = parse()?;
    if chains != Chains::Anvil {
        model::run(&model).await?;
    }
    if chains != Chains::Model {
        anvil::run(&anvil).await?;
    }
    Ok(())
}
