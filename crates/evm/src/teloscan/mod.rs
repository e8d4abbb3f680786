//! The Teloscan indexer v1 client (spec §7 "Indexer"): an [`EvmSource`](crate::EvmSource)
//! of kind [`SourceKind::TeloscanIndexer`](crate::SourceKind), plus the calls the trait
//! does not cover (market data, contract details with ABI).
//!
//! Answers are read tolerantly (see [`crate::http::tolerant`]): a drifted field degrades
//! to `None`, an unreadable row is skipped and counted in [`TeloscanClient::skipped_rows`].

mod convert;
mod source;
mod wire;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use alloy_primitives::Address;
use serde_json::value::RawValue;

use crate::EvmError;
use crate::http::tolerant::{Rows, parse_rows};
use crate::http::{HttpClient, HttpRetry, RequestLimiter, Upstream};
use crate::lookup::ContractFacts;
pub use crate::market::MarketData;
use crate::market::{MarketFeed, MarketQuery};
use wire::{ContractWire, Envelope, MarketWire};

/// A client for one Teloscan indexer deployment.
#[derive(Debug, Clone)]
pub struct TeloscanClient {
    http: HttpClient,
    skipped: Arc<AtomicU64>,
}

/// One list answer: its rows as raw JSON, the `contracts` map, and paging facts.
struct ListAnswer {
    results: Vec<Box<RawValue>>,
    contracts: Option<std::collections::HashMap<String, Box<RawValue>>>,
    total: Option<u64>,
    more: Option<bool>,
    path: String,
}

impl TeloscanClient {
    /// A client at `base_url` (e.g. `https://api.teloscan.io`), sharing the HTTP
    /// `client`, the indexer `limiter` and the retry policy ([`HttpRetry::INDEXER`])
    /// with the other indexer clients.
    ///
    /// # Errors
    /// [`EvmError::InvalidUpstreamUrl`] for an unusable base URL.
    pub fn new(
        client: reqwest::Client,
        base_url: &str,
        limiter: RequestLimiter,
    ) -> Result<Self, EvmError> {
        let http = HttpClient::new(client, Upstream::Indexer, base_url, Some(limiter))?
            .with_retry(HttpRetry::INDEXER);
        Ok(Self {
            http,
            skipped: Arc::new(AtomicU64::new(0)),
        })
    }

    /// How many answer rows were unreadable and skipped since this client was made.
    #[must_use]
    pub fn skipped_rows(&self) -> u64 {
        self.skipped.load(Ordering::Relaxed)
    }

    /// GETs a list endpoint and unpacks its envelope.
    async fn list(&self, path: &str, query: &[(&str, String)]) -> Result<ListAnswer, EvmError> {
        let answer = self.http.get_ok(path, query).await?;
        let envelope: Envelope = self.http.decode(&answer)?;
        if envelope.success.as_ref() == Some(&false) {
            return Err(EvmError::UpstreamFailure {
                upstream: Upstream::Indexer,
                path: answer.path,
            });
        }
        let Some(results) = envelope.results.into_option() else {
            return Err(EvmError::Decode {
                upstream: Upstream::Indexer,
                path: answer.path,
                source: "the answer has no `results` list".into(),
            });
        };
        Ok(ListAnswer {
            results,
            contracts: envelope.contracts.into_option(),
            total: envelope.total_count.as_ref().and_then(|t| t.to_u64()),
            more: envelope.more.into_option(),
            path: answer.path,
        })
    }

    /// Converts rows, counting (and logging) the ones that did not survive.
    fn keep<W, T>(&self, answer: &ListAnswer, convert: impl Fn(W) -> Option<T>) -> Vec<T>
    where
        W: serde::de::DeserializeOwned,
    {
        let Rows { rows, skipped } = parse_rows(&answer.results, convert);
        if skipped > 0 {
            self.skipped.fetch_add(
                u64::try_from(skipped).unwrap_or(u64::MAX),
                Ordering::Relaxed,
            );
            tracing::warn!(path = %answer.path, skipped, "indexer rows skipped as unreadable");
        }
        rows
    }

    /// `GET /v1/contract/{c}?full=true&includeAbi=true`: the contract with its ABI (JSON
    /// text), or `None` when the indexer does not know it as a contract.
    ///
    /// # Errors
    /// Transport, status or decode errors of the indexer.
    pub async fn contract_details(
        &self,
        address: Address,
    ) -> Result<Option<ContractFacts>, EvmError> {
        let query = [
            ("full", "true".to_owned()),
            ("includeAbi", "true".to_owned()),
        ];
        let answer = self
            .list(&format!("v1/contract/{}", path_address(address)), &query)
            .await?;
        let found = self.keep(&answer, |wire: ContractWire| {
            convert::contract(wire, Some(address))
        });
        Ok(found
            .into_iter()
            .find(|facts| facts.record.address == address))
    }

    /// `GET /v1/tokens/marketdata?tokens=SYM,…&vs=FIAT`: prices of tokens by symbol in
    /// the fiat currency `fiat` (e.g. `USD`).
    ///
    /// # Errors
    /// Transport, status or decode errors of the indexer.
    pub async fn market_data(
        &self,
        symbols: &[&str],
        fiat: &str,
    ) -> Result<Vec<MarketData>, EvmError> {
        let query = [("tokens", symbols.join(",")), ("vs", fiat.to_owned())];
        let answer = self.list("v1/tokens/marketdata", &query).await?;
        Ok(self.keep(&answer, |wire: MarketWire| convert::market(wire)))
    }
}

/// By symbol: Teloscan's market data names tokens by symbol.
#[async_trait::async_trait]
impl MarketFeed for TeloscanClient {
    async fn market_data(
        &self,
        tokens: &[MarketQuery],
        fiat: &str,
    ) -> Result<Vec<MarketData>, EvmError> {
        let symbols: Vec<&str> = tokens.iter().map(|t| t.symbol.as_str()).collect();
        TeloscanClient::market_data(self, &symbols, fiat).await
    }
}

/// Addresses go into paths in lower case, as the indexer stores them.
fn path_address(address: Address) -> String {
    format!("{address:#x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_addresses_are_lowercase_with_prefix() {
        let address: Address = "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E"
            .parse()
            .unwrap();
        assert_eq!(
            path_address(address),
            "0xd102ce6a4db07d247fcc28f366a623df0938ca9e"
        );
    }
}
