//! Token prices an indexer gives (spec §4 "Prices": the indexer's market data first):
//! Teloscan's `tokens/marketdata` by symbol, Blockscout's `exchange_rate` of each token
//! and the coin price of its `stats` (US dollars only).

use alloy_primitives::Address;
use async_trait::async_trait;
use tandem_domain::price::MarketPrice;

use crate::EvmError;

/// A token's market data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarketData {
    /// Token contract, when sent.
    pub address: Option<Address>,
    /// Token symbol, when sent.
    pub symbol: Option<String>,
    /// Price in the requested fiat currency (18 decimals), stamped with `updated_ms`.
    pub price: Option<MarketPrice>,
    /// When the indexer last updated the price, milliseconds since the epoch.
    pub updated_ms: Option<u64>,
    /// Token decimals.
    pub decimals: Option<u8>,
    /// 24 h volume in fiat, as the exact decimal text sent.
    pub volume: Option<String>,
    /// Market capitalisation in fiat, as the exact decimal text sent.
    pub market_cap: Option<String>,
    /// Number of holders.
    pub holders: Option<u64>,
}

/// One token whose price is asked: its contract (`None` for the native coin) and symbol.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MarketQuery {
    /// The contract; `None` for the chain's native coin.
    pub address: Option<Address>,
    /// The symbol, upper case.
    pub symbol: String,
}

/// An indexer that gives token prices.
#[async_trait]
pub trait MarketFeed: Send + Sync + std::fmt::Debug {
    /// Market data of `tokens` in `fiat` (an upper-case currency code); tokens it has
    /// no price for are left out.
    ///
    /// # Errors
    /// When the indexer does not answer.
    async fn market_data(
        &self,
        tokens: &[MarketQuery],
        fiat: &str,
    ) -> Result<Vec<MarketData>, EvmError>;
}
