//! tandem-server: the HTTP API and the web app's host.
//!
//! Any startup failure (bad configuration, unreadable manifest, port in use) ends the
//! process with one clear line on stderr and exit code 1.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use tandem_server::app;
use tandem_server::cache::CacheStore;
use tandem_server::config::{self, Config, Environment, LogFormat};
use tandem_server::evm::EvmOptions;
use tandem_server::native::SafetyLists;
use tandem_server::native::memo_required::MemoRequired;
use tandem_server::native::phishing::PhishingDomains;
use tandem_server::networks::{devnet_extras, served_networks};
use tandem_server::state::{AppState, ClientSettings};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tandem-server: {error:#}");
            ExitCode::FAILURE
        }
    }
}

const USAGE: &str = "usage: tandem-server [--config FILE]
       tandem-server --print-openapi

Serves Tandem's API and web app. Configuration: a TOML file (--config FILE or
TANDEM_CONFIG; see tandem.example.toml), every key of which can also be set from the
environment, which wins: TANDEM_ and the key's path joined by __, upper-cased, - as _
(listen: TANDEM_LISTEN; [networks.telos-evm] primary:
TANDEM_NETWORKS__TELOS_EVM__PRIMARY). NAME_FILE=PATH reads a value from a file
(secrets such as the index store's URL). See docs/operate.md.
--print-openapi writes the API's OpenAPI document to stdout and exits.";

fn run() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        return write_stdout(USAGE);
    }
    if args.iter().any(|arg| arg == "--print-openapi") {
        return write_stdout(&tandem_server::api::openapi::document_json());
    }
    let cli_path = config::config_path_from_args(args)?;
    let config = Config::load(cli_path.as_deref(), &Environment::from_process())?;
    init_tracing(&config.log, config.log_format)?;
    let networks = served_networks(&config)?;
    let evm = EvmOptions {
        data_dir: Some(config.data_dir.clone()),
        price_aggregator_url: config.price_aggregator_url.clone(),
        devnet: devnet_extras(&config)?,
        sources: config.evm_sources.clone(),
        cache: CacheStore::new(config.cache),
        ..EvmOptions::default()
    };
    let lists = SafetyLists {
        memo_required: Arc::new(MemoRequired::load(config.memo_required_file.as_deref())?),
        phishing: Arc::new(PhishingDomains::load(config.phishing_file.as_deref())?),
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let signals = StopSignals::register()?;
        let listener = tandem_server::bind(config.listen).await?;
        let address = listener
            .local_addr()
            .context("cannot read the bound address")?;
        // The one line on stdout that scripts wait for (scripts/lib/stack.mjs).
        let url = tandem_server::local_url(address);
        write_stdout(&format!("tandem-server listening on {url}"))?;
        let state = AppState::builder(networks, config.web_dist.clone())
            .evm_options(evm)
            .client_settings(ClientSettings {
                wallet_connect_project_id: config.wallet_connect_project_id.clone(),
            })
            .limits(config.limits.clone())
            .behind_tls(config.behind_tls)
            .media(config.media.clone())
            .safety_lists(lists)
            .build();
        tracing::info!(%address, web_dist = %config.web_dist.display(), "serving");
        for note in state.client_settings().operator_notes() {
            tracing::info!(setting = note.setting, "{}", note.note);
        }
        let stopping = state.clone();
        let phases = config.shutdown;
        let shutdown = async move {
            signals.received().await;
            // Unready at once; still serving while load balancers notice.
            stopping.host().begin_stop();
            if !phases.unready.is_zero() {
                tracing::info!(
                    seconds = phases.unready.as_secs(),
                    "/readyz answers 503; still serving before the stop"
                );
                tokio::time::sleep(phases.unready).await;
            }
            // Background work (the devnet's indexer) stops while requests drain.
            stopping.evm_networks().stop();
        };
        let limits = std::sync::Arc::clone(state.limits_arc());
        tandem_server::serve(
            listener,
            app::router(state.clone()),
            limits,
            phases.drain,
            shutdown,
        )
        .await?;
        state.shut_down().await;
        tracing::info!("stopped");
        Ok(())
    })
}

/// Writes one line to stdout and flushes it, so a reader on a pipe sees it at once.
fn write_stdout(line: &str) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")
        .and_then(|()| stdout.flush())
        .context("cannot write to stdout")
}

/// Logs to stderr: JSON objects one a line, or text coloured only on a terminal (a
/// container's or journald's log would show the colour codes as text).
fn init_tracing(filter: &str, format: LogFormat) -> anyhow::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .with_context(|| format!("log: invalid filter '{filter}'"))?;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let started = match format {
        LogFormat::Json => builder
            .fmt_fields(tracing_subscriber::fmt::format::JsonFields::new())
            .event_format(tandem_server::ops::logs::FlatJson)
            .try_init(),
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
    };
    started.map_err(|error| anyhow::anyhow!("cannot start logging: {error}"))
}

/// The process's stop signals, registered at once: a signal that arrives after the port
/// is announced but before the server first waits for it must stop the server gracefully,
/// not kill it with the signal's default action.
struct StopSignals {
    #[cfg(unix)]
    interrupt: tokio::signal::unix::Signal,
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
}

impl StopSignals {
    /// Registers SIGINT and SIGTERM; must run inside the runtime.
    fn register() -> anyhow::Result<Self> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(Self {
                interrupt: signal(SignalKind::interrupt()).context("cannot listen for SIGINT")?,
                terminate: signal(SignalKind::terminate()).context("cannot listen for SIGTERM")?,
            })
        }
        #[cfg(not(unix))]
        Ok(Self {})
    }

    /// Resolves on Ctrl-C (SIGINT) or SIGTERM.
    #[cfg(unix)]
    async fn received(mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => tracing::info!("SIGINT received, shutting down"),
            _ = self.terminate.recv() => tracing::info!("SIGTERM received, shutting down"),
        }
    }

    /// Resolves on Ctrl-C.
    #[cfg(not(unix))]
    async fn received(self) {
        if tokio::signal::ctrl_c().await.is_ok() {
            tracing::info!("Ctrl-C received, shutting down");
        } else {
            std::future::pending::<()>().await;
        }
    }
}
