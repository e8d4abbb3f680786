//! The abuse limits over real sockets, with two clients on two loopback addresses
//! (127.0.0.2 floods, 127.0.0.3 behaves) and loopback not exempt: the flood is turned
//! away with 429, `Retry-After` and the JSON error body, while every request of the
//! other client is answered, at the latency it had without the flood.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::Value;
use tandem_server::app;
use tandem_server::limits::LimitsConfig;
use tandem_server::state::AppState;
use tokio::sync::oneshot;

/// How long a stop lets requests in flight finish.
const DRAIN: Duration = Duration::from_secs(30);

/// The limits under test: 50 requests a second, 20 at once, loopback held to them.
fn limits() -> LimitsConfig {
    LimitsConfig {
        requests_per_second: 50,
        burst: 20,
        exempt_loopback: false,
        ..LimitsConfig::default()
    }
}

/// The server on a free loopback port until the sender is dropped or fired.
async fn serve(state: AppState) -> (SocketAddr, oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let listener = tandem_server::bind("127.0.0.1:0".parse().expect("address"))
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let limits = Arc::clone(state.limits_arc());
        tandem_server::serve(listener, app::router(state), limits, DRAIN, async {
            let _ = stopped.await;
        })
        .await
        .expect("serve");
    });
    (address, stop, task)
}

/// An HTTP client whose connections come from `source`.
fn client_from(source: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(source.parse::<IpAddr>().expect("ip"))
        .build()
        .expect("client")
}

