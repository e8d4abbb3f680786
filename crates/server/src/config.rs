//! Configuration: a TOML file (every key optional, unknown keys refused) with every key
//! also settable from the environment (`environment.rs`: the one mapping, and `_FILE`
//! for secrets), which wins over the file. Relative paths are relative to the working
//! directory. `tandem.example.toml` beside this crate documents every key.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use tandem_domain::network::{ChainSettingsOverride, NetworkName};

use crate::cache::CacheConfig;
use crate::error::ServerError;
use crate::evm::data_source::SourceSettings;
use crate::limits::LimitsConfig;
use crate::media::MediaSettings;
use crate::validate;

mod environment;
mod limits;
mod sources;

pub use environment::variable_of;

pub use sources::check_against as check_sources;

const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
const DEFAULT_WEB_DIST: &str = "web/dist";
const DEFAULT_LOG: &str = "info";
const DEFAULT_DATA_DIR: &str = ".tandem";
/// How long a stopping server lets requests in flight finish before it cuts them.
const DEFAULT_DRAIN: Duration = Duration::from_secs(30);
/// The public price aggregator (CoinGecko's free API).
pub const DEFAULT_PRICE_AGGREGATOR_URL: &str = "https://api.coingecko.com/api/v3";

/// The server's settings after the file and the environment are combined and checked.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen: SocketAddr,
    /// Directory of the built web app (`index.html`, `assets/`).
    pub web_dist: PathBuf,
    /// The devnet manifest; when set, the server also serves `telos-evm-devnet`.
    pub devnet_manifest: Option<PathBuf>,
    /// The native devnet manifest; when set, the server also serves `telos-native-devnet`.
    pub native_devnet_manifest: Option<PathBuf>,
    /// A `tracing` filter such as `info` or `tandem_server=debug,info`.
    pub log: String,
    /// How log lines are written.
    pub log_format: LogFormat,
    /// `[shutdown]`: what a stop (SIGTERM, Ctrl-C) waits for.
    pub shutdown: Shutdown,
    /// Where the server keeps its own files: the built-in index under `index/`.
    pub data_dir: PathBuf,
    /// The price aggregator (CoinGecko-style API); `None` when disabled.
    pub price_aggregator_url: Option<String>,
    /// The connection-protocol (WalletConnect v2) project id mobile wallets connect
    /// through; `None` leaves that way in off.
    pub wallet_connect_project_id: Option<String>,
    pub network_overrides: BTreeMap<NetworkName, ChainSettingsOverride>,
    /// Per EVM network: its primary data source and own index, where configured.
    pub evm_sources: BTreeMap<NetworkName, SourceSettings>,
    /// `[cache]`: the byte budget of every cache together.
    pub cache: CacheConfig,
    /// `[limits]`: the abuse limits.
    pub limits: LimitsConfig,
    /// Whether visitors reach the server over TLS (through a reverse proxy that ends
    /// it): answers then carry `Strict-Transport-Security`.
    pub behind_tls: bool,
    /// `[media]`: the media proxy.
    pub media: MediaSettings,
    /// The operator's list of native accounts that need a memo (exchanges), added to the
    /// shipped one; read at start.
    pub memo_required_file: Option<PathBuf>,
    /// The operator's list of phishing domains, added to the shipped one; read at start
    /// and again whenever it changes.
    pub phishing_file: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            web_dist: PathBuf::from(DEFAULT_WEB_DIST),
            devnet_manifest: None,
            native_devnet_manifest: None,
            log: DEFAULT_LOG.to_owned(),
            log_format: LogFormat::Text,
            shutdown: Shutdown::default(),
            data_dir: PathBuf::from(DEFAULT_DATA_DIR),
            price_aggregator_url: Some(DEFAULT_PRICE_AGGREGATOR_URL.to_owned()),
            wallet_connect_project_id: None,
            network_overrides: BTreeMap::new(),
            evm_sources: BTreeMap::new(),
            cache: CacheConfig::default(),
            limits: LimitsConfig::default(),
            behind_tls: false,
            media: MediaSettings::default(),
            memo_required_file: None,
            phishing_file: None,
        }
    }
}

/// `[shutdown]`: the phases of a stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shutdown {
    /// How long the server keeps serving after the signal with `/readyz` answering 503,
    /// so load balancers take it out before it stops taking connections.
    pub unready: Duration,
    /// How long requests in flight may then take before they are cut.
    pub drain: Duration,
}

