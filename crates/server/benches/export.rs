//! The history export's benchmark (run by `bench/export/run.sh`, by hand): an account with
//! 100,000 history rows, exported as CSV by a release `tandem-server`, timed and watched.
//!
//! 1. A model chain (`tandem-testkit`'s `ModelChain`, the indexer bench's synthetic node)
//!    with one account holding `--rows` token transfers spread over the chain, served on
//!    loopback: 100,000 real anvil transactions would take tens of minutes to mine, the
//!    model is generated in a moment and indexed by the real indexer into a SQLite store.
//! 2. The server is started on that store as the own index of `telos-evm` (chain id 40,
//!    the model's), reading only (`write = false`), the model node as its RPC.
//! 3. The resident memory (VmRSS) of the server is read, the whole history is exported
//!    (`GET …/history.csv`) and read as it streams, sampling the memory; then read again.
//!
//! Prints rows/s (target ≥ 20,000) and the memory before, at its peak while streaming and
//! after (flat: the export holds one page of transactions at a time, never the account).
//! Flags: `--rows N` (default 100000), `--server PATH` (default target/release/tandem-server).

#![allow(clippy::print_stdout)] // printing the figures is this benchmark's job

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use alloy_primitives::address;
use anyhow::{Context, bail};
use tandem_evm::source::{PageRequest, SortOrder, TransactionQuery};
use tandem_indexer::store::StoreReads;
use tandem_indexer::{Indexer, IndexerConfig, SqliteStore};
use tandem_server::evm::export::EXPORT_PAGE;
use tandem_testkit::{ModelChain, ModelLimits, ModelNode, ModelSpec};

/// The exported account.
const ACCOUNT: alloy_primitives::Address = address!("00000000000000000000000000000000000e0a01");
const MIB: f64 = 1024.0 * 1024.0;
/// The SQLite store's page cache over all its readers (`CACHE_KIB` in the store): what a
/// first export may add to the server's memory by reading a store that was not cached.
const STORE_CACHE_MIB: u64 = 64;

struct Flags {
    rows: u64,
    server: PathBuf,
}

fn flags() -> anyhow::Result<Flags> {
    let mut flags = Flags {
        rows: 100_000,
        server: Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/release/tandem-server"),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rows" => flags.rows = args.next().context("--rows N")?.parse()?,
            "--server" => flags.server = args.next().context("--server PATH")?.into(),
            "--bench" => {}
            other => bail!("unknown flag {other}"),
        }
    }
    Ok(flags)
}

/// The resident memory of `pid` in bytes.
fn rss(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kb = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .context("no VmRSS")?
        .trim()
        .trim_end_matches(" kB")
        .trim()
        .parse::<u64>()?;
    Ok(kb * 1024)
}

/// Starts the server and waits for the URL it prints (its other lines are drained).
fn start_server(binary: &Path, config: &Path) -> anyhow::Result<(Child, String)> {
    let mut child = Command::new(binary)
        .args(["--config", &config.display().to_string()])
        .env("TANDEM_LISTEN", "127.0.0.1:0")
        .env("TANDEM_LOG", "off")
        .env_remove("TANDEM_DEVNET_MANIFEST")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("starting {}", binary.display()))?;
    let stdout = child.stdout.take().context("no stdout")?;
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(url) = line.split("tandem-server listening on ").nth(1) {
                sender.send(url.trim().to_owned()).ok();
            }
        }
    });
    match receiver.recv_timeout(Duration::from_secs(30)) {
        Ok(url) => Ok((child, url)),
        Err(_) => {
            child.kill().ok();
            bail!("the server did not listen within 30 s")
        }
    }
}

