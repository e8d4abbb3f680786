//! What every handler can read, built once at start: the served networks' settings, the
//! per-network EVM and native state, the browser app's settings, and the host's facts
//! (the web build, the start time), the cache store and the abuse limits. Cloning it
//! clones a few `Arc`s; each part is its own
//! sub-state, so an extractor or handler can ask for just the part it reads
//! (`State<Arc<EvmNetworks>>`, …) through axum's `FromRef`.
//!
//! A leaf of the module graph: it knows the parts in `evm/` and `native/`, never the
//! router or the handlers.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::extract::FromRef;
use tandem_domain::network::ChainSettings;

use crate::cache::CacheStore;
use crate::evm::{EvmNetwork, EvmNetworks, EvmOptions};
use crate::limits::{Limits, LimitsConfig};
use crate::media::{MediaProxy, MediaSettings};
use crate::native::{NativeNetworks, NativeOptions, SafetyLists};

/// The state of the whole application.
#[derive(Debug, Clone, FromRef)]
pub struct AppState {
    networks: Arc<[ChainSettings]>,
    evm: Arc<EvmNetworks>,
    native: Arc<NativeNetworks>,
    client: Arc<ClientSettings>,
    host: Arc<Host>,
    cache: CacheStore,
    limits: Arc<Limits>,
    media: Arc<MediaProxy>,
}

/// What the browser app is told about this server's configuration
/// (`GET /api/v1/client-config`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientSettings {
    /// The connection-protocol (WalletConnect v2) project id, when configured.
    pub wallet_connect_project_id: Option<String>,
}

/// A setting the operator left unset, and what the end user misses for it: said in the
/// health route and logged at start, never on the user's screens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperatorNote {
    /// The configuration key.
    pub setting: &'static str,
    /// What is off while it is unset, and where to set it.
    pub note: &'static str,
}

impl ClientSettings {
    /// The settings left unset that change what users can do.
    #[must_use]
    pub fn operator_notes(&self) -> Vec<OperatorNote> {
        let mut notes = Vec::new();
        if self.wallet_connect_project_id.is_none() {
            notes.push(OperatorNote {
                setting: "wallet_connect_project_id",
                note: "unset: mobile and connection-protocol wallets are shown off to users; \
                       set it (or TANDEM_WALLET_CONNECT_PROJECT_ID) to offer them",
            });
        }
        notes
    }
}

/// Facts of this server process: where the web build is, when it started and whether
/// it is stopping.
#[derive(Debug)]
pub struct Host {
    web_dist: PathBuf,
    started: Instant,
    behind_tls: bool,
    stopping: AtomicBool,
}

impl Host {
    /// The folder of the built web app.
    #[must_use]
    pub fn web_dist(&self) -> &Path {
        &self.web_dist
    }

    /// How long the server has been running.
    #[must_use]
    pub fn uptime(&self) -> Duration {
        self.started.elapsed()
    }

    /// Marks the process as stopping: `/readyz` answers 503 from now on, while the
    /// server still answers everything else.
    pub fn begin_stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Whether a stop has begun.
    #[must_use]
    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Whether the operator says visitors reach the site over TLS (`behind_tls`): its
    /// answers then carry `Strict-Transport-Security`.
    #[must_use]
    pub fn behind_tls(&self) -> bool {
        self.behind_tls
    }
}

/// Everything the state is built from; [`AppStateBuilder::build`] builds each part once.
#[derive(Debug)]
#[must_use]
pub struct AppStateBuilder {
    networks: Vec<ChainSettings>,
    web_dist: PathBuf,
    evm: EvmOptions,
    client: ClientSettings,
    limits: LimitsConfig,
    behind_tls: bool,
    media: Option<MediaSettings>,
    lists: SafetyLists,
}

impl AppStateBuilder {
    /// The memo-required accounts and phishing domains; default: the shipped lists alone.
    pub fn safety_lists(mut self, lists: SafetyLists) -> Self {
        self.lists = lists;
        self
    }

    /// The media proxy (`[media]`); default: off, links left as they are.
    pub fn media(mut self, media: MediaSettings) -> Self {
        self.media = Some(media);
        self
    }

    /// Whether visitors reach the site over TLS (HSTS on); default: no.
    pub fn behind_tls(mut self, behind_tls: bool) -> Self {
        self.behind_tls = behind_tls;
        self
    }

    /// How the EVM networks are built (the built-in index, the price aggregator, the
    /// devnet's extras); default: none of them.
    pub fn evm_options(mut self, options: EvmOptions) -> Self {
        self.evm = options;
        self
    }

    /// What the browser app is told; default: nothing configured.
    pub fn client_settings(mut self, client: ClientSettings) -> Self {
        self.client = client;
        self
    }

