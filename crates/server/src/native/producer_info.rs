//! What block producers publish about themselves: the `bp.json` each serves beside its
//! registered URL (the Antelope producer-information convention: `org.candidate_name`,
//! `org.website`, `org.location`, `org.branding.logo_256`). Read through the one client for
//! URLs a stranger chose (`tandem-fetch`: public addresses only, small bodies, short time
//! limits), for the producers a voter sees first, at most eight at once, kept an hour.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use futures_util::stream::{self, StreamExt};
use serde_json::Value;
use tandem_fetch::{FetchError, FetchLimits, LocalAllowance, OutboundClient};

use super::NativeNetwork;
use crate::cache::Lifetimes;
use crate::error::ServiceError;

/// Producers whose information is read: the ones a voter sees first, in vote order.
pub const PRODUCERS_DESCRIBED: usize = 50;

/// Fetches at once.
const IN_FLIGHT: usize = 8;

/// Longest text kept of any field (a name, a city).
const MAX_TEXT: usize = 80;

/// An hour: producers change their published information rarely.
pub(super) const INFO_LIFETIMES: Lifetimes = Lifetimes {
    answer: Duration::from_secs(3600),
    failure: Duration::from_secs(300),
};

/// A `bp.json` is a few kilobytes; 64 KiB in 4 seconds is generous.
fn limits() -> FetchLimits {
    FetchLimits {
        max_body_bytes: 64 * 1024,
        total: Duration::from_secs(4),
        idle: Duration::from_secs(3),
        connect: Duration::from_secs(2),
        max_redirects: 2,
        ..FetchLimits::default()
    }
}

/// The client producers' information is read with (`None` when TLS cannot start; logged).
pub(super) fn info_client(allowance: LocalAllowance) -> Option<OutboundClient> {
    OutboundClient::new(limits(), allowance)
        .inspect_err(|error| tracing::error!(%error, "producer information off"))
        .ok()
}

/// What one producer published, as far as it could be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PublishedInfo {
    /// Its `bp.json`, the fields Tandem shows.
    Published(ProducerInfo),
    /// Its URL serves no `bp.json` (404), or no URL to look under.
    NotPublished,
    /// It could not be read now (refused address, timeout, malformed document).
    Unreadable,
}

/// The fields of a `bp.json` a voter is shown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProducerInfo {
    /// `org.candidate_name`.
    pub name: Option<String>,
    /// `org.website` (http or https only).
    pub website: Option<String>,
    /// `org.location.name`.
    pub city: Option<String>,
    /// `org.location.country`, ISO 3166 alpha-2, upper case.
    pub country: Option<String>,
    /// `org.branding.logo_256` (https only), as the browser should load it.
    pub logo: Option<String>,
}

/// Each described producer's information, by account.
pub type ProducerInfos = BTreeMap<String, PublishedInfo>;

crate::cache::weigh_by_debug!(ProducerInfos);

fn text(value: &Value) -> Option<String> {
    let text = value.as_str()?.trim();
    (!text.is_empty()).then(|| text.chars().take(MAX_TEXT).collect())
}

fn web_link(value: &Value, secure_only: bool) -> Option<String> {
    let link = value.as_str()?.trim();
    let allowed = link.starts_with("https://") || (!secure_only && link.starts_with("http://"));
    (allowed && link.len() <= 512).then(|| link.to_owned())
}

/// The fields shown, from a `bp.json` document (unknown or malformed fields are left out).
#[must_use]
pub fn parse_bp_json(document: &Value) -> Option<ProducerInfo> {
    let org = document.get("org")?;
    let location = &org["location"];
    let country = text(&location["country"])
        .filter(|code| code.len() == 2 && code.chars().all(|c| c.is_ascii_alphabetic()))
        .map(|code| code.to_ascii_uppercase());
    Some(ProducerInfo {
        name: text(&org["candidate_name"]),
        website: web_link(&org["website"], false),
        city: text(&location["name"]),
        country,
        logo: web_link(&org["branding"]["logo_256"], true),
    })
}

/// Where a producer's `bp.json` is: beside its registered URL.
fn bp_json_url(url: &str) -> Option<String> {
    let base = url.trim().trim_end_matches('/');
    (base.starts_with("https://") || base.starts_with("http://")).then(|| format!("{base}/bp.json"))
}

/// Reads one producer's `bp.json`.
pub async fn read_bp_json(client: &OutboundClient, url: &str) -> PublishedInfo {
    let Some(location) = bp_json_url(url) else {
        return PublishedInfo::NotPublished;
    };
    match client.get(&location).await {
        Ok(fetched) => serde_json::from_slice::<Value>(&fetched.body)
            .ok()
            .as_ref()
            .and_then(parse_bp_json)
            .map_or(PublishedInfo::Unreadable, PublishedInfo::Published),
        Err(FetchError::Status(404 | 410)) => PublishedInfo::NotPublished,
        Err(error) => {
            tracing::debug!(%error, "producer information unreadable");
            PublishedInfo::Unreadable
        }
    }
}

