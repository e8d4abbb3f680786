//! The dense case on a real node: anvil (the devnet's binary) with
//! `bench/indexer/BenchToken.sol` deployed (embedded bytecode) and `--transfers` ERC-20
//! transfers seeded (`--per-tx` per transaction, recipients cycling through
//! `--holders` addresses), so every block of the range is full. Times (a) `eth_getLogs`
//! over the range — the floor: the node serialising the same logs — and (b) the
//! indexer indexing the range from scratch into a fresh SQLite file, each `--runs`
//! times, and prints the best of each and their ratio.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use alloy::primitives::{Address, B256, Bytes, U256};
use alloy::rpc::client::{ClientBuilder, RpcClient};
use alloy::sol;
use alloy::sol_types::SolCall;
use anyhow::{Context, bail};
use serde_json::json;
use tandem_evm::EvmSource;
use tandem_evm::source::HolderQuery;
use tandem_indexer::{IndexSource, Indexer, IndexerConfig, SqliteStore};

use crate::FloorLog;

sol! {
    function spray(uint256 count, uint256 start, uint256 holders);
}

const BENCH_TOKEN: &str = include_str!("../../../../bench/indexer/BenchToken.bin");
/// anvil's first dev account (unlocked; public knowledge).
const SENDER: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/// What the anvil bench seeds and how it indexes.
#[derive(Debug, Clone)]
pub struct Options {
    /// ERC-20 transfers seeded.
    pub transfers: u64,
    /// Transfers per transaction.
    pub per_tx: u64,
    /// Distinct recipients.
    pub holders: u64,
    /// The indexer's batch size.
    pub batch_blocks: u64,
    /// Runs of each measurement; the best counts.
    pub runs: usize,
}

/// anvil as a child process, killed on drop.
struct Anvil {
    child: Child,
    url: String,
}

impl Drop for Anvil {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The anvil binary npm `@foundry-rs/anvil` installed in devnet/evm for this platform
/// (its `@foundry-rs/anvil-<os>-<cpu>` package).
fn installed_anvil() -> anyhow::Result<PathBuf> {
    let packages =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../devnet/evm/node_modules/@foundry-rs");
    let entries = std::fs::read_dir(&packages)
        .with_context(|| format!("{}: run `npm ci` in devnet/evm", packages.display()))?;
    entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().starts_with("anvil-"))
        .map(|entry| entry.path().join("bin").join("anvil"))
        .find(|binary| binary.is_file())
        .with_context(|| format!("no anvil binary under {}", packages.display()))
}