/// `count` requests of the well-behaved client, one every 40 ms (25 a second, half its
/// rate): each one's status and latency.
async fn paced(client: &reqwest::Client, url: &str, count: usize) -> Vec<(StatusCode, Duration)> {
    let mut answers = Vec::with_capacity(count);
    for _ in 0..count {
        let started = Instant::now();
        let response = client.get(url).send().await.expect("answer");
        let status = StatusCode::from_u16(response.status().as_u16()).expect("status");
        let _ = response.bytes().await;
        answers.push((status, started.elapsed()));
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    answers
}

fn median(answers: &[(StatusCode, Duration)]) -> Duration {
    let mut latencies: Vec<Duration> = answers.iter().map(|(_, latency)| *latency).collect();
    latencies.sort();
    latencies[latencies.len() / 2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_from_one_client_is_limited_while_another_is_served() {
    let state = AppState::builder(Vec::new(), "/nonexistent/web/dist".into())
        .limits(limits())
        .build();
    let (address, stop, server) = serve(state).await;
    let url = format!("http://{address}/api/v1/networks");
    let (flooder, other) = (client_from("127.0.0.2"), client_from("127.0.0.3"));

    // Without the flood.
    let baseline = paced(&other, &url, 20).await;
    assert!(
        baseline.iter().all(|(status, _)| *status == StatusCode::OK),
        "{baseline:?}"
    );

    // With it: four connections of 127.0.0.2 asking as fast as they can until the other
    // client is done (at most 20,000 requests).
    let done = Arc::new(AtomicBool::new(false));
    let (sent, refused) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let mut flood = Vec::new();
    for _ in 0..4 {
        let (client, url, done) = (flooder.clone(), url.clone(), Arc::clone(&done));
        let (sent, refused) = (Arc::clone(&sent), Arc::clone(&refused));
        flood.push(tokio::spawn(async move {
            let mut sample: Option<(Option<String>, Value)> = None;
            while !done.load(Ordering::SeqCst) && sent.fetch_add(1, Ordering::SeqCst) < 20_000 {
                let response = client.get(&url).send().await.expect("answer");
                if response.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
                    refused.fetch_add(1, Ordering::SeqCst);
                    let retry = response
                        .headers()
                        .get("retry-after")
                        .and_then(|value| value.to_str().ok())
                        .map(str::to_owned);
                    let body: Value = response.json().await.expect("JSON error body");
                    sample.get_or_insert((retry, body));
                } else {
                    let _ = response.bytes().await;
                }
            }
            sample
        }));
    }
    // Let the flood spend its burst first.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let flooded = paced(&other, &url, 20).await;
    done.store(true, Ordering::SeqCst);
    let mut samples = Vec::new();
    for task in flood {
        samples.extend(task.await.expect("flood task"));
    }

    let (sent, refused) = (sent.load(Ordering::SeqCst), refused.load(Ordering::SeqCst));
    assert!(
        refused > sent / 2,
        "the flood is limited: {refused} of {sent} refused"
    );
    let (retry, body) = samples.first().expect("a refusal was read");
    let seconds: u64 = retry
        .as_deref()
        .expect("Retry-After")
        .parse()
        .expect("seconds");
    assert!(seconds >= 1, "Retry-After {seconds}");
    assert_eq!(body["code"], "rate_limited", "{body}");
    assert!(
        body["details"]["retryAfterSeconds"].as_u64().is_some(),
        "{body}"
    );

    // The other client: never refused, and not queued behind the flood.
    assert!(
        flooded.iter().all(|(status, _)| *status == StatusCode::OK),
        "the other client was refused: {flooded:?}"
    );
    let (calm, busy) = (median(&baseline), median(&flooded));
    eprintln!(
        "the other client's median latency: {calm:?} alone, {busy:?} during a flood of {sent} requests"
    );
    assert!(
        busy <= calm * 10 + Duration::from_millis(50),
        "queued behind the flood: median {calm:?} alone, {busy:?} during it"
    );

    let _ = stop.send(());
    server.await.expect("server stops");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loopback_is_exempt_by_default() {
    let state = AppState::builder(Vec::new(), "/nonexistent/web/dist".into()).build();
    let (address, stop, server) = serve(state).await;
    let url = format!("http://{address}/api/v1/networks");
    let client = client_from("127.0.0.1");
    let burst = LimitsConfig::default().burst as usize;
    for _ in 0..burst * 3 {
        let response = client.get(&url).send().await.expect("answer");
        assert_eq!(response.status(), reqwest::StatusCode::OK);
    }
    let _ = stop.send(());
    server.await.expect("server stops");
}

/// Behind a trusted proxy on loopback (loopback exempt, as by default): requests it
/// forwards without a usable client hop — no `X-Forwarded-For`, or a garbled one — are
/// one client held to the limits, never the exempt proxy; a named client has its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_without_a_client_hop_is_one_limited_client() {
    let limits = LimitsConfig {
        requests_per_second: 1,
        burst: 3,
        trusted_proxies: tandem_server::limits::TrustedProxies::parse(["127.0.0.1"]).unwrap(),
        ..LimitsConfig::default()
    };
    let state = AppState::builder(Vec::new(), "/nonexistent/web/dist".into())
        .limits(limits)
        .build();
    let (address, stop, server) = serve(state).await;
    let url = format!("http://{address}/api/v1/networks");
    let proxy = client_from("127.0.0.1");
    let status = |forwarded: Option<&'static str>| {
        let request = proxy.get(&url);
        let request = match forwarded {
            Some(value) => request.header("x-forwarded-for", value),
            None => request,
        };
        async move { request.send().await.expect("answer").status() }
    };
    for _ in 0..3 {
        assert_eq!(status(None).await, reqwest::StatusCode::OK);
    }
    assert_eq!(status(None).await, reqwest::StatusCode::TOO_MANY_REQUESTS);
    for garbled in ["junk", "", "198.51.100.9, not-an-address", "127.0.0.1"] {
        assert_eq!(
            status(Some(garbled)).await,
            reqwest::StatusCode::TOO_MANY_REQUESTS,
            "{garbled:?} shares the unidentified client's budget"
        );
    }
    assert_eq!(
        status(Some("198.51.100.9")).await,
        reqwest::StatusCode::OK,
        "a named client has a budget of its own"
    );
    let _ = stop.send(());
    server.await.expect("server stops");
}

/// A native history export is expensive work of its client: with the client's one slot
/// taken, its export is refused with 429 `too_many_concurrent` (another client's is not
/// refused by the limits). The networks' upstreams are a closed local port.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_native_export_takes_an_expensive_slot() {
    let limits = LimitsConfig {
        exempt_loopback: false,
        expensive_per_client: 1,
        ..LimitsConfig::default()
    };
    let state = AppState::builder(
        crate::evm_router_props::offline_networks(),
        "/nonexistent".into(),
    )
    .limits(limits)
    .build();
    let busy = tandem_server::limits::ClientIp::Address("127.0.0.2".parse().expect("ip"));
    let held = state
        .limits()
        .expensive(Some(busy))
        .expect("a slot")
        .expect("held to the limits");
    let (address, stop, server) = serve(state).await;
    let url = format!("http://{address}/api/v1/native/telos/accounts/alice/history.csv");
    let refused = client_from("127.0.0.2")
        .get(&url)
        .send()
        .await
        .expect("answer");
    assert_eq!(refused.status(), reqwest::StatusCode::TOO_MANY_REQUESTS);
    let body: Value = refused.json().await.expect("JSON error body");
    assert_eq!(body["code"], "too_many_concurrent");
    let other = client_from("127.0.0.3")
        .get(&url)
        .send()
        .await
        .expect("answer");
    assert_ne!(other.status(), reqwest::StatusCode::TOO_MANY_REQUESTS);
    drop(held);
    let _ = stop.send(());
    server.await.expect("server stops");
}
