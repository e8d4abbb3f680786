//! `tandem-indexer`: runs the indexer as its own process (the one writer when several
//! server replicas share a store), or once to catch up (`--once`).
//!
//! ```text
//! tandem-indexer --rpc-url URL --db PATH [--start-block N] [--wrapped-native ADDR]...
//!                [--batch-blocks N] [--backfill full|counts|logs] [--sparse-batch-blocks N]
//!                [--ipfs-gateway URL] [--no-enrich] [--once]
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
            "--sparse-batch-blocks" => {
                config.sparse_batch_blocks = value()?.parse().context("--sparse-batch-blocks")?;
            }
            "--wrapped-native" => config
                .wrapped_native
                .push(value()?.parse().context("--wrapped-native")?),
            "--ipfs-gateway" => config.ipfs_gateway = value()?,
            "--no-enrich" => config.enrich = false,
            "--once" => once = true,
            "--help" | "-h" => {
                eprintln!(
                    "tandem-indexer --rpc-url URL --db PATH [--start-block N] [--wrapped-native ADDR]... \
                     [--batch-blocks N] [--backfill full|counts|logs] [--sparse-batch-blocks N] \
                     [--ipfs-gateway URL] [--no-enrich] [--once]"
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
    let indexer = Arc::new(Indexer::new(args.config, store)?);
    let progress = progress::Progress::start(Arc::clone(&indexer));
    if args.once {
        let indexed = indexer.sync_to_head().await;
        progress.stop().await;
        let indexed = indexed?;
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
    let stopped = indexer.run_until(shutdown).await;
    progress.stop().await;
    stopped?;
    eprintln!(
        "tandem-indexer: stopped at block {:?}",
        indexer.status().indexed_block
    );
    Ok(())
}

/// The progress output: on a terminal, one line redrawn in place (bar, share, rate,
/// time to catch up); otherwise a plain line every half minute, for logs.
mod progress {
    use std::io::{IsTerminal as _, Write as _};
    use std::sync::Arc;
    use std::time::Duration;

    use tandem_indexer::Indexer;
    use tandem_indexer::progress::{progress_bar, progress_text};
    use tokio::task::JoinHandle;

    /// Width of the bar, in characters.
    const BAR_WIDTH: usize = 30;

    /// The running reporter.
    pub(super) struct Progress {
        task: JoinHandle<()>,
        terminal: bool,
    }

    impl Progress {
        /// Starts reporting `indexer`'s status on stderr.
        pub(super) fn start(indexer: Arc<Indexer>) -> Self {
            let terminal = std::io::stderr().is_terminal();
            let every = if terminal {
                Duration::from_millis(500)
            } else {
                Duration::from_secs(30)
            };
            let task = tokio::spawn(async move {
                let mut ticks = tokio::time::interval(every);
                ticks.tick().await;
                loop {
                    ticks.tick().await;
                    let status = indexer.status();
                    if terminal {
                        // Carriage return and clear-to-end-of-line: the line is redrawn.
                        eprint!("\r{}\x1b[K", progress_bar(&status, BAR_WIDTH));
                        let _ = std::io::stderr().flush();
                    } else {
                        eprintln!("tandem-indexer: {}", progress_text(&status));
                    }
                }
            });
            Self { task, terminal }
        }

        /// Stops reporting, ending the terminal line.
        pub(super) async fn stop(self) {
            self.task.abort();
            let _ = self.task.await;
            if self.terminal {
                eprintln!();
            }
        }
    }
}