impl Default for Shutdown {
    fn default() -> Self {
        Self {
            unready: Duration::ZERO,
            drain: DEFAULT_DRAIN,
        }
    }
}

/// How log lines are written to stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// Text for people, coloured only when stderr is a terminal.
    #[default]
    Text,
    /// One JSON object a line, for log collectors.
    Json,
}

/// The environment variables the server reads, captured once so loading stays a
/// pure function of its inputs (and tests need not touch the process environment).
#[derive(Debug, Clone, Default)]
pub struct Environment {
    /// `TANDEM_CONFIG`: the config file when the command line names none.
    pub config: Option<PathBuf>,
    /// Every `TANDEM_*` variable by name (`environment.rs` says which key each sets).
    pub vars: BTreeMap<String, String>,
}

impl Environment {
    /// Reads `TANDEM_CONFIG` and every other `TANDEM_*` variable; empty values count
    /// as unset.
    #[must_use]
    pub fn from_process() -> Self {
        Self::from_vars(std::env::vars_os().filter_map(|(name, value)| {
            Some((name.into_string().ok()?, value.into_string().ok()?))
        }))
    }

    /// The environment of these variables (those not starting with `TANDEM_` are left out).
    #[must_use]
    pub fn from_vars(vars: impl IntoIterator<Item = (String, String)>) -> Self {
        let vars: BTreeMap<String, String> = vars
            .into_iter()
            .filter(|(name, value)| name.starts_with("TANDEM_") && !value.is_empty())
            .collect();
        Self {
            config: vars.get("TANDEM_CONFIG").map(PathBuf::from),
            vars,
        }
    }
}

/// The config file path from the command line: `--config FILE` or `--config=FILE`.
pub fn config_path_from_args(
    args: impl IntoIterator<Item = String>,
) -> Result<Option<PathBuf>, ServerError> {
    let mut args = args.into_iter();
    let mut path = None;
    while let Some(arg) = args.next() {
        let value = if arg == "--config" {
            args.next()
                .ok_or_else(|| ServerError::Usage("--config needs a file".to_owned()))?
        } else if let Some(value) = arg.strip_prefix("--config=") {
            value.to_owned()
        } else {
            return Err(ServerError::Usage(format!("unknown argument '{arg}'")));
        };
        path = Some(PathBuf::from(value));
    }
    Ok(path)
}

impl Config {
    /// Loads the config file (the command line's, else `TANDEM_CONFIG`, else none)
    /// and sets on it every key the environment sets. A refusal names the key as the
    /// operator wrote it: the file's dotted key, or the variable that set it.
    pub fn load(cli_path: Option<&Path>, env: &Environment) -> Result<Self, ServerError> {
        let mut table = match cli_path.or(env.config.as_deref()) {
            Some(path) => {
                let text =
                    std::fs::read_to_string(path).map_err(|source| ServerError::ConfigRead {
                        path: path.to_owned(),
                        source,
                    })?;
                // Parsed as the file first: its mistakes are told with their line.
                ConfigFile::parse(path, &text)?;
                toml::from_str::<toml::Table>(&text).map_err(|error| ServerError::ConfigParse {
                    path: path.to_owned(),
                    message: error.to_string().trim_end().to_owned(),
                })?
            }
            None => toml::Table::new(),
        };
        let origins = environment::overlay(&mut table, &env.vars)?;
        let file = toml::Value::Table(table)
            .try_into::<ConfigFile>()
            .map_err(|error| ServerError::EnvironmentParse {
                message: error.to_string().trim_end().to_owned(),
            })?;
        file.resolve().map_err(|error| origins.name_key(error))
    }

    /// Parses config text as if read from `path` (for messages), without environment.
    pub fn from_toml(path: &Path, text: &str) -> Result<Self, ServerError> {
        ConfigFile::parse(path, text)?.resolve()
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    listen: Option<String>,
    web_dist: Option<PathBuf>,
    devnet_manifest: Option<PathBuf>,
    native_devnet_manifest: Option<PathBuf>,
    log: Option<String>,
    log_format: Option<String>,
    data_dir: Option<PathBuf>,
    price_aggregator_url: Option<String>,
    wallet_connect_project_id: Option<String>,
    #[serde(default)]
    networks: BTreeMap<NetworkName, NetworkOverrideFile>,
    cache: Option<CacheFile>,
    limits: Option<limits::LimitsFile>,
    behind_tls: Option<bool>,
    media: Option<MediaFile>,
    memo_required_file: Option<PathBuf>,
    phishing_file: Option<PathBuf>,
    shutdown: Option<ShutdownFile>,
}

/// The `[shutdown]` section.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShutdownFile {
    unready_seconds: Option<u32>,
    drain_seconds: Option<u32>,
}