fn start_anvil() -> anyhow::Result<Anvil> {
    let binary = match std::env::var_os("ANVIL") {
        Some(path) => PathBuf::from(path),
        None => installed_anvil()?,
    };
    let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let child = Command::new(&binary)
        .args([
            "--host",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--chain-id",
            "41",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| {
            format!(
                "cannot start {} (run `npm ci` in devnet/evm)",
                binary.display()
            )
        })?;
    let anvil = Anvil {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    let deadline = Instant::now() + Duration::from_secs(15);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            bail!("anvil did not start");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(anvil)
}

async fn send(
    client: &RpcClient,
    to: Option<Address>,
    data: Vec<u8>,
) -> anyhow::Result<serde_json::Value> {
    let mut tx = json!({ "from": SENDER, "data": Bytes::from(data), "gas": "0x1ba8140" });
    if let Some(to) = to {
        tx["to"] = json!(to);
    }
    let hash: B256 = client.request("eth_sendTransaction", (tx,)).await?;
    // anvil may answer before it has mined the transaction: wait for the receipt.
    let mut receipt = serde_json::Value::Null;
    for _ in 0..400 {
        receipt = client.request("eth_getTransactionReceipt", (hash,)).await?;
        if !receipt.is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    if receipt["status"] != "0x1" {
        bail!("transaction {hash} failed: {receipt}");
    }
    Ok(receipt)
}

fn block_of(receipt: &serde_json::Value) -> anyhow::Result<u64> {
    let text = receipt["blockNumber"]
        .as_str()
        .context("receipt without block")?;
    Ok(u64::from_str_radix(text.trim_start_matches("0x"), 16)?)
}

/// Seeds anvil and prints the floor, the indexer's time and their ratio.
pub async fn run(options: &Options) -> anyhow::Result<()> {
    println!("== dense chain on anvil: every block full of transfers ==");
    let anvil = start_anvil()?;
    let client = ClientBuilder::default().http(anvil.url.parse()?);

    let seeding = Instant::now();
    let creation = alloy::hex::decode(BENCH_TOKEN.trim())?;
    let deployed = send(&client, None, creation).await?;
    let token: Address = deployed["contractAddress"]
        .as_str()
        .context("no contract address")?
        .parse()?;
    let first = block_of(&deployed)?;
    let mut sent = 0u64;
    let mut last = first;
    let mut expected_total = U256::ZERO;
    while sent < options.transfers {
        let count = options.per_tx.min(options.transfers - sent);
        let call = sprayCall {
            count: U256::from(count),
            start: U256::from(sent),
            holders: U256::from(options.holders),
        };
        last = block_of(&send(&client, Some(token), call.abi_encode()).await?)?;
        expected_total += (sent..sent + count)
            .map(|i| U256::from(1 + i % 7))
            .fold(U256::ZERO, |a, b| a + b);
        sent += count;
    }
    println!(
        "seeded {sent} transfers to {} holders in blocks {first}..={last} ({:.1} s)",
        options.holders,
        seeding.elapsed().as_secs_f64()
    );

    // Floor and indexer runs alternate, so load from other processes hits both alike.
    let mut floor = Duration::MAX;
    let mut best = Duration::MAX;
    for run in 0..options.runs {
        let started = Instant::now();
        let filter = json!({ "fromBlock": format!("{first:#x}"), "toBlock": format!("{last:#x}") });
        let logs: Vec<FloorLog> = client.request("eth_getLogs", (filter,)).await?;
        let elapsed = started.elapsed();
        floor = floor.min(elapsed);
        if (logs.len() as u64) < sent {
            bail!(
                "eth_getLogs returned {} logs for {sent} transfers",
                logs.len()
            );
        }
        println!("floor run {run}: {:.3} s", elapsed.as_secs_f64());
        let db = std::env::temp_dir().join(format!(
            "tandem-indexer-bench-{}-{run}.sqlite",
            std::process::id()
        ));
        let store = Arc::new(SqliteStore::open(&db)?);
        let mut config = IndexerConfig::new(&anvil.url, first);
        config.enrich = false;
        config.batch_blocks = options.batch_blocks;
        let indexer = Indexer::new(config, store.clone())?;
        let started = Instant::now();
        let indexed = indexer.sync_to_head().await?;
        let elapsed = started.elapsed();
        best = best.min(elapsed);
        // Check the work was done: every holder has its exact balance.
        let source = IndexSource::new(store);
        let holders = source
            .token_holders(
                token,
                &HolderQuery::All {
                    limit: options.holders + 10,
                },
            )
            .await?;
        let total: U256 = holders
            .iter()
            .filter(|h| h.address != token)
            .map(|h| h.balance)
            .fold(U256::ZERO, |a, b| a + b);
        if indexed != Some(last) || total != expected_total {
            bail!(
                "run {run}: indexed {indexed:?}, holders hold {total}, expected {expected_total}"
            );
        }
        println!("indexer run {run}: {:.3} s", elapsed.as_secs_f64());
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
        }
    }

    let ratio = best.as_secs_f64() / floor.as_secs_f64();
    // Throughput in transfers per second; u64 → f64 is exact for any count seeded here.
    #[allow(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    let per_second = |elapsed: Duration| sent as f64 / elapsed.as_secs_f64();
    println!(
        "floor  (eth_getLogs, {sent} logs, best of {}): {:.3} s = {:.0} transfers/s",
        options.runs,
        floor.as_secs_f64(),
        per_second(floor)
    );
    println!(
        "indexer (from scratch, batch {} blocks, best of {}): {:.3} s = {:.0} transfers/s",
        options.batch_blocks,
        options.runs,
        best.as_secs_f64(),
        per_second(best)
    );
    println!(
        "ratio indexer / floor: {ratio:.2} (target <= 1.5: {})",
        if ratio <= 1.5 { "met" } else { "missed" }
    );
    Ok(())
}
