//! NFT metadata: `tokenURI` / `uri` read from the collection, the document fetched from
//! http(s) (`ipfs://` through the configured gateway) or decoded from a `data:` URI, and
//! stored raw (invalid JSON included, for the domain to degrade) with its preview, the
//! keys lists show.
//!
//! The URI is whatever the contract's author wrote, so every fetch goes through
//! [`tandem_fetch::OutboundClient`]: public addresses only, redirects checked, the body
//! cut at 1 MiB, a time limit in all and between bytes. Nothing tells a caller why a
//! document is missing: a refused internal address, a 404 and a timeout all leave the
//! NFT without metadata (`metadataStatus: missing`); the log says which.
//!
//! Fetching runs beside the follower, never inside it (`discovery`), in rounds of at
//! most 200 NFTs and within the pass's time budget. Each collection has a budget of its
//! own per round; one that spends it rests for a while (`enrich_rest`), so a metadata
//! server that is slow or never answers delays only its own collection's NFTs. An NFT
//! is tried once per round: a failure that may pass (a timeout, a 5xx) is tried again in
//! a later round, up to `metadata_attempts` times; a refusal or a 4xx is final.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use alloy_primitives::{Address, U256};
use tandem_domain::nft::{IpfsGateway, NftStandard, metadata_preview};
use tandem_fetch::{FetchError, OutboundClient, data_uri};
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::IndexerError;
use crate::follower::Indexer;
use crate::store::MetadataResult;

/// Largest metadata document kept; anything bigger is not metadata.
pub(crate) const MAX_DOCUMENT_BYTES: usize = 1 << 20;
/// NFTs taken from the queue per round.
const ROUND_SIZE: u64 = 200;
/// Longest token URI stored with its NFT (a longer `data:` URI is decoded, not kept).
const MAX_STORED_URI: usize = 8 * 1024;
/// Collections resting at once, at most (beyond it the one resting longest returns).
const MAX_RESTING: usize = 100;

/// Where a token URI's document comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetadataLocation {
    /// Fetch over HTTP(S) (IPFS links already rewritten to the gateway).
    Http(String),
    /// The document is inline (a `data:` URI), already decoded.
    Inline(String),
    /// A scheme the fetcher does not speak, or a `data:` URI that does not decode or is
    /// larger than a document may be.
    Unusable,
}

/// Resolves a token URI: ERC-1155 `{id}` substituted (64 lowercase hex digits),
/// `ipfs://` rewritten through `gateway`, `data:` decoded (base64 or percent-encoded)
/// when it fits 1 MiB.
#[must_use]
pub fn locate(uri: &str, token_id: U256, gateway: &IpfsGateway) -> MetadataLocation {
    let uri = uri.trim();
    if uri
        .get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("data:"))
    {
        return data_uri::decode(uri, MAX_DOCUMENT_BYTES)
            .map_or(MetadataLocation::Unusable, |doc| {
                MetadataLocation::Inline(String::from_utf8_lossy(&doc.bytes).into_owned())
            });
    }
    let uri = uri.replace("{id}", &format!("{token_id:064x}"));
    if uri.starts_with("ipfs://") {
        return MetadataLocation::Http(gateway.rewrite(&uri));
    }
    if uri.starts_with("http://") || uri.starts_with("https://") {
        return MetadataLocation::Http(uri);
    }
    MetadataLocation::Unusable
}

/// How one NFT's turn in a round ended.
#[derive(Debug)]
enum Outcome {
    /// The document.
    Document(String),
    /// Nothing to fetch, or a failure that will not pass: final, without metadata.
    GiveUp,
    /// A failure that may pass: tried again in a later round.
    TryAgain,
    /// Its collection's budget was spent before its turn: not counted as an attempt.
    NotTried,
}

/// What a round did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Round {
    /// NFTs whose outcome was saved.
    pub handled: usize,
    /// Whether nothing is left to fetch, resting collections included.
    pub drained: bool,
}

/// Collections that spent their budget, each resting until a moment.
#[derive(Debug, Default)]
pub(crate) struct Resting(Mutex<HashMap<Address, Instant>>);

