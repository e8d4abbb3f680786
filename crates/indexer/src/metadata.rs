//! NFT metadata: `tokenURI` / `uri` read from the collection, the document fetched
//! from http(s), from `ipfs://` through the configured gateway, or decoded from a
//! `data:` URI. A few fetches run at once, each retried with backoff; whatever comes
//! back is stored as raw text (invalid JSON included) for the domain to degrade.

use std::sync::Arc;
use std::time::Duration;

use alloy_primitives::{Address, U256};
use base64::Engine as _;
use tandem_domain::nft::{IpfsGateway, NftStandard};
use tokio::task::JoinSet;

use crate::IndexerError;
use crate::follower::Indexer;
use crate::store::MetadataResult;

/// Largest metadata document kept; anything bigger is not metadata.
const MAX_DOCUMENT_BYTES: usize = 1 << 20;
/// NFTs taken from the queue per pass.
const PASS_SIZE: u64 = 200;

/// Where a token URI's document comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetadataLocation {
    /// Fetch over HTTP(S) (IPFS links already rewritten to the gateway).
    Http(String),
    /// The document is inline (a `data:` URI), already decoded.
    Inline(String),
    /// A scheme the fetcher does not speak, or an undecodable `data:` URI.
    Unusable,
}

/// Resolves a token URI: ERC-1155 `{id}` substituted (64 lowercase hex digits),
/// `ipfs://` rewritten through `gateway`, `data:` decoded (base64 or percent-encoded).
#[must_use]
pub fn locate(uri: &str, token_id: U256, gateway: &IpfsGateway) -> MetadataLocation {
    let uri = uri.trim().replace("{id}", &format!("{token_id:064x}"));
    if let Some(rest) = uri.strip_prefix("data:") {
        let Some((header, payload)) = rest.split_once(',') else {
            return MetadataLocation::Unusable;
        };
        let decoded = if header.ends_with(";base64") {
            base64::engine::general_purpose::STANDARD
                .decode(payload.trim())
                .ok()
        } else {
            Some(percent_decode(payload))
        };
        return decoded
            .map(|bytes| MetadataLocation::Inline(String::from_utf8_lossy(&bytes).into_owned()))
            .unwrap_or(MetadataLocation::Unusable);
    }
    if uri.starts_with("ipfs://") {
        return MetadataLocation::Http(gateway.rewrite(&uri));
    }
    if uri.starts_with("http://") || uri.starts_with("https://") {
        return MetadataLocation::Http(uri);
    }
    MetadataLocation::Unusable
}

fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    out
}

/// One GET; `Ok(None)` for an answer that will not improve with retrying (4xx).
async fn fetch_once(client: &reqwest::Client, url: &str) -> Result<Option<String>, String> {
    let response = client.get(url).send().await.map_err(|e| e.to_string())?;
    let status = response.status();
    if status.is_client_error() {
        return Ok(None);
    }
    if !status.is_success() {
        return Err(format!("status {status}"));
    }
    let body = response.bytes().await.map_err(|e| e.to_string())?;
    if body.len() > MAX_DOCUMENT_BYTES {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&body).into_owned()))
}

/// Fetches with up to `attempts` tries, doubling the pause between them.
async fn fetch_with_retries(client: &reqwest::Client, url: &str, attempts: u32) -> Option<String> {
    let mut pause = Duration::from_millis(200);
    for attempt in 1..=attempts.max(1) {
        match fetch_once(client, url).await {
            Ok(document) => return document,
            Err(error) => {
                tracing::debug!(url, attempt, %error, "metadata fetch failed");
                if attempt < attempts {
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                }
            }
        }
    }
    None
}

