//! `tandem-indexer`: runs the indexer as its own process — the one writer when several
//! server replicas share a store — or once to catch up (`--once`).
//!
//! ```text
//! tandem-indexer --rpc-url URL --store URL [--start-block N] [--wrapped-native ADDR]...
//!                [--batch-blocks N] [--backfill full|counts|logs] [--sparse-batch-blocks N]
//!                [--ipfs-gateway URL] [--no-enrich] [--once]
//! ```
//! `--store` takes `sqlite:PATH`, a plain path, or `postgres://…`; `--db PATH` is the
//! older spelling. Each flag with a value may come from `TANDEM_INDEXER_<FLAG>` or a file
//! named by `TANDEM_INDEXER_<FLAG>_FILE` instead, so a password need not be on the
//! command line, where `ps` shows it. One process writes a store: a second one started against it waits
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
     [--sparse-batch-blocks N] [--ipfs-gateway URL] [--no-enrich] [--once]

Every flag that takes a value may come from the environment instead: TANDEM_INDEXER_ and
the flag's name upper-cased with - as _ (--store: TANDEM_INDEXER_STORE), or from a file
that TANDEM_INDEXER_<NAME>_FILE names (a store URL with its password: it then appears on
no command line). --wrapped-native takes a comma-separated list there. The command line
wins over the environment.";

/// The flags that take a value; each may also come from the environment.
const VALUE_FLAGS: [&str; 8] = [
    "--rpc-url",
    "--store",
    "--start-block",
    "--batch-blocks",
    "--backfill",
    "--sparse-batch-blocks",
    "--wrapped-native",
    "--ipfs-gateway",
];

struct Args {
    config: IndexerConfig,
    store: StoreUrl,
    once: bool,
}

/// The variable that may hold `flag`'s value: `--rpc-url` → `TANDEM_INDEXER_RPC_URL`.
fn variable_of(flag: &str) -> String {
    let name = flag
        .trim_start_matches('-')
        .to_ascii_uppercase()
        .replace('-', "_");
    format!("TANDEM_INDEXER_{name}")
}

/// The flags the environment sets, each with its value and the variable it came from;
/// `NAME_FILE` reads the value from a file, without its line end.
fn flags_from_environment() -> anyhow::Result<Vec<(&'static str, String, String)>> {
    let var = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
    let mut found = Vec::new();
    for flag in VALUE_FLAGS {
        let name = variable_of(flag);
        let file_name = format!("{name}_FILE");
        match (var(&name), var(&file_name)) {
            (Some(_), Some(_)) => bail!("set {name} or {file_name}, not both"),
            (Some(value), None) => found.push((flag, value, name)),
            (None, Some(path)) => {
                let text = std::fs::read_to_string(&path)
                    .with_context(|| format!("{file_name}: cannot read {path}"))?;
                let value = text.trim_end_matches(['\n', '\r']).to_owned();
                found.push((flag, value, file_name));
            }
            (None, None) => {}
        }
    }
    Ok(found)
}

/// Sets one flag's value; `origin` (the flag or the variable) names it in refusals.
fn set_flag(
    flag: &str,
    value: String,
    origin: &str,
    config: &mut IndexerConfig,
    rpc_url: &mut Option<String>,
    store: &mut Option<StoreUrl>,
) -> anyhow::Result<()> {
    let context = || origin.to_owned();
    match flag {
        "--rpc-url" => *rpc_url = Some(value),
        "--store" | "--db" => *store = Some(value.parse::<StoreUrl>().with_context(context)?),
        "--start-block" => config.start_block = value.parse().with_context(context)?,
        "--batch-blocks" => config.batch_blocks = value.parse().with_context(context)?,
        "--backfill" => config.backfill = value.parse().with_context(context)?,
        "--sparse-batch-blocks" => {
            config.sparse_batch_blocks = value.parse().with_context(context)?;
        }
        "--wrapped-native" => {
            for address in value.split(',').map(str::trim).filter(|a| !a.is_empty()) {
                config
                    .wrapped_native
                    .push(address.parse().with_context(context)?);
            }
        }
        "--ipfs-gateway" => config.ipfs_gateway = value,
        other => bail!("unknown argument {other} (see --help)"),
    }
    Ok(())
}

fn parse_args() -> anyhow::Result<Args> {
    let mut rpc_url = None;
    let mut store = None;
    let mut config = IndexerConfig::new("", 0);
    let mut once = false;
    let mut from_command_line = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--no-enrich" => config.enrich = false,
            "--once" => once = true,
            "--help" | "-h" => {
                eprintln!("{USAGE}");
                std::process::exit(0);
            }
            _ => {
                let value = args
                    .next()
                    .with_context(|| format!("{flag} needs a value"))?;
                from_command_line.push((flag, value));
            }
        }
    }
    // The environment first, so a flag given on the command line replaces its value;
    // a repeated --wrapped-native on the command line adds to the list it started.
    let given: Vec<&str> = from_command_line
        .iter()
        .map(|(flag, _)| flag.as_str())
        .collect();
    for (flag, value, variable) in flags_from_environment()? {
        let replaced = given.contains(&flag) || (flag == "--store" && given.contains(&"--db"));
        if !replaced {
            set_flag(
                flag,
                value,
                &variable,
                &mut config,
                &mut rpc_url,
                &mut store,
            )?;
        }
    }
    for (flag, value) in from_command_line {
        set_flag(&flag, value, &flag, &mut config, &mut rpc_url, &mut store)?;
    }
    config.rpc_url = rpc_url.context("--rpc-url (or TANDEM_INDEXER_RPC_URL) is required")?;
    Ok(Args {
        config,
        store: store
            .context("--store (or TANDEM_INDEXER_STORE, TANDEM_INDEXER_STORE_FILE) is required")?,
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
