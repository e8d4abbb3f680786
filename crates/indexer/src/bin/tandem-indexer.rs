//! `tandem-indexer`: runs the indexer as its own process — the one writer when several
//! server replicas share a store — or once to catch up (`--once`).
//!
//! ```text
//! tandem-indexer --rpc-url URL --store URL [--start-block N] [--wrapped-native ADDR]...
//!                [--batch-blocks N] [--backfill full|counts|logs] [--sparse-batch-blocks N]
//!                [--ipfs-gateway URL] [--no-enrich] [--once]
//! ```
//! `--store` takes `sqlite:PATH`, a plain path, or `postgres://…`; `--db PATH` is the
//! older spelling. One process writes a store: a second one started against it waits
//! as a hot standby and takes over within a second of the first one dying.
//! `TANDEM_INDEXER_CRASH=STEP:N` arms a crash point (crash-recovery tests only).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use tandem_indexer::store::CrashPoint;
use tandem_indexer::{Indexer, IndexerConfig, StoreUrl, WriterLock};

/// How often a standby tries to take the writer lock.
const STANDBY_POLL: Duration = Duration::from_millis(250);

const USAGE: &str = "tandem-indexer --rpc-url URL --store URL [--start-block N] \
     [--wrapped-native ADDR]... [--batch-blocks N] [--backfill full|counts|logs] \
     [--sparse-batch-blocks N] [--ipfs-gateway URL] [--no-enrich] [--once]";

struct Args {
    config: IndexerConfig,
    store: StoreUrl,
    once: bool,
}

fn parse_args() -> anyhow::Result<Args> {
    let mut rpc_url = None;
    let mut store = None;
    let mut config = IndexerConfig::new("", 0);
    let mut once = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().with_context(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--rpc-url" => rpc_url = Some(value()?),
            "--store" | "--db" => {
                store = Some(value()?.parse::<StoreUrl>().context("--store")?);
            }
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
                eprintln!("{USAGE}");
                std::process::exit(0);
            }
            other => bail!("unknown argument {other} (see --help)"),
        }
    }
    config.rpc_url = rpc_url.context("--rpc-url is required")?;
    Ok(Args {
        config,
        store: store.context("--store is required")?,
        once,
    })
}

/// Waits for the writer lock of `store` (saying so once) until `stopping` is raised.
async fn take_writer_lock(
    store: StoreUrl,
    stopping: Arc<AtomicBool>,
) -> anyhow::Result<Option<WriterLock>> {
    tokio::task::spawn_blocking(move || {
        let mut waited = false;
        let lock = WriterLock::wait(&store, STANDBY_POLL, |tries| {
            if tries == 1 {
                eprintln!(
                    "tandem-indexer: another indexer writes {store}; waiting as a hot standby"
                );
                waited = true;
            }
            !stopping.load(Ordering::SeqCst)
        })?;
        if waited && lock.is_some() {
            eprintln!("tandem-indexer: the writer is gone; taking over {store}");
        }
        Ok(lock)
    })
    .await
    .context("the lock task failed")?
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = parse_args()?;
    let crash = match std::env::var("TANDEM_INDEXER_CRASH") {
        Ok(text) => Some(CrashPoint::parse(&text).context("TANDEM_INDEXER_CRASH must be STEP:N")?),
        Err(_) => None,
    };
    let stopping = Arc::new(AtomicBool::new(false));
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    let raised = Arc::clone(&stopping);
    let shutdown = async move {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = terminate.recv() => {}
        }
        raised.store(true, Ordering::SeqCst);
    };
    tokio::pin!(shutdown);

    let lock = tokio::select! {
        lock = take_writer_lock(args.store.clone(), Arc::clone(&stopping)) => lock?,
        () = &mut shutdown => None,
    };
    let Some(lock) = lock else {
        eprintln!(
            "tandem-indexer: stopped while waiting to write {}",
            args.store
        );
        return Ok(());
    };
    let store = tokio::task::spawn_blocking(move || lock.open_store(crash))
        .await
        .context("the store task failed")??;
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
