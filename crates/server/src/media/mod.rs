//! The media proxy (`[media]`, ADR 0033): NFT media and token logos served from the
//! server's own origin, so a viewer's address is never handed to whatever host a token's
//! metadata names (an airdropped NFT could otherwise log who looks at it).
//!
//! [`MediaLinks`] rewrites an http(s) link in an answer to `/api/v1/media?src=…&sig=…`;
//! the signature (HMAC-SHA256 under the server's key) makes the route serve only links
//! the server itself handed out, so it is no open proxy. [`MediaProxy`] fetches a link
//! through [`tandem_fetch::OutboundClient`] (public addresses only, the size cap), keeps
//! it only when its bytes are an image, a video or audio ([`sniff`]), and caches it in
//! the one cache store, within its budget. `data:` links stay as they are: the browser
//! reads them without asking anyone.

mod sniff;

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use tandem_fetch::{FetchError, FetchLimits, LocalAllowance, OutboundClient};

use crate::cache::{BoundedCache, CacheStore, Lifetimes, Weigh};
pub use sniff::sniff;

/// The route media links point at.
pub const ROUTE: &str = "/api/v1/media";

/// The `[media]` settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaSettings {
    /// Whether links are rewritten to the proxy (on by default).
    pub proxy: bool,
    /// Largest file served, in bytes.
    pub max_bytes: usize,
    /// The signing key's secret; `None`: a random one per process (set the same value on
    /// every replica behind one load balancer, so each serves the others' links).
    pub key: Option<String>,
}

impl Default for MediaSettings {
    fn default() -> Self {
        Self {
            proxy: true,
            max_bytes: 16 << 20,
            key: None,
        }
    }
}

/// Rewrites media links in answers (cheap to clone; the default leaves them as they are).
#[derive(Debug, Clone, Default)]
pub struct MediaLinks {
    key: Option<Arc<[u8; 32]>>,
}

impl MediaLinks {
    /// Links left as they are (the proxy is off).
    #[must_use]
    pub fn off() -> Self {
        Self { key: None }
    }

    fn signed(settings: &MediaSettings) -> Self {
        let key = match &settings.key {
            Some(secret) => {
                use sha2::Digest as _;
                Sha256::digest(secret.as_bytes()).into()
            }
            None => {
                let mut key = [0u8; 32];
                if getrandom::fill(&mut key).is_err() {
                    tracing::error!("no randomness for the media proxy's key; the proxy is off");
                    return Self::off();
                }
                key
            }
        };
        Self {
            key: Some(Arc::new(key)),
        }
    }

    /// `link` as the browser should load it: an http(s) link through the proxy, anything
    /// else (a `data:` URI, a same-origin path, garbage the web app refuses) unchanged.
    #[must_use]
    pub fn link(&self, link: &str) -> String {
        let Some(key) = &self.key else {
            return link.to_owned();
        };
        let text = link.trim();
        if !(text.starts_with("https://") || text.starts_with("http://")) {
            return link.to_owned();
        }
        let src = percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC);
        format!("{ROUTE}?src={src}&sig={}", signature(key, text))
    }

    /// Whether `sig` is the signature of `src`.
    fn verifies(&self, src: &str, sig: &str) -> bool {
        let Some(key) = &self.key else {
            return false;
        };
        let Ok(given) = alloy_primitives::hex::decode(sig) else {
            return false;
        };
        let Ok(mut mac) = <Hmac<Sha256>>::new_from_slice(key.as_ref()) else {
            return false;
        };
        mac.update(src.as_bytes());
        given.len() == SIGNATURE_BYTES && mac.verify_truncated_left(&given).is_ok()
    }
}

/// Bytes of the signature kept in links (128 bits).
const SIGNATURE_BYTES: usize = 16;

fn signature(key: &[u8; 32], src: &str) -> String {
    // HMAC takes a key of any length; an empty signature would verify nothing.
    let Ok(mut mac) = <Hmac<Sha256>>::new_from_slice(key) else {
        return String::new();
    };
    mac.update(src.as_bytes());
    let tag = mac.finalize().into_bytes();
    alloy_primitives::hex::encode(&tag[..SIGNATURE_BYTES])
}

/// A media file, ready to serve.
#[derive(Debug, Clone)]
pub struct Media {
    /// Its bytes.
    pub bytes: Bytes,
    /// The type its bytes show (never the upstream's word alone).
    pub content_type: &'static str,
}