impl NativeNetwork {
    /// What the first [`PRODUCERS_DESCRIBED`] producers (in vote order) published.
    ///
    /// # Errors
    /// The chain not answering the producer list.
    pub async fn producer_infos(&self) -> Result<Arc<ProducerInfos>, ServiceError> {
        let list = self.producers().await?;
        let Some(client) = self.info_client.clone() else {
            return Ok(Arc::new(ProducerInfos::new()));
        };
        self.producer_infos
            .get_or_fetch((), || async {
                let targets: Vec<(String, String)> = list
                    .producers
                    .iter()
                    .take(PRODUCERS_DESCRIBED)
                    .map(|producer| (producer.owner.clone(), producer.url.clone()))
                    .collect();
                let reads = targets.into_iter().map(|(owner, url)| {
                    let client = client.clone();
                    async move {
                        let info = read_bp_json(&client, &url).await;
                        (owner, info)
                    }
                });
                let infos: ProducerInfos = stream::iter(reads)
                    .buffer_unordered(IN_FLIGHT)
                    .map(|(owner, info)| match info {
                        PublishedInfo::Published(mut found) => {
                            found.logo = found.logo.map(|logo| self.media.link(&logo));
                            (owner, PublishedInfo::Published(found))
                        }
                        other => (owner, other),
                    })
                    .collect()
                    .await;
                Ok(Arc::new(infos))
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_fields_a_voter_is_shown() {
        let document = json!({
            "producer_account_name": "carol",
            "org": {
                "candidate_name": "  Carol Block Co  ",
                "website": "https://carol.example",
                "location": { "name": "Lisbon", "country": "pt" },
                "branding": { "logo_256": "https://carol.example/logo.png" }
            }
        });
        assert_eq!(
            parse_bp_json(&document),
            Some(ProducerInfo {
                name: Some("Carol Block Co".into()),
                website: Some("https://carol.example".into()),
                city: Some("Lisbon".into()),
                country: Some("PT".into()),
                logo: Some("https://carol.example/logo.png".into()),
            })
        );
    }

    #[test]
    fn leaves_out_what_is_malformed_or_unsafe() {
        let document = json!({
            "org": {
                "candidate_name": 42,
                "website": "javascript:alert(1)",
                "location": { "country": "Portugal" },
                "branding": { "logo_256": "http://carol.example/logo.png" }
            }
        });
        assert_eq!(parse_bp_json(&document), Some(ProducerInfo::default()));
        assert_eq!(parse_bp_json(&json!({ "producer": "x" })), None);
        let long = "x".repeat(500);
        let named = parse_bp_json(&json!({ "org": { "candidate_name": long } })).expect("org");
        assert_eq!(named.name.map(|n| n.len()), Some(MAX_TEXT));
    }

    /// A producer's web server on loopback: `/good/bp.json`, `/bad/bp.json` (not JSON), 404 elsewhere.
    async fn producer_site() -> std::net::SocketAddr {
        use axum::routing::get;
        let app = axum::Router::new()
            .route(
                "/good/bp.json",
                get(|| async {
                    axum::Json(json!({ "org": { "candidate_name": "Carol", "location": { "country": "BR" } } }))
                }),
            )
            .route("/bad/bp.json", get(|| async { "<html>" }));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = listener.local_addr().expect("address");
        tokio::spawn(async move { axum::serve(listener, app).await.ok() });
        address
    }

    #[tokio::test]
    async fn reads_published_missing_and_broken_documents() {
        let site = producer_site().await;
        let allowed = info_client(LocalAllowance::devnet([site])).expect("client");
        let base = format!("http://{site}");
        assert_eq!(
            read_bp_json(&allowed, &format!("{base}/good")).await,
            PublishedInfo::Published(ProducerInfo {
                name: Some("Carol".into()),
                country: Some("BR".into()),
                ..ProducerInfo::default()
            })
        );
        assert_eq!(
            read_bp_json(&allowed, &format!("{base}/none/")).await,
            PublishedInfo::NotPublished
        );
        assert_eq!(
            read_bp_json(&allowed, &format!("{base}/bad")).await,
            PublishedInfo::Unreadable
        );
        assert_eq!(
            read_bp_json(&allowed, "carol.example").await,
            PublishedInfo::NotPublished
        );
        // A real network's client never reaches a local address a producer names.
        let public_only = info_client(LocalAllowance::none()).expect("client");
        assert_eq!(
            read_bp_json(&public_only, &format!("{base}/good")).await,
            PublishedInfo::Unreadable
        );
    }

    #[test]
    fn looks_beside_the_registered_url() {
        assert_eq!(
            bp_json_url("https://carol.example/"),
            Some("https://carol.example/bp.json".into())
        );
        assert_eq!(bp_json_url("carol.example"), None);
        assert_eq!(bp_json_url(""), None);
    }
}
