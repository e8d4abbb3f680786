//! The server's two error types, one per reader:
//!
//! - [`ServerError`]: what stops the server from starting or serving. Each message names
//!   the field, file or address at fault, because the person reading it is an operator
//!   fixing a deployment. IO causes are kept as the error's `source`, so print with
//!   `{:#}` (anyhow) to show them.
//! - [`ServiceError`]: why one answer could not be given, for the API's client; the
//!   services fail with it and `api/error.rs` maps it to a status and a stable code.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use alloy_primitives::{Address, B256, Bytes, U256};
use tandem_antelope::{AntelopeError, ChainError};
use tandem_domain::DomainError;
use tandem_domain::network::NetworkName;
use tandem_evm::EvmError;

/// Why the server could not start or keep serving.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("{0}\nusage: tandem-server [--config FILE]")]
    Usage(String),

    #[error("cannot read config file {path}")]
    ConfigRead {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("invalid config file {path}: {message}")]
    ConfigParse { path: PathBuf, message: String },

    #[error("{variable}: cannot read {path}")]
    SettingFileRead {
        variable: String,
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("invalid setting in the environment: {message}")]
    EnvironmentParse { message: String },

    #[error("{field}: '{value}' is not a valid http(s) URL ({reason})")]
    InvalidUrl {
        field: String,
        value: String,
        reason: String,
    },

    #[error("{field}: '{value}' is not an EVM address (0x followed by 40 hex digits)")]
    InvalidAddress { field: String, value: String },

    #[error(
        "{field}: '{value}' is not a connection-protocol project id (32 hexadecimal characters)"
    )]
    InvalidProjectId { field: String, value: String },

    #[error("{field}: '{value}' is not an IP address and port such as 127.0.0.1:8080")]
    InvalidListen { field: String, value: String },

    #[error("{field}: '{value}' is not a valid log filter ({reason})")]
    InvalidLogFilter {
        field: String,
        value: String,
        reason: String,
    },

    #[error("{field}: {reason}")]
    InvalidSetting { field: String, reason: String },

    #[error("{field}: cannot read {path}")]
    OperatorListRead {
        field: String,
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("{field}: {path} line {line}: {reason}")]
    OperatorListInvalid {
        field: String,
        path: PathBuf,
        line: usize,
        reason: String,
    },

    #[error("networks.{network}.{field}: {network} is a native network and has no such contract")]
    UnsupportedOverride { network: String, field: String },

    #[error(
        "networks.telos-evm-devnet: the devnet's settings come from its manifest; \
         set devnet_manifest (or TANDEM_DEVNET_MANIFEST) to serve it"
    )]
    DevnetWithoutManifest,

    #[error("cannot read devnet manifest {path}")]
    ManifestRead {
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("invalid devnet manifest {path}: {reason}")]
    ManifestInvalid { path: PathBuf, reason: String },

    #[error("cannot listen on {address} (port {port})", port = address.port())]
    Bind {
        address: SocketAddr,
        source: std::io::Error,
    },

    #[error("server stopped with an error")]
    Serve(#[source] std::io::Error),
}

impl ServerError {
    /// The error with the key it names replaced where `rename` gives another name for it
    /// (a configuration key by the environment variable that set it).
    #[must_use]
    pub fn rename_field(self, rename: impl Fn(&str) -> Option<String>) -> Self {
        let renamed = |field: String| rename(&field).unwrap_or(field);
        match self {
            Self::InvalidUrl {
                field,
                value,
                reason,
            } => Self::InvalidUrl {
                field: renamed(field),
                value,
                reason,
            },
            Self::InvalidAddress { field, value } => Self::InvalidAddress {
                field: renamed(field),
                value,
            },
            Self::InvalidProjectId { field, value } => Self::InvalidProjectId {
                field: renamed(field),
                value,
            },
            Self::InvalidListen { field, value } => Self::InvalidListen {
                field: renamed(field),
                value,
            },
            Self::InvalidLogFilter {
                field,
                value,
                reason,
            } => Self::InvalidLogFilter {
                field: renamed(field),
                value,
                reason,
            },
            Self::InvalidSetting { field, reason } => Self::InvalidSetting {
                field: renamed(field),
                reason,
            },
            Self::UnsupportedOverride { network, field } => {
                match rename(&format!("networks.{network}.{field}")) {
                    Some(variable) => Self::InvalidSetting {
                        field: variable,
                        reason: format!("{network} is a native network and has no such contract"),
                    },
                    None => Self::UnsupportedOverride { network, field },
                }
            }
            other => other,
        }
    }
}