impl Indexer {
    /// Fetches metadata for NFTs minted since the last pass. Returns how many were handled.
    ///
    /// # Errors
    /// When the node or the store fails (fetch failures only degrade the NFT's metadata).
    pub async fn fetch_metadata(&self) -> Result<usize, IndexerError> {
        let attempts = self.config.metadata_attempts;
        let store = Arc::clone(&self.store);
        let queue =
            tokio::task::spawn_blocking(move || store.metadata_to_fetch(PASS_SIZE, 1)).await??;
        if queue.is_empty() {
            return Ok(0);
        }
        let gateway = IpfsGateway::new(&self.config.ipfs_gateway)
            .map_err(|e| IndexerError::config_caused("ipfs_gateway", e))?;
        let client = reqwest::Client::builder()
            .timeout(self.config.metadata_timeout)
            .build()
            .map_err(|e| IndexerError::config_caused("metadata http client", e))?;
        let semaphore = Arc::new(tokio::sync::Semaphore::new(
            self.config.metadata_concurrency.max(1),
        ));
        let mut tasks = JoinSet::new();
        for (contract, token_id, standard) in queue.iter().copied() {
            let uri = self.token_uri(contract, token_id, standard).await?;
            let (client, gateway, semaphore) =
                (client.clone(), gateway.clone(), Arc::clone(&semaphore));
            tasks.spawn(async move {
                let _permit = semaphore.acquire_owned().await.ok();
                let metadata = match uri.as_deref().map(|uri| locate(uri, token_id, &gateway)) {
                    Some(MetadataLocation::Http(url)) => {
                        fetch_with_retries(&client, &url, attempts).await
                    }
                    Some(MetadataLocation::Inline(document)) => Some(document),
                    Some(MetadataLocation::Unusable) | None => None,
                };
                (
                    contract,
                    token_id,
                    MetadataResult {
                        token_uri: uri,
                        metadata,
                        done: true,
                    },
                )
            });
        }
        let mut handled = 0;
        while let Some(joined) = tasks.join_next().await {
            let (contract, token_id, result) = joined?;
            let store = Arc::clone(&self.store);
            tokio::task::spawn_blocking(move || store.save_metadata(contract, token_id, &result))
                .await??;
            handled += 1;
        }
        Ok(handled)
    }

    /// The token's URI; `None` when the contract reverts or answers garbage.
    async fn token_uri(
        &self,
        contract: Address,
        token_id: U256,
        standard: NftStandard,
    ) -> Result<Option<String>, IndexerError> {
        let erc1155 = standard == NftStandard::Erc1155;
        let mut answers = self
            .reads
            .token_uris(contract, &[token_id], erc1155)
            .await
            .map_err(IndexerError::read("a token URI"))?;
        Ok(answers
            .pop()
            .and_then(Result::ok)
            .filter(|uri| !uri.trim().is_empty()))
    }
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
        assert_eq!(
            locate("data:application/json;base64,!!!", id, &gateway()),
            MetadataLocation::Unusable
        );
        assert_eq!(
            locate("ar://abc", id, &gateway()),
            MetadataLocation::Unusable
        );
        assert_eq!(
            locate("data:nocomma", id, &gateway()),
            MetadataLocation::Unusable
        );
    }

    /// A local HTTP server answering one scripted status per request (the last one
    /// repeats); answers the URL and a counter of requests served.
    async fn scripted_server(statuses: Vec<u16>) -> (String, Arc<std::sync::atomic::AtomicUsize>) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/meta.json", listener.local_addr().unwrap());
        let served = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&served);
        tokio::spawn(async move {
            loop {
                let Ok((mut socket, _)) = listener.accept().await else {
                    return;
                };
                let mut request = [0u8; 2048];
                let _ = socket.read(&mut request).await;
                let index = counter.fetch_add(1, Ordering::SeqCst);
                let status = statuses[index.min(statuses.len() - 1)];
                let body = if status == 200 {
                    r#"{"name":"ok"}"#
                } else {
                    ""
                };
                let answer = format!(
                    "HTTP/1.1 {status} X\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = socket.write_all(answer.as_bytes()).await;
            }
        });
        (url, served)
    }

    #[tokio::test]
    async fn retries_server_errors_until_an_answer() {
        let (url, served) = scripted_server(vec![503, 502, 200]).await;
        let client = reqwest::Client::new();
        let document = fetch_with_retries(&client, &url, 3).await;
        assert_eq!(document.as_deref(), Some(r#"{"name":"ok"}"#));
        assert_eq!(served.load(std::sync::atomic::Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn gives_up_after_the_attempts_allowed() {
        let (url, served) = scripted_server(vec![500]).await;
        let client = reqwest::Client::new();
        assert_eq!(fetch_with_retries(&client, &url, 2).await, None);
        assert_eq!(served.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn does_not_retry_a_missing_document() {
        let (url, served) = scripted_server(vec![404, 200]).await;
        let client = reqwest::Client::new();
        assert_eq!(fetch_with_retries(&client, &url, 5).await, None);
        assert_eq!(served.load(std::sync::atomic::Ordering::SeqCst), 1);
    }

    #[test]
    fn percent_decoding_keeps_stray_percent_signs() {
        assert_eq!(percent_decode("100%25 %zz%4"), b"100% %zz%4");
    }
}
