//! The one error type of the server crate: everything that can stop it from starting
//! or serving. Each message names the field, file or address at fault, because the
//! person reading it is an operator fixing a deployment. IO causes are kept as the
//! error's `source`, so print with `{:#}` (anyhow) to show them.

use std::net::SocketAddr;
use std::path::PathBuf;

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
