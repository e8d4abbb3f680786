//! `tandem-indexer`: runs the indexer as its own process (the one writer when several
//! server replicas share a store), or once to catch up (`--once`).
//!
//! ```text
//! tandem-indexer --rpc-url URL --db PATH [--start-block N] [--wrapped-native ADDR]...
//!                [--batch-blocks N] [--backfill full|counts|logs] [--ipfs-gateway URL]
//!                [--no-enrich] [--once]
//! ```
//! `TANDEM_INDEXER_CRASH=STEP:N` arms a crash point (crash-recovery tests only).

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, bail};
use tandem_indexer::store::CrashPoint;
use tandem_indexer::{Indexer, IndexerConfig, SqliteStore};

struct Args {
    config: IndexerConfig,
    db: PathBuf,
    once: bool,
}

fn parse_args() -> anyhow::Result<Args> {
    let mut rpc_url = None;
    let mut db = None;
    let mut config = IndexerConfig::new("", 0);
    let mut once = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().with_context(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--rpc-url" => rpc_url = Some(value()?),
            "--db" => db = Some(PathBuf::from(value()?)),
            "--start-block" => config.start_block = value()?.parse().context("--start-block")?,
            "--batch-blocks" => config.batch_blocks = value()?.parse().context("--batch-blocks")?,
            "--backfill" => config.backfill = value()?.parse().context("--backfill")?,
            "--wrapped-native" => config
                .wrapped_native
                .push(value()?.parse().context("--wrapped-native")?),
            "--ipfs-gateway" => config.ipfs_gateway = value()?,
            "--no-enrich" => config.enrich = false,
            "--once" => once = true,
            "--help" | "-h" => {
                eprintln!(
                    "tandem-indexer --rpc-url URL --db PATH [--start-block N] [--wrapped-native ADDR]... \
                     [--batch-blocks N] [--backfill full|counts|logs] [--ipfs-gateway URL] [--no-enrich] [--once]"
                );
                std::process::exit(0);
            }
            other => bail!("unknown argument {other} (see --help)"),
        }
    }
    config.rpc_url = rpc_url.context("--rpc-url is required")?;
    Ok(Args {
        config,
        db: db.context("--db is required")?,
        once,
    })
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = parse_args()?;
    let crash = match std::env::var("TANDEM_INDEXER_CRASH") {
        Ok(text) => Some(CrashPoint::parse(&text).context("TANDEM_INDEXER_CRASH must be STEP:N")?),
        Err(_) => None,
    };
    let store = Arc::new(SqliteStore::open(&args.db)?.with_crash_point(crash));
    let indexer = Indexer::new(args.config, store)?;
    if args.once {
        let indexed = indexer.sync_to_head().await?;
        if indexer.config().enrich {
            indexer.enrich().await?;
        }
        eprintln!("tandem-indexer: indexed through block {indexed:?}");
        return Ok(());
    }
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    let shutdown = async move {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = terminate.recv() => {}
        }
    };
    indexer.run_until(shutdown).await?;
    eprintln!(
        "tandem-indexer: stopped at block {:?}",
        indexer.status().indexed_block
    );
    Ok(())
}
