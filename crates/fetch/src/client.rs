//! [`OutboundClient`]: the HTTP client for URLs a stranger chose. Where it may connect is
//! decided when it connects, on the addresses it is about to use: a URL's IP literal is
//! checked before the request, every name through [`PublicOnly`], the resolver reqwest
//! is given, which hands it public addresses only (so a name that resolves to loopback
//! — or to loopback the second time it is asked — never reaches it), and every redirect
//! hop is checked again before it is followed. Bodies are read as a stream and dropped
//! at the cap; the whole fetch has a time limit and so does each wait for bytes.

use std::fmt;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect;
use url::{Host, Url};

use crate::address::is_public;
use crate::{FetchError, Refusal};

/// What one fetch may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchLimits {
    /// Largest body read; a longer one is dropped at this many bytes.
    pub max_body_bytes: usize,
    /// Longest URL fetched.
    pub max_url_bytes: usize,
    /// The whole fetch, connection and redirects and body included.
    pub total: Duration,
    /// The longest wait for the next bytes of an answer.
    pub idle: Duration,
    /// The longest wait for a connection.
    pub connect: Duration,
    /// Redirects followed, each checked like the first URL.
    pub max_redirects: usize,
}

impl Default for FetchLimits {
    /// An NFT metadata document: 1 MiB, 10 s in all, 5 s without a byte, 3 redirects.
    fn default() -> Self {
        Self {
            max_body_bytes: 1 << 20,
            max_url_bytes: 8 * 1024,
            total: Duration::from_secs(10),
            idle: Duration::from_secs(5),
            connect: Duration::from_secs(3),
            max_redirects: 3,
        }
    }
}

/// Local addresses a fetch may reach all the same, each an exact address and port: the
/// devnet's assets server, allowed by the devnet's own setting (never in a real
/// deployment's configuration). Only URLs that name the address itself match, so a name
/// resolving to it is still refused.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LocalAllowance(Vec<SocketAddr>);

impl LocalAllowance {
    /// Nothing local allowed: what every real network uses.
    #[must_use]
    pub fn none() -> Self {
        Self::default()
    }

    /// Exactly these addresses (the devnet's assets server).
    #[must_use]
    pub fn devnet(addresses: impl IntoIterator<Item = SocketAddr>) -> Self {
        Self(addresses.into_iter().collect())
    }

    /// The `http(s)://ip:port` origins of `urls` (names and unparsable URLs are left out).
    #[must_use]
    pub fn devnet_origins<'a>(urls: impl IntoIterator<Item = &'a str>) -> Self {
        Self::devnet(urls.into_iter().filter_map(|url| {
            let url = Url::parse(url).ok()?;
            let ip = match url.host()? {
                Host::Ipv4(ip) => IpAddr::V4(ip),
                Host::Ipv6(ip) => IpAddr::V6(ip),
                Host::Domain(_) => return None,
            };
            Some(SocketAddr::new(ip, url.port_or_known_default()?))
        }))
    }

    fn allows(&self, address: SocketAddr) -> bool {
        self.0.contains(&address)
    }
}

/// How names become addresses (the system's resolver; tests give names of their own).
pub trait NameLookup: Send + Sync + fmt::Debug {
    /// Every address `host` resolves to.
    fn lookup(
        &self,
        host: String,
    ) -> Pin<Box<dyn Future<Output = std::io::Result<Vec<IpAddr>>> + Send>>;
}

/// The system's resolver (getaddrinfo, through tokio).
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemLookup;

impl NameLookup for SystemLookup {
    fn lookup(
        &self,
        host: String,
    ) -> Pin<Box<dyn Future<Output = std::io::Result<Vec<IpAddr>>> + Send>> {
        Box::pin(async move {
            Ok(tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .map(|address| address.ip())
                .collect())
        })
    }
}

