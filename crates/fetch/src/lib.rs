//! # tandem-fetch
//!
//! Fetches on a chain's say-so: NFT metadata and media, token logos — URLs a stranger
//! wrote into a contract. [`OutboundClient`] is the one HTTP client for them: it connects
//! to public addresses only (checked on the addresses it is about to use, see
//! [`address::is_public`]), checks every redirect hop again, reads bodies as a stream
//! and stops at the cap, and gives up after a total and an idle time limit. [`data_uri`]
//! decodes `data:` URIs that fit the cap and refuses longer ones unread.
//!
//! The operator's own upstreams (the node's RPC, the history services, the fee sponsor,
//! the token lists) are configured by the operator and use clients of their own.

pub mod address;
mod client;
pub mod data_uri;

use std::net::IpAddr;

pub use client::{FetchLimits, Fetched, LocalAllowance, NameLookup, OutboundClient, SystemLookup};

/// Why a URL is not fetched at all. The addresses stay in logs: a public answer says
/// only that the document is unavailable, never which internal host was named.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Not http(s).
    #[error("the scheme {0} is not fetched")]
    Scheme(String),
    /// Not a URL.
    #[error("not a URL")]
    NotAUrl,
    /// Longer than the limit.
    #[error("the URL is longer than {0} bytes")]
    TooLong(usize),
    /// An IP literal (or a redirect to one) that is not public.
    #[error("{0} is not a public address")]
    PrivateAddress(IpAddr),
    /// A name that resolves to no public address.
    #[error("{0} resolves to no public address")]
    PrivateName(String),
    /// More redirects than allowed.
    #[error("more than {0} redirects")]
    TooManyRedirects(usize),
}

/// Everything a fetch can end with, besides an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    /// Not fetched: the URL, an address it resolves to or a redirect points inside.
    #[error("not fetched: {0}")]
    Refused(Refusal),
    /// The answer (or a `data:` URI) is larger than the cap.
    #[error("larger than {limit} bytes")]
    TooLarge {
        /// The cap, in bytes.
        limit: usize,
    },
    /// No answer, or no more of it, in time.
    #[error("no answer in time")]
    TimedOut,
    /// An answer with a status other than success.
    #[error("answered HTTP {0}")]
    Status(u16),
    /// The connection failed (refused, reset, TLS); the transport's description without
    /// the URL.
    #[error("the connection failed: {0}")]
    Transport(String),
    /// A `data:` URI that does not decode.
    #[error("not a readable data: URI")]
    InvalidDataUri,
    /// The HTTP client could not be built.
    #[error("cannot set up the HTTP client: {0}")]
    Setup(String),
}

impl FetchError {
    /// Whether asking again later may succeed: no answer in time, a failed connection,
    /// or an overloaded or failing server (429, 5xx). A refusal, a 4xx or a document
    /// too large stays what it is.
    #[must_use]
    pub fn retryable(&self) -> bool {
        match self {
            Self::TimedOut | Self::Transport(_) => true,
            Self::Status(status) => *status == 429 || *status >= 500,
            Self::Refused(_) | Self::TooLarge { .. } | Self::InvalidDataUri | Self::Setup(_) => {
                false
            }
        }
    }
}