impl Resting {
    /// The collections resting now (those whose rest is over return).
    fn now(&self) -> Vec<Address> {
        let mut resting = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        resting.retain(|_, until| *until > now);
        resting.keys().copied().collect()
    }

    fn rest(&self, contract: Address, until: Instant) {
        let mut resting = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if resting.len() >= MAX_RESTING
            && let Some(soonest) = resting
                .iter()
                .min_by_key(|(_, until)| **until)
                .map(|(c, _)| *c)
        {
            resting.remove(&soonest);
        }
        resting.insert(contract, until);
    }
}

/// One NFT's document, fetched or decoded.
async fn fetch_document(client: &OutboundClient, location: MetadataLocation) -> Outcome {
    match location {
        MetadataLocation::Inline(document) => Outcome::Document(document),
        MetadataLocation::Unusable => Outcome::GiveUp,
        MetadataLocation::Http(url) => match client.get(&url).await {
            Ok(fetched) => Outcome::Document(String::from_utf8_lossy(&fetched.body).into_owned()),
            Err(error) => {
                tracing::debug!(url, %error, "metadata not fetched");
                if error.retryable() {
                    Outcome::TryAgain
                } else {
                    Outcome::GiveUp
                }
            }
        },
    }
}

impl Indexer {
    /// One round of metadata fetches, ending by `deadline`: the NFTs of collections that
    /// are not resting, fewest attempts first.
    ///
    /// # Errors
    /// When the node or the store fails (a fetch failure only leaves its NFT without
    /// metadata).
    pub(crate) async fn fetch_metadata_round(
        &self,
        deadline: Instant,
    ) -> Result<Round, IndexerError> {
        let skip = self.resting.now();
        let attempts = self.config.metadata_attempts.max(1);
        let resting = skip.clone();
        let queue = self
            .blocking(move |store| store.metadata_to_fetch(ROUND_SIZE, attempts, &resting))
            .await?;
        if queue.is_empty() {
            return Ok(Round {
                handled: 0,
                drained: skip.is_empty(),
            });
        }
        let gateway = IpfsGateway::new(&self.config.ipfs_gateway)
            .map_err(|e| IndexerError::config_caused("ipfs_gateway", e))?;
        let mut collections: Vec<(Address, NftStandard, Vec<U256>)> = Vec::new();
        for (contract, token_id, standard) in queue {
            match collections.last_mut() {
                Some((last, _, ids)) if *last == contract => ids.push(token_id),
                _ => collections.push((contract, standard, vec![token_id])),
            }
        }
        let semaphore = Arc::new(tokio::sync::Semaphore::new(
            self.config.metadata_concurrency.max(1),
        ));
        let mut tasks = JoinSet::new();
        for (contract, standard, ids) in collections {
            let uris = self.token_uris(contract, &ids, standard).await?;
            let budget_ends = deadline.min(Instant::now() + self.config.enrich_contract_budget);
            for (token_id, uri) in ids.into_iter().zip(uris) {
                let client = self.outbound.clone();
                let (gateway, semaphore) = (gateway.clone(), Arc::clone(&semaphore));
                tasks.spawn(async move {
                    let _permit = semaphore.acquire_owned().await.ok();
                    let location = uri.as_deref().map_or(MetadataLocation::Unusable, |uri| {
                        locate(uri, token_id, &gateway)
                    });
                    let outcome = if Instant::now() >= budget_ends {
                        Outcome::NotTried
                    } else {
                        tokio::time::timeout_at(budget_ends, fetch_document(&client, location))
                            .await
                            .unwrap_or(Outcome::TryAgain)
                    };
                    (
                        contract,
                        token_id,
                        uri,
                        outcome,
                        Instant::now() >= budget_ends,
                    )
                });
            }
        }
        let mut handled = 0;
        let rest_until = Instant::now() + self.config.enrich_rest;
        while let Some(joined) = tasks.join_next().await {
            let (contract, token_id, uri, outcome, budget_spent) = joined?;
            if budget_spent {
                self.resting.rest(contract, rest_until);
            }
            let (metadata, done) = match outcome {
                Outcome::NotTried => continue,
                Outcome::Document(document) => (Some(document), true),
                Outcome::GiveUp => (None, true),
                Outcome::TryAgain => (None, false),
            };
            let result = MetadataResult {
                token_uri: uri.filter(|uri| uri.len() <= MAX_STORED_URI),
                preview: metadata.as_deref().map(metadata_preview),
                metadata,
                done,
            };
            self.blocking(move |store| store.save_metadata(contract, token_id, &result))
                .await?;
            handled += 1;
        }
        Ok(Round {
            handled,
            drained: false,
        })
    }