/// The resolver reqwest connects through: public addresses only.
#[derive(Debug)]
struct PublicOnly {
    lookup: Arc<dyn NameLookup>,
}

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let lookup = Arc::clone(&self.lookup);
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found = lookup.lookup(host.clone()).await?;
            let public: Vec<SocketAddr> = found
                .into_iter()
                .filter(|ip| is_public(*ip))
                .map(|ip| SocketAddr::new(ip, 0))
                .collect();
            if public.is_empty() {
                return Err(Box::new(Refusal::PrivateName(host)) as _);
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// A fetched answer.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// The body, at most the limit's bytes.
    pub body: Bytes,
    /// The answer's `Content-Type`, as sent.
    pub content_type: Option<String>,
}

/// The one HTTP client for URLs a chain names (see the module docs).
#[derive(Debug, Clone)]
pub struct OutboundClient {
    http: reqwest::Client,
    limits: FetchLimits,
    allowance: Arc<LocalAllowance>,
}

impl OutboundClient {
    /// A client with `limits`, reaching only public addresses besides `allowance`.
    ///
    /// # Errors
    /// [`FetchError::Setup`] when the TLS backend cannot start.
    pub fn new(limits: FetchLimits, allowance: LocalAllowance) -> Result<Self, FetchError> {
        Self::with_lookup(limits, allowance, Arc::new(SystemLookup))
    }

    /// The same with names resolved by `lookup` (tests: a public-looking name that
    /// resolves to loopback).
    ///
    /// # Errors
    /// [`FetchError::Setup`] when the TLS backend cannot start.
    pub fn with_lookup(
        limits: FetchLimits,
        allowance: LocalAllowance,
        lookup: Arc<dyn NameLookup>,
    ) -> Result<Self, FetchError> {
        let allowance = Arc::new(allowance);
        let hops = Arc::clone(&allowance);
        let (max_redirects, max_url) = (limits.max_redirects, limits.max_url_bytes);
        let policy = redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() > max_redirects {
                return attempt.error(Refusal::TooManyRedirects(max_redirects));
            }
            match admit(attempt.url(), &hops, max_url) {
                Ok(()) => attempt.follow(),
                Err(refusal) => attempt.error(refusal),
            }
        });
        let http = reqwest::Client::builder()
            .dns_resolver(Arc::new(PublicOnly { lookup }))
            // A proxy would resolve the name itself, past the check.
            .no_proxy()
            .redirect(policy)
            .referer(false)
            .timeout(limits.total)
            .read_timeout(limits.idle)
            .connect_timeout(limits.connect)
            .pool_max_idle_per_host(2)
            .user_agent(concat!("Tandem/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|error| FetchError::Setup(error.to_string()))?;
        Ok(Self {
            http,
            limits,
            allowance,
        })
    }

    /// The limits it fetches with.
    #[must_use]
    pub fn limits(&self) -> &FetchLimits {
        &self.limits
    }

    /// Whether `url` may be asked for at all (scheme, length, an IP literal's address);
    /// names are checked when they are resolved.
    ///
    /// # Errors
    /// The [`Refusal`].
    pub fn check(&self, url: &str) -> Result<Url, Refusal> {
        if url.len() > self.limits.max_url_bytes {
            return Err(Refusal::TooLong(self.limits.max_url_bytes));
        }
        let parsed = Url::parse(url).map_err(|_| Refusal::NotAUrl)?;
        admit(&parsed, &self.allowance, self.limits.max_url_bytes)?;
        Ok(parsed)
    }

    /// GETs `url`, reading at most `max_body_bytes` of the answer.
    ///
    /// # Errors
    /// [`FetchError::Refused`] when the URL, an address it resolves to or a redirect
    /// points inside; [`FetchError::TooLarge`] past the cap; [`FetchError::TimedOut`];
    /// [`FetchError::Status`] for an answer that is not a success;
    /// [`FetchError::Transport`] for a connection that failed.
    pub async fn get(&self, url: &str) -> Result<Fetched, FetchError> {
        let parsed = self.check(url).map_err(FetchError::Refused)?;
        let mut response = self.http.get(parsed).send().await.map_err(classify)?;
        let status = response.status();
        if !status.is_success() {
            return Err(FetchError::Status(status.as_u16()));
        }
        let limit = self.limits.max_body_bytes;
        if response
            .content_length()
            .is_some_and(|length| length > u64::try_from(limit).unwrap_or(u64::MAX))
        {
            return Err(FetchError::TooLarge { limit });
        }
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let mut body = BytesMut::new();
        while let Some(chunk) = response.chunk().await.map_err(classify)? {
            if body.len() + chunk.len() > limit {
                // Dropping the answer closes its connection: the rest is never read.
                return Err(FetchError::TooLarge { limit });
            }
            body.extend_from_slice(&chunk);
        }
        Ok(Fetched {
            body: body.freeze(),
            content_type,
        })
    }
}