/// Why one answer could not be given: what the services in `evm/` and `native/` fail
/// with. It knows nothing of HTTP; `api/error.rs` gives each variant its status and
/// stable code, in one place. Causes sit behind `Arc` so that a cache can hand the same
/// failure to every request that waited for it.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ServiceError {
    /// An EVM source or node failed, or refused a value.
    #[error(transparent)]
    Evm(Arc<EvmError>),

    /// A native chain, history service or fee sponsor failed, or refused a value.
    #[error(transparent)]
    Antelope(Arc<AntelopeError>),

    /// An input field breaks a domain rule; `available` is what the field may not exceed.
    #[error("{source}")]
    Field {
        field: &'static str,
        source: DomainError,
        available: Option<String>,
    },

    /// A value read from a chain breaks a domain rule (a malformed asset, mixed symbols).
    #[error("the chain sent an unexpected value: {0}")]
    InvalidChainData(#[source] DomainError),

    #[error("{network} has no staking contracts configured")]
    StakingNotConfigured { network: NetworkName },

    #[error("{network} has no {contract} contract configured")]
    ContractNotConfigured {
        network: NetworkName,
        contract: &'static str,
    },

    #[error("token {token_id} of {contract} does not exist")]
    NftNotFound { contract: Address, token_id: U256 },

    #[error("{} is not an ERC-20 token contract", .address.to_checksum(None))]
    NotAnErc20 {
        field: &'static str,
        address: Address,
    },

    #[error("token {token_id} does not exist or is not held by the sender")]
    NftNotOwned { token_id: U256 },

    #[error("the amount must be greater than zero")]
    AmountNotPositive { field: &'static str },

    #[error("nothing is unlocked yet: unstaked TLOS stays locked for the escrow period")]
    NothingToWithdraw,

    /// The node says the transaction would fail: `code` is the classified reason's key.
    #[error("{message}")]
    WouldFail {
        code: &'static str,
        message: String,
        reason: String,
        revert_data: Option<Bytes>,
    },

    /// Value plus fee exceed the sender's balance.
    #[error("You don't have enough funds to complete this transaction")]
    InsufficientFunds {
        value: U256,
        fee: U256,
        balance: U256,
    },

    #[error("no transaction {hash} is known on this network")]
    TransactionNotFound { hash: B256 },

    #[error("{network} has no history service configured")]
    HistoryNotConfigured { network: NetworkName },

    /// The REX tables could not be read (the system contract has no REX).
    #[error("{0}")]
    RexUnavailable(Arc<AntelopeError>),

    /// The chain refused a client-signed transaction.
    #[error("{}", .0.clear_message())]
    ChainRefused(ChainError),

    /// The fee sponsor's answer breaks a rule of the verified co-signing flow.
    #[error(transparent)]
    SponsorRefused(DomainError),

    /// The fee sponsor failed: an error status, no answer in time, an answer that does not
    /// read as a transaction, or a changed header. The user can still sign and pay the
    /// resources themselves.
    #[error("the fee sponsor failed: {0}")]
    SponsorFailed(Arc<AntelopeError>),

    /// A TLOS move between the native and EVM halves that cannot be signed as asked.
    #[error("{}", .0.message())]
    MoveRefused(tandem_domain::evm_move::MoveRefusal),

    /// An export went past the server's budget (rows or time); a shorter date range fits.
    #[error("the export is larger than this server allows ({limit}); export a shorter date range")]
    ExportTooLarge { limit: String },
}

impl From<EvmError> for ServiceError {
    fn from(error: EvmError) -> Self {
        Self::Evm(Arc::new(error))
    }
}

impl From<AntelopeError> for ServiceError {
    fn from(error: AntelopeError) -> Self {
        Self::Antelope(Arc::new(error))
    }
}

impl ServiceError {
    /// `field` breaks the domain rule `source`.
    #[must_use]
    pub fn field(field: &'static str, source: DomainError) -> Self {
        Self::Field {
            field,
            source,
            available: None,
        }
    }
}