    /// The tokens' URIs, in order; `None` where the contract reverts or answers garbage.
    async fn token_uris(
        &self,
        contract: Address,
        token_ids: &[U256],
        standard: NftStandard,
    ) -> Result<Vec<Option<String>>, IndexerError> {
        let erc1155 = standard == NftStandard::Erc1155;
        let answers = self
            .reads
            .token_uris(contract, token_ids, erc1155)
            .await
            .map_err(IndexerError::read("token URIs"))?;
        Ok(answers
            .into_iter()
            .map(|answer| answer.ok().filter(|uri| !uri.trim().is_empty()))
            .collect())
    }
}

/// The client metadata is fetched with: public addresses only (besides the devnet's
/// allowance), 1 MiB, the configured time limits.
pub(crate) fn outbound_client(
    config: &crate::IndexerConfig,
) -> Result<OutboundClient, IndexerError> {
    let limits = tandem_fetch::FetchLimits {
        max_body_bytes: MAX_DOCUMENT_BYTES,
        total: config.metadata_timeout,
        idle: config.metadata_idle_timeout,
        ..tandem_fetch::FetchLimits::default()
    };
    OutboundClient::new(limits, config.metadata_allowance.clone())
        .map_err(|error: FetchError| IndexerError::config_caused("metadata http client", error))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gateway() -> IpfsGateway {
        IpfsGateway::new("https://gw.example/ipfs/").unwrap()
    }

    #[test]
    fn locates_every_kind_of_uri() {
        let id = U256::from(26u8);
        assert_eq!(
            locate("ipfs://Qm/1.json", id, &gateway()),
            MetadataLocation::Http("https://gw.example/ipfs/Qm/1.json".to_owned())
        );
        assert_eq!(
            locate("https://x.example/{id}.json", id, &gateway()),
            MetadataLocation::Http(format!("https://x.example/{}1a.json", "0".repeat(62)))
        );
        assert_eq!(
            locate(
                "data:application/json;base64,eyJuYW1lIjoiYSJ9",
                id,
                &gateway()
            ),
            MetadataLocation::Inline(r#"{"name":"a"}"#.to_owned())
        );
        assert_eq!(
            locate(
                "data:application/json,%7B%22name%22%3A%22b%22%7D",
                id,
                &gateway()
            ),
            MetadataLocation::Inline(r#"{"name":"b"}"#.to_owned())
        );
        for unusable in [
            "data:application/json;base64,!!!",
            "ar://abc",
            "data:nocomma",
            "file:///etc/passwd",
        ] {
            assert_eq!(
                locate(unusable, id, &gateway()),
                MetadataLocation::Unusable,
                "{unusable}"
            );
        }
    }

    #[test]
    fn a_5_mb_data_uri_is_refused_by_its_length() {
        let huge = format!(
            "data:application/json;base64,{}",
            "QUFB".repeat((5 << 20) / 4)
        );
        assert_eq!(
            locate(&huge, U256::from(1u8), &gateway()),
            MetadataLocation::Unusable
        );
    }

    #[test]
    fn a_collection_rests_until_its_time_and_the_table_stays_bounded() {
        let resting = Resting::default();
        let soon = Instant::now() + std::time::Duration::from_secs(60);
        resting.rest(Address::repeat_byte(1), Instant::now());
        resting.rest(Address::repeat_byte(2), soon);
        assert_eq!(resting.now(), vec![Address::repeat_byte(2)]);
        for byte in 0..=255u8 {
            resting.rest(Address::repeat_byte(byte), soon);
        }
        assert_eq!(resting.now().len(), MAX_RESTING);
    }
}