    /// The abuse limits (`[limits]`); default: [`LimitsConfig::default`].
    pub fn limits(mut self, limits: LimitsConfig) -> Self {
        self.limits = limits;
        self
    }

    /// The state. Inside a Tokio runtime the EVM networks' background work (health
    /// checks, token lists, the devnet's indexer) starts at once; it stops with
    /// [`AppState::shut_down`] or when the state is dropped.
    pub fn build(self) -> AppState {
        // Installed before anything runs, so every call from the start is counted.
        let _ = crate::ops::metrics::Metrics::global();
        // The devnets' own servers (EVM assets, the native devnet's token list and logos)
        // are the only local hosts media may come from, and only when a devnet is served.
        let devnet_origins: Vec<String> = self
            .evm
            .devnet
            .iter()
            .filter_map(|devnet| devnet.assets_url.clone())
            .chain(
                self.networks
                    .iter()
                    .filter(|settings| settings.is_devnet)
                    .filter_map(|settings| settings.token_list_url.clone()),
            )
            .collect();
        let allowance =
            tandem_fetch::LocalAllowance::devnet_origins(devnet_origins.iter().map(String::as_str));
        let media = Arc::new(match &self.media {
            Some(settings) => MediaProxy::new(settings, allowance, &self.evm.cache),
            None => MediaProxy::off(&self.evm.cache),
        });
        let mut evm_options = self.evm;
        evm_options.media = media.links().clone();
        AppState {
            media: Arc::clone(&media),
            cache: evm_options.cache.clone(),
            limits: Arc::new(Limits::new(self.limits)),
            evm: Arc::new(EvmNetworks::new(&self.networks, &evm_options)),
            native: Arc::new(NativeNetworks::new(
                &self.networks,
                &NativeOptions {
                    cache: evm_options.cache.clone(),
                    price_aggregator_url: evm_options.price_aggregator_url.clone(),
                    devnet_price_aggregator_url: evm_options
                        .devnet
                        .as_ref()
                        .and_then(|devnet| devnet.price_aggregator_url.clone()),
                    media: media.links().clone(),
                    lists: self.lists,
                },
            )),
            networks: self.networks.into(),
            client: Arc::new(self.client),
            host: Arc::new(Host {
                web_dist: self.web_dist,
                started: Instant::now(),
                behind_tls: self.behind_tls,
                stopping: AtomicBool::new(false),
            }),
        }
    }
}

impl AppState {
    /// A builder for the state of `networks`, hosting the web build in `web_dist`.
    pub fn builder(networks: Vec<ChainSettings>, web_dist: PathBuf) -> AppStateBuilder {
        AppStateBuilder {
            networks,
            web_dist,
            evm: EvmOptions::default(),
            client: ClientSettings::default(),
            limits: LimitsConfig::default(),
            behind_tls: false,
            media: None,
            lists: SafetyLists::default(),
        }
    }

    /// State without the built-in index, a price aggregator or client settings.
    #[must_use]
    pub fn new(networks: Vec<ChainSettings>, web_dist: PathBuf) -> Self {
        Self::builder(networks, web_dist).build()
    }

    /// The served networks' chain settings, in the API's order.
    #[must_use]
    pub fn networks(&self) -> &[ChainSettings] {
        &self.networks
    }

    /// The state of every served EVM network.
    #[must_use]
    pub fn evm_networks(&self) -> &EvmNetworks {
        &self.evm
    }

    /// The served EVM network named `name`; `None` for an unknown, native or unserved one.
    #[must_use]
    pub fn evm(&self, name: &str) -> Option<&EvmNetwork> {
        self.evm.get(name).map(AsRef::as_ref)
    }

    /// The clients of the served native networks.
    #[must_use]
    pub fn native(&self) -> &NativeNetworks {
        &self.native
    }

    /// What the browser app is told about this server.
    #[must_use]
    pub fn client_settings(&self) -> &ClientSettings {
        &self.client
    }

    /// Where the web build is and how long the server has run.
    #[must_use]
    pub fn host(&self) -> &Host {
        &self.host
    }

    /// The store every cache keeps its entries in.
    #[must_use]
    pub fn cache(&self) -> &CacheStore {
        &self.cache
    }

    /// The abuse limits.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The media proxy.
    #[must_use]
    pub fn media(&self) -> &Arc<MediaProxy> {
        &self.media
    }

    /// The abuse limits, shared.
    #[must_use]
    pub fn limits_arc(&self) -> &Arc<Limits> {
        &self.limits
    }

    /// Stops the background work (the devnet's indexer finishes its batch) and waits
    /// for it to end.
    pub async fn shut_down(&self) {
        self.evm.shut_down().await;
    }
}