impl ShutdownFile {
    fn resolve(self) -> Result<Shutdown, ServerError> {
        let defaults = Shutdown::default();
        let drain = match self.drain_seconds {
            Some(0) => {
                return Err(ServerError::InvalidSetting {
                    field: "shutdown.drain_seconds".to_owned(),
                    reason: "must be greater than 0".to_owned(),
                });
            }
            Some(seconds) => Duration::from_secs(u64::from(seconds)),
            None => defaults.drain,
        };
        let unready = self.unready_seconds.map_or(defaults.unready, |seconds| {
            Duration::from_secs(u64::from(seconds))
        });
        Ok(Shutdown { unready, drain })
    }
}

/// The `[media]` section.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct MediaFile {
    proxy: Option<bool>,
    max_bytes: Option<usize>,
    key: Option<String>,
}

impl MediaFile {
    fn resolve(self) -> Result<MediaSettings, ServerError> {
        let defaults = MediaSettings::default();
        if self.max_bytes == Some(0) {
            return Err(ServerError::InvalidSetting {
                field: "media.max_bytes".to_owned(),
                reason: "must be greater than 0".to_owned(),
            });
        }
        if self.key.as_deref().is_some_and(|key| key.len() < 16) {
            return Err(ServerError::InvalidSetting {
                field: "media.key".to_owned(),
                reason: "must be at least 16 characters".to_owned(),
            });
        }
        Ok(MediaSettings {
            proxy: self.proxy.unwrap_or(defaults.proxy),
            max_bytes: self.max_bytes.unwrap_or(defaults.max_bytes),
            key: self.key,
        })
    }
}

/// The `[cache]` section.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CacheFile {
    max_bytes: Option<u64>,
}

/// One `[networks.<name>]` section: all URLs as text, checked in `resolve`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct NetworkOverrideFile {
    rpc_endpoint: Option<String>,
    rpc_fallbacks: Option<Vec<String>>,
    history_endpoint: Option<String>,
    fuel_rpc: Option<String>,
    api_endpoint: Option<String>,
    indexer_endpoint: Option<String>,
    explorer_url: Option<String>,
    ecosystem_url: Option<String>,
    bridge_url: Option<String>,
    token_list_url: Option<String>,
    trusted_contracts_bucket: Option<String>,
    escrow_address: Option<String>,
    staked_token_address: Option<String>,
    wrapped_token_address: Option<String>,
    /// `blockscout`, `teloscan`, `own` or `rpc` (EVM networks).
    primary: Option<toml::Value>,
    /// The own index (EVM networks).
    index: Option<sources::IndexFile>,
}

impl ConfigFile {
    fn parse(path: &Path, text: &str) -> Result<Self, ServerError> {
        toml::from_str(text).map_err(|error| ServerError::ConfigParse {
            path: path.to_owned(),
            message: error.to_string().trim_end().to_owned(),
        })
    }

