//! JSON shapes shared by the EVM routes: amounts as exact decimal text (with the raw
//! integer and a locale-formatted form), tokens, and source health. Never floats.

use serde::Serialize;
use tandem_domain::amount::{Amount, DisplayFormat, NumberFormat};
use tandem_domain::token::{Token, TokenType};
use tandem_evm::source::{SourceHealth, SourceKind};
use utoipa::ToSchema;

use super::coverage::IndexLagView;
use crate::evm::EvmNetwork;

/// An exact amount.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmountView {
    /// Exact decimal text, e.g. `1.5`.
    #[schema(example = "1.5")]
    pub value: String,
    /// The integer in the smallest unit, e.g. `1500000000000000000`.
    #[schema(example = "1500000000000000000")]
    pub raw: String,
    /// Decimals between `raw` and `value`.
    pub decimals: u8,
    /// For display in the requested locale (token precision: 4 decimals, truncated).
    #[schema(example = "1.5")]
    pub formatted: String,
}

impl AmountView {
    /// `amount` with token display rules in `number`'s separators.
    #[must_use]
    pub fn token(amount: &Amount, number: &NumberFormat) -> Self {
        Self::with(amount, &DisplayFormat::TOKEN, number)
    }

    /// `amount` with `display` rules in `number`'s separators.
    #[must_use]
    pub fn with(amount: &Amount, display: &DisplayFormat, number: &NumberFormat) -> Self {
        Self {
            value: amount.to_plain_string(),
            raw: amount.raw().to_string(),
            decimals: amount.decimals(),
            formatted: amount.format(display, number),
        }
    }
}

/// The standard of a token row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TokenKind {
    /// The chain's native coin (TLOS).
    Native,
    /// ERC-20.
    Erc20,
    /// ERC-721.
    Erc721,
    /// ERC-1155.
    Erc1155,
}

/// A token (spec §3 "Token").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenView {
    /// `symbol-address-network`.
    pub id: String,
    /// Symbol, e.g. `TLOS`.
    pub symbol: String,
    /// Display name.
    pub name: String,
    /// Decimals of the smallest unit.
    pub decimals: u8,
    /// EIP-55 contract address; `null` for the native coin.
    pub address: Option<String>,
    /// Logo URL.
    pub logo: Option<String>,
    /// Token standard.
    #[serde(rename = "type")]
    pub kind: TokenKind,
    /// The chain's native coin.
    pub is_native: bool,
    /// The network's system token.
    pub is_system: bool,
}

impl TokenView {
    /// The view with its logo as the browser should load it (`link`: the media proxy).
    #[must_use]
    pub fn linked(mut self, link: &dyn Fn(&str) -> String) -> Self {
        self.logo = self.logo.as_deref().map(link);
        self
    }
}

impl From<&Token> for TokenView {
    fn from(token: &Token) -> Self {
        let kind = match (token.is_native, token.token_type) {
            (true, _) => TokenKind::Native,
            (false, TokenType::Erc20) => TokenKind::Erc20,
            (false, TokenType::Erc721) => TokenKind::Erc721,
            (false, TokenType::Erc1155) => TokenKind::Erc1155,
        };
        Self {
            id: token.id().to_string(),
            symbol: token.symbol.clone(),
            name: token.name.clone(),
            decimals: token.decimals,
            address: (!token.is_native).then(|| token.address.clone()),
            logo: token.logo.clone(),
            kind,
            is_native: token.is_native,
            is_system: token.is_system,
        }
    }
}

/// Which implementation answers: `blockscout`, `teloscanIndexer`, `ownIndex` or `rpc`.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SourceKindView {
    /// A Blockscout explorer's v2 REST API.
    Blockscout,
    /// The Teloscan indexer v1 API.
    TeloscanIndexer,
    /// Tandem's built-in index.
    OwnIndex,
    /// Plain JSON-RPC reads.
    Rpc,
}

impl From<SourceKind> for SourceKindView {
    fn from(kind: SourceKind) -> Self {
        match kind {
            SourceKind::TeloscanIndexer => Self::TeloscanIndexer,
            SourceKind::Blockscout => Self::Blockscout,
            SourceKind::OwnIndex => Self::OwnIndex,
            SourceKind::Rpc => Self::Rpc,
        }
    }
}

/// A source's last health answer (spec §3 "Indexer health").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceHealthView {
    /// The source's own success flag.
    pub success: bool,
    /// Last block it has processed.
    pub block_number: u64,
    /// That block's time, ms since the epoch.
    pub block_timestamp_ms: u64,
    /// Seconds behind the wall clock.
    pub seconds_behind: u64,
    /// `success` and less than 10 s behind.
    pub healthy: bool,
    /// What else its operator should know (a Blockscout still indexing old blocks).
    pub note: Option<String>,
}

impl From<&SourceHealth> for SourceHealthView {
    fn from(health: &SourceHealth) -> Self {
        Self {
            success: health.success,
            block_number: health.block_number,
            block_timestamp_ms: health.block_timestamp_ms,
            seconds_behind: health.seconds_behind,
            healthy: health.is_healthy(),
            note: health.note.clone(),
        }
    }
}

/// Which data source one EVM network uses, and why.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceStatusView {
    /// The network.
    pub network: String,
    /// The source answering what plain chain reads can answer too (balances, contract
    /// facts) now: the primary while healthy, else the fallback.
    pub in_use: SourceKindView,
    /// The source account lists (history, NFTs, approvals) come from now: with the own
    /// index as primary, the index even while it lags (`indexLag` says by how much).
    pub lists: SourceKindView,
    /// The preferred source (Blockscout, Teloscan, the own index, or RPC reads).
    pub primary: SourceKindView,
    /// The preferred source in words, for people: `Blockscout (teloscan.io)`.
    #[schema(example = "Blockscout (teloscan.io)")]
    pub primary_name: String,
    /// The source answering now (`inUse`) in words.
    #[schema(example = "Network node (rpc.telos.net)")]
    pub in_use_name: String,
    /// The source used while the primary is unhealthy.
    pub fallback: SourceKindView,
    /// The primary's last health answer, when the last check got one.
    pub primary_health: Option<SourceHealthView>,
    /// Whether the last check failed, in a sentence; its cause (which may name the
    /// upstream) is in the server's log and on the operator's `/readyz`.
    pub last_error: Option<String>,
    /// When the primary was last checked, ms since the epoch.
    pub checked_at_ms: Option<u64>,
    /// Whether the primary was ever unhealthy (the UI warns once).
    pub ever_unhealthy: bool,
    /// How far the own index is behind the head, on networks whose primary it is.
    pub index_lag: Option<IndexLagView>,
}

impl SourceStatusView {
    /// The view of `network`'s sources.
    #[must_use]
    pub fn new(network: &EvmNetwork) -> Self {
        let snapshot = network.health();
        Self {
            network: network.name().to_string(),
            in_use: snapshot.in_use.into(),
            lists: network.lists_kind().into(),
            primary: snapshot.primary.into(),
            primary_name: network.source_name(snapshot.primary),
            in_use_name: network.source_name(snapshot.in_use),
            fallback: snapshot.fallback.into(),
            primary_health: snapshot.primary_health.as_ref().map(Into::into),
            last_error: snapshot
                .last_error
                .as_ref()
                .map(|_| "the primary source failed its last health check".to_owned()),
            checked_at_ms: snapshot.checked_at_ms,
            ever_unhealthy: snapshot.ever_unhealthy,
            index_lag: network.index_lag().as_ref().map(IndexLagView::from),
        }
    }
}