/// One export read to its end: time, time to the first byte, bytes, lines and the peak
/// resident memory of `pid` (from `floor`).
async fn export_once(
    client: &reqwest::Client,
    route: &str,
    pid: u32,
    floor: u64,
) -> anyhow::Result<(Duration, Duration, u64, u64, u64)> {
    let started = Instant::now();
    let mut response = client.get(route).send().await?.error_for_status()?;
    let mut first_byte = None;
    let (mut bytes, mut lines, mut peak) = (0_u64, 0_u64, floor);
    while let Some(chunk) = response.chunk().await? {
        first_byte.get_or_insert_with(|| started.elapsed());
        bytes += chunk.len() as u64;
        lines += chunk.iter().filter(|&&b| b == b'\n').count() as u64;
        peak = peak.max(rss(pid)?);
    }
    Ok((
        started.elapsed(),
        first_byte.unwrap_or_default(),
        bytes,
        lines,
        peak,
    ))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let flags = flags()?;
    let dir = tempfile::tempdir()?;
    let spec = ModelSpec {
        blocks: flags.rows * 2 + 1_000,
        busy_per_mille: 1,
        transfers: 200,
        tokens: 2,
        holders: 50,
        max_per_tx: 1,
        focus: Some((ACCOUNT, flags.rows)),
        plain_transfers: 0,
        ..ModelSpec::default()
    };
    eprintln!(
        "[export] model chain: {} blocks, {} transfers of the exported account",
        spec.blocks, flags.rows
    );
    let chain = Arc::new(ModelChain::generate(spec));
    let node = ModelNode::start(Arc::clone(&chain), ModelLimits::default(), 2)?;
    let db = dir.path().join("index.sqlite");
    let started = Instant::now();
    {
        let store = Arc::new(SqliteStore::open(&db)?);
        let mut config = IndexerConfig::new(node.url(), 0);
        config.enrich = false;
        let indexed = Indexer::new(config, store.clone())?.sync_to_head().await?;
        eprintln!(
            "[export] indexed to block {indexed:?} in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        // Where a page's time goes: the store's own read of one page at a few depths,
        // by offset (a list page) and resumed after the row before (the export's way).
        for offset in [0, flags.rows / 2, flags.rows.saturating_sub(EXPORT_PAGE)] {
            let mut query = TransactionQuery {
                page: PageRequest {
                    offset,
                    limit: EXPORT_PAGE,
                },
                sort: SortOrder::Descending,
                log_topic: None,
                resume_after: None,
            };
            let read = Instant::now();
            let page = store.transactions(ACCOUNT, &query)?;
            let by_offset = read.elapsed();
            query.page.offset = offset + EXPORT_PAGE;
            query.resume_after = page.rows.last().and_then(|row| row.position());
            let read = Instant::now();
            let resumed = store.transactions(ACCOUNT, &query)?.rows.len();
            eprintln!(
                "[export] store page at offset {offset}: {} rows in {:.0} ms; the next, resumed after its last row: {resumed} rows in {:.0} ms",
                page.rows.len(),
                by_offset.as_secs_f64() * 1000.0,
                read.elapsed().as_secs_f64() * 1000.0
            );
        }
    }
    let config = dir.path().join("tandem.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = \"{data}\"\n\n[networks.telos-evm]\nrpc_endpoint = \"{rpc}\"\nprimary = \"own\"\n\n[networks.telos-evm.index]\nstore = \"sqlite:{db}\"\nwrite = false\n",
            data = dir.path().display(),
            rpc = node.url(),
            db = db.display(),
        ),
    )?;
    let (mut server, url) = start_server(&flags.server, &config)?;
    let pid = server.id();
    let client = reqwest::Client::new();
    let route = format!(
        "{url}/api/v1/evm/telos-evm/accounts/{}/history.csv",
        ACCOUNT.to_checksum(None)
    );
    // A first, small request warms the server (its caches and the store's pages), as a
    // running server would be; the memory is read after it.
    client
        .get(format!(
            "{url}/api/v1/evm/telos-evm/accounts/{}/transactions?limit=10",
            ACCOUNT.to_checksum(None)
        ))
        .send()
        .await?
        .error_for_status()?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = rss(pid)?;

    let (spent, first_byte, bytes, lines, peak) = export_once(&client, &route, pid, before).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = rss(pid)?;
    // Again: memory that only comes back to the allocator (not to the system) is reused,
    // so a second export of the same 100,000 rows must not grow it further.
    let (_, _, _, _, second_peak) = export_once(&client, &route, pid, after).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after_second = rss(pid)?;
    server.kill().ok();
    server.wait().ok();
    drop(node);

    let rows = lines.saturating_sub(1);
    let rate = rows as f64 / spent.as_secs_f64();
    println!(
        "history export of {} transactions ({} CSV rows, {:.1} MiB)",
        flags.rows,
        rows,
        bytes as f64 / MIB
    );
    println!(
        "  time          {:.2} s (first byte after {:.0} ms)",
        spent.as_secs_f64(),
        first_byte.as_secs_f64() * 1000.0
    );
    println!(
        "  rows/s        {rate:.0}   (target >= 20000: {})",
        if rate >= 20_000.0 { "met" } else { "NOT met" }
    );
    println!(
        "  server RSS    before {:.1} MiB, peak while streaming {:.1} MiB, after {:.1} MiB",
        before as f64 / MIB,
        peak as f64 / MIB,
        after as f64 / MIB
    );
    println!(
        "  RSS growth    {:+.1} MiB at the peak, {:+.1} MiB after (the file itself: {:.1} MiB)",
        (peak as f64 - before as f64) / MIB,
        (after as f64 - before as f64) / MIB,
        bytes as f64 / MIB
    );
    // Flat: streaming the file again grows the server by less than a quarter of the
    // file (it would grow by the file, or more, if rows were held).
    let second_growth = second_peak.saturating_sub(after);
    println!(
        "  again         peak {:.1} MiB, after {:.1} MiB: {:+.1} MiB at the peak over its start \
         (memory flat: {}; the first export also fills the store's page cache, at most {} MiB)",
        second_peak as f64 / MIB,
        after_second as f64 / MIB,
        second_growth as f64 / MIB,
        if second_growth * 4 < bytes {
            "met"
        } else {
            "NOT met"
        },
        STORE_CACHE_MIB,
    );
    if rows < flags.rows {
        bail!(
            "the export had {rows} rows, fewer than the account's {} transfers",
            flags.rows
        );
    }
    Ok(())
}