impl Weigh for Media {
    fn heap_bytes(&self) -> usize {
        self.bytes.len()
    }
}

/// Why a link is not served.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MediaError {
    /// Not a link this server handed out (or the proxy is off).
    #[error("not a media link of this server")]
    NotOurs,
    /// Fetched, but not an image, a video or audio (or larger than allowed).
    #[error("the file is not media this server serves: {0}")]
    NotMedia(String),
    /// The host did not answer as expected, or is not a public one.
    #[error("the media could not be fetched: {0}")]
    Unavailable(FetchError),
}

/// Fetches, checks and caches what [`MediaLinks`] pointed at.
#[derive(Debug)]
pub struct MediaProxy {
    links: MediaLinks,
    client: Option<OutboundClient>,
    cache: BoundedCache<String, Media, MediaError>,
}

impl MediaProxy {
    /// The proxy of `settings`, reaching public hosts only besides `allowance` (the
    /// devnet's assets server), caching in `store`.
    #[must_use]
    pub fn new(settings: &MediaSettings, allowance: LocalAllowance, store: &CacheStore) -> Self {
        let limits = FetchLimits {
            max_body_bytes: settings.max_bytes,
            total: Duration::from_secs(15),
            idle: Duration::from_secs(5),
            ..FetchLimits::default()
        };
        let client = settings
            .proxy
            .then(|| OutboundClient::new(limits, allowance))
            .and_then(|client| {
                client
                    .inspect_err(|error| tracing::error!(%error, "media proxy off"))
                    .ok()
            });
        let links = if client.is_some() {
            MediaLinks::signed(settings)
        } else {
            MediaLinks::off()
        };
        Self {
            links,
            client,
            cache: store.cache(
                "media",
                Lifetimes {
                    answer: Duration::from_secs(3600),
                    failure: Duration::from_secs(60),
                },
            ),
        }
    }

    /// A proxy that is off: links stay as they are.
    #[must_use]
    pub fn off(store: &CacheStore) -> Self {
        let settings = MediaSettings {
            proxy: false,
            ..MediaSettings::default()
        };
        Self::new(&settings, LocalAllowance::none(), store)
    }

    /// How links are rewritten.
    #[must_use]
    pub fn links(&self) -> &MediaLinks {
        &self.links
    }

    /// The file behind a link this server signed.
    ///
    /// # Errors
    /// [`MediaError`].
    pub async fn fetch(&self, src: &str, sig: &str) -> Result<Media, MediaError> {
        let Some(client) = self
            .client
            .as_ref()
            .filter(|_| self.links.verifies(src, sig))
        else {
            return Err(MediaError::NotOurs);
        };
        self.cache
            .get_or_fetch(src.to_owned(), || async {
                let fetched = client.get(src).await.map_err(|error| match error {
                    FetchError::TooLarge { limit } => {
                        MediaError::NotMedia(format!("larger than {limit} bytes"))
                    }
                    other => MediaError::Unavailable(other),
                })?;
                let content_type = sniff(&fetched.body).ok_or_else(|| {
                    MediaError::NotMedia(fetched.content_type.clone().unwrap_or_default())
                })?;
                Ok(Media {
                    bytes: fetched.body,
                    content_type,
                })
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_signed_and_only_our_signatures_verify() {
        let links = MediaLinks::signed(&MediaSettings {
            key: Some("replicas share this".into()),
            ..MediaSettings::default()
        });
        let url = "https://nft.example/a b.png?x=1&y=2";
        let proxied = links.link(url);
        assert!(
            proxied.starts_with("/api/v1/media?src=https%3A%2F%2Fnft"),
            "{proxied}"
        );
        let sig = proxied.rsplit("sig=").next().unwrap();
        assert!(links.verifies(url, sig));
        assert!(!links.verifies("https://nft.example/other.png", sig));
        assert!(!links.verifies(url, "00"));
        assert!(
            !links.verifies(url, &sig[..8]),
            "a short signature is refused"
        );
        for unchanged in [
            "data:image/png;base64,AAAA",
            "/assets/x.png",
            "ipfs://Qm",
            "",
        ] {
            assert_eq!(links.link(unchanged), unchanged);
        }
        assert_eq!(MediaLinks::off().link(url), url);
        let other = MediaLinks::signed(&MediaSettings::default());
        assert!(!other.verifies(url, sig), "another key");
    }
}