/// Whether `url` may be connected to: http(s), not too long, and an IP literal that is
/// public or allowed.
fn admit(url: &Url, allowance: &LocalAllowance, max_url: usize) -> Result<(), Refusal> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(Refusal::Scheme(url.scheme().to_owned()));
    }
    if url.as_str().len() > max_url {
        return Err(Refusal::TooLong(max_url));
    }
    let ip = match url.host() {
        Some(Host::Ipv4(ip)) => IpAddr::V4(ip),
        Some(Host::Ipv6(ip)) => IpAddr::V6(ip),
        Some(Host::Domain(_)) => return Ok(()),
        None => return Err(Refusal::NotAUrl),
    };
    let port = url.port_or_known_default().unwrap_or(0);
    if is_public(ip) || allowance.allows(SocketAddr::new(ip, port)) {
        Ok(())
    } else {
        Err(Refusal::PrivateAddress(ip))
    }
}

/// What a failed request means: a refusal of ours found among its causes, a timeout, or
/// the transport's own description (without the URL).
fn classify(error: reqwest::Error) -> FetchError {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(&error);
    while let Some(current) = cause {
        if let Some(refusal) = current.downcast_ref::<Refusal>() {
            return FetchError::Refused(refusal.clone());
        }
        cause = current.source();
    }
    if error.is_timeout() {
        return FetchError::TimedOut;
    }
    let mut causes = Vec::new();
    let mut cause = std::error::Error::source(&error);
    while let Some(current) = cause {
        causes.push(current.to_string());
        cause = current.source();
    }
    let mut described = error.without_url().to_string();
    for cause in causes {
        described.push_str(": ");
        described.push_str(&cause);
    }
    FetchError::Transport(described)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowance() -> LocalAllowance {
        LocalAllowance::devnet_origins([
            "http://127.0.0.1:4000/tokens.json",
            "http://names.example/",
        ])
    }

    fn admitted(url: &str) -> Result<(), Refusal> {
        admit(&Url::parse(url).unwrap(), &allowance(), 100)
    }

    #[test]
    fn literals_are_judged_by_their_address_and_only_exact_allowances_pass() {
        assert_eq!(admitted("https://1.1.1.1/x"), Ok(()));
        assert_eq!(
            admitted("https://nft.example/x"),
            Ok(()),
            "names wait for the resolver"
        );
        assert_eq!(admitted("http://127.0.0.1:4000/meta/1.json"), Ok(()));
        for refused in [
            "http://127.0.0.1:4001/",
            "http://127.0.0.1/",
            "http://10.0.0.1/",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]:4000/",
            "http://[::ffff:127.0.0.1]:4001/",
            "http://0x7f000001:4001/",
            "http://2130706433/",
            "http://0.0.0.0:4000/",
        ] {
            assert!(
                matches!(admitted(refused), Err(Refusal::PrivateAddress(_))),
                "{refused}"
            );
        }
        assert_eq!(
            admitted("ftp://1.1.1.1/"),
            Err(Refusal::Scheme("ftp".into()))
        );
        assert_eq!(
            admitted(&format!("https://1.1.1.1/{}", "a".repeat(100))),
            Err(Refusal::TooLong(100))
        );
    }
}