    fn resolve(self) -> Result<Config, ServerError> {
        let listen = self.listen.as_deref().unwrap_or(DEFAULT_LISTEN);
        let listen = listen
            .parse::<SocketAddr>()
            .map_err(|_| ServerError::InvalidListen {
                field: "listen".to_owned(),
                value: listen.to_owned(),
            })?;

        let log = self.log.unwrap_or_else(|| DEFAULT_LOG.to_owned());
        if let Err(error) = tracing_subscriber::EnvFilter::try_new(&log) {
            return Err(ServerError::InvalidLogFilter {
                field: "log".to_owned(),
                value: log,
                reason: error.to_string(),
            });
        }
        let log_format = match self.log_format.as_deref() {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(other) => {
                return Err(ServerError::InvalidSetting {
                    field: "log_format".to_owned(),
                    reason: format!("'{other}' is not \"text\" or \"json\""),
                });
            }
        };

        // An empty aggregator URL switches the aggregator off.
        let price_aggregator_url = match self.price_aggregator_url.as_deref() {
            None => Some(DEFAULT_PRICE_AGGREGATOR_URL.to_owned()),
            Some("") => None,
            Some(url) => Some(validate::http_url_text("price_aggregator_url", url)?),
        };

        let wallet_connect_project_id = self
            .wallet_connect_project_id
            .filter(|id| !id.is_empty())
            .map(|id| validate::wallet_connect_project_id("wallet_connect_project_id", &id))
            .transpose()?;

        let cache = match self.cache.and_then(|section| section.max_bytes) {
            Some(0) => {
                return Err(ServerError::InvalidSetting {
                    field: "cache.max_bytes".to_owned(),
                    reason: "must be greater than 0".to_owned(),
                });
            }
            Some(max_bytes) => CacheConfig { max_bytes },
            None => CacheConfig::default(),
        };

        let limits = self.limits.unwrap_or_default().resolve()?;

        let mut network_overrides = BTreeMap::new();
        let mut evm_sources = BTreeMap::new();
        for (network, mut section) in self.networks {
            let source = sources::resolve(network, section.primary.take(), section.index.take())?;
            if let Some(source) = source {
                evm_sources.insert(network, source);
            }
            network_overrides.insert(network, section.resolve(network)?);
        }

        Ok(Config {
            listen,
            web_dist: self
                .web_dist
                .unwrap_or_else(|| PathBuf::from(DEFAULT_WEB_DIST)),
            devnet_manifest: self.devnet_manifest,
            native_devnet_manifest: self.native_devnet_manifest,
            log,
            log_format,
            shutdown: self.shutdown.unwrap_or_default().resolve()?,
            data_dir: self
                .data_dir
                .unwrap_or_else(|| PathBuf::from(DEFAULT_DATA_DIR)),
            price_aggregator_url,
            wallet_connect_project_id,
            network_overrides,
            evm_sources,
            cache,
            limits,
            behind_tls: self.behind_tls.unwrap_or(false),
            media: self.media.unwrap_or_default().resolve()?,
            memo_required_file: self.memo_required_file,
            phishing_file: self.phishing_file,
        })
    }
}

impl NetworkOverrideFile {
    fn resolve(self, network: NetworkName) -> Result<ChainSettingsOverride, ServerError> {
        let field = |key: &str| format!("networks.{network}.{key}");
        let url = |key: &str, value: Option<String>| {
            value
                .map(|value| validate::http_url_text(&field(key), &value))
                .transpose()
        };
        let address = |key: &str, value: Option<String>| {
            value
                .map(|value| validate::evm_address(&field(key), &value))
                .transpose()
        };
        let overrides = ChainSettingsOverride {
            rpc_endpoint: self
                .rpc_endpoint
                .map(|value| validate::rpc_endpoint(&field("rpc_endpoint"), &value))
                .transpose()?,
            rpc_fallbacks: self
                .rpc_fallbacks
                .map(|urls| {
                    urls.iter()
                        .map(|value| validate::http_url_text(&field("rpc_fallbacks"), value))
                        .collect::<Result<Vec<_>, _>>()
                })
                .transpose()?,
            history_endpoint: url("history_endpoint", self.history_endpoint)?,
            fuel_rpc: url("fuel_rpc", self.fuel_rpc)?,
            api_endpoint: url("api_endpoint", self.api_endpoint)?,
            indexer_endpoint: url("indexer_endpoint", self.indexer_endpoint)?,
            explorer_url: url("explorer_url", self.explorer_url)?,
            ecosystem_url: url("ecosystem_url", self.ecosystem_url)?,
            bridge_url: url("bridge_url", self.bridge_url)?,
            token_list_url: url("token_list_url", self.token_list_url)?,
            trusted_contracts_bucket: url(
                "trusted_contracts_bucket",
                self.trusted_contracts_bucket,
            )?,
            escrow_address: address("escrow_address", self.escrow_address)?,
            staked_token_address: address("staked_token_address", self.staked_token_address)?,
            wrapped_token_address: address("wrapped_token_address", self.wrapped_token_address)?,
        };
        if let Some(unsupported) = overrides.unsupported_field(network.kind()) {
            return Err(ServerError::UnsupportedOverride {
                network: network.to_string(),
                field: unsupported.to_owned(),
            });
        }
        Ok(overrides)
    }
}

#[cfg(test)]
mod tests;
