//! The outbound client attacked as a token's URI would attack it, against real servers
//! on 127.0.0.1 ([`WebHost`]): every URL that points inside is refused without a request
//! reaching anything, a body far over the cap is dropped at the cap, and a server that
//! never answers is given up on in time.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tandem_fetch::{FetchError, FetchLimits, LocalAllowance, NameLookup, OutboundClient, Refusal};
use tandem_testkit::{HUGE_BYTES, PNG, WebHost};

/// Names of the test's own: each resolves to what the test says.
#[derive(Debug)]
struct Names(HashMap<String, Vec<IpAddr>>);

impl NameLookup for Names {
    fn lookup(
        &self,
        host: String,
    ) -> Pin<Box<dyn Future<Output = std::io::Result<Vec<IpAddr>>> + Send>> {
        let found = self.0.get(&host).cloned().unwrap_or_default();
        Box::pin(async move { Ok(found) })
    }
}

fn limits() -> FetchLimits {
    FetchLimits {
        max_body_bytes: 1 << 20,
        total: Duration::from_secs(2),
        idle: Duration::from_secs(1),
        ..FetchLimits::default()
    }
}

/// A client allowing `allowed` (the devnet's assets server stands in for a public
/// host), with `name` resolving to loopback.
fn client(allowed: &[&WebHost], name: &str) -> OutboundClient {
    let names = Names(HashMap::from([(
        name.to_owned(),
        vec!["127.0.0.1".parse().unwrap(), "::1".parse().unwrap()],
    )]));
    OutboundClient::with_lookup(
        limits(),
        LocalAllowance::devnet(allowed.iter().map(|host| host.address())),
        Arc::new(names),
    )
    .unwrap()
}

fn refused(result: Result<tandem_fetch::Fetched, FetchError>) -> Refusal {
    match result {
        Err(FetchError::Refused(refusal)) => refusal,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn urls_pointing_inside_are_refused_before_any_request() {
    let inside = WebHost::start().unwrap();
    let client = client(&[], "nft-metadata.example");
    let port = inside.address().port();
    for url in [
        format!("http://127.0.0.1:{port}/meta/1.json"),
        "http://10.0.0.1/meta/1.json".to_owned(),
        "http://169.254.169.254/latest/meta-data/".to_owned(),
        format!("http://[::1]:{port}/meta/1.json"),
        format!("http://[::ffff:127.0.0.1]:{port}/meta/1.json"),
        format!("http://0.0.0.0:{port}/meta/1.json"),
    ] {
        let refusal = refused(client.get(&url).await);
        assert!(
            matches!(refusal, Refusal::PrivateAddress(_)),
            "{url}: {refusal:?}"
        );
    }
    // A public-looking name that resolves to loopback, and the system's own localhost.
    let refusal = refused(
        client
            .get(&format!("http://nft-metadata.example:{port}/meta/1.json"))
            .await,
    );
    assert_eq!(refusal, Refusal::PrivateName("nft-metadata.example".into()));
    let system = OutboundClient::new(limits(), LocalAllowance::none()).unwrap();
    let refusal = refused(
        system
            .get(&format!("http://localhost:{port}/meta/1.json"))
            .await,
    );
    assert_eq!(refusal, Refusal::PrivateName("localhost".into()));
    assert_eq!(inside.requests(), 0, "nothing reached the inside host");
}

#[tokio::test]
async fn a_redirect_from_an_allowed_host_to_loopback_is_not_followed() {
    let allowed = WebHost::start().unwrap();
    let inside = WebHost::start().unwrap();
    let client = client(&[&allowed], "cdn.nft.example");
    let ok = client.get(&allowed.url("/meta/7.json")).await.unwrap();
    assert!(String::from_utf8_lossy(&ok.body).contains(r#""name":"7""#));
    for target in [
        inside.url("/meta/1.json"),
        format!(
            "http://cdn.nft.example:{}/meta/1.json",
            inside.address().port()
        ),
        format!("http://[::1]:{}/meta/1.json", inside.address().port()),
    ] {
        let url = allowed.url(&format!("/redirect?to={}", target.replace(':', "%3A")));
        let refusal = refused(client.get(&url).await);
        assert!(
            matches!(
                refusal,
                Refusal::PrivateAddress(_) | Refusal::PrivateName(_)
            ),
            "{target}: {refusal:?}"
        );
    }
    assert_eq!(inside.requests(), 0, "no redirect reached the inside host");
    assert_eq!(allowed.requests(), 4);
}

#[tokio::test]
async fn a_50_mb_body_is_dropped_at_the_cap() {
    let host = WebHost::start().unwrap();
    let client = client(&[&host], "unused.example");
    let started = Instant::now();
    let outcome = client.get(&host.url("/huge")).await;
    assert_eq!(
        outcome.unwrap_err(),
        FetchError::TooLarge { limit: 1 << 20 }
    );
    // The server finds the connection closed: it never gets the whole body out (what it
    // did send past the cap sits in the sockets' buffers, never in the client).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let sent = host.huge_bytes_sent();
    assert!(
        sent < HUGE_BYTES / 2,
        "the server sent {sent} of {HUGE_BYTES} bytes"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn a_server_that_never_answers_is_given_up_on_in_time() {
    let host = WebHost::start().unwrap();
    let client = client(&[&host], "unused.example");
    let started = Instant::now();
    assert_eq!(
        client.get(&host.url("/silent")).await.unwrap_err(),
        FetchError::TimedOut
    );
    let took = started.elapsed();
    assert!(took < Duration::from_millis(2500), "gave up after {took:?}");
}

#[tokio::test]
async fn media_comes_back_with_its_type() {
    let host = WebHost::start().unwrap();
    let client = client(&[&host], "unused.example");
    let image = client.get(&host.url("/image.png")).await.unwrap();
    assert_eq!(image.body.as_ref(), PNG);
    assert_eq!(image.content_type.as_deref(), Some("image/png"));
    assert_eq!(
        client.get(&host.url("/nothing")).await.unwrap_err(),
        FetchError::Status(404)
    );
}
