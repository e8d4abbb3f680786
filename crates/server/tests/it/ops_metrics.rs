//! `GET /metrics` scraped after traffic on the devnet: request counters by route
//! template grow with the traffic, latencies land in histogram buckets, the node's
//! JSON-RPC calls are counted with their outcome, the balances cache counts a miss and
//! a hit, and the own index's lag and source are there. The recorder is the process's,
//! shared by every test of this binary, so counts are compared before and after.

use std::collections::BTreeMap;

use axum::Router;
use axum::http::{Method, StatusCode, header};
use tandem_testkit::request;

use crate::evm_history_support::{DEVNET, DevnetApp, get};

/// One sample: the metric's name, its labels, its value.
#[derive(Debug)]
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// The samples of a Prometheus text exposition.
fn parse(text: &str) -> Vec<Sample> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (series, value) = line.rsplit_once(' ').expect("value");
            let (name, labels) = match series.split_once('{') {
                Some((name, rest)) => (name, rest.trim_end_matches('}')),
                None => (series, ""),
            };
            let labels = labels
                .split("\",")
                .filter(|pair| !pair.is_empty())
                .map(|pair| {
                    let (key, value) = pair.split_once('=').expect("label");
                    (key.to_owned(), value.trim_matches('"').to_owned())
                })
                .collect();
            Sample {
                name: name.to_owned(),
                labels,
                value: value.parse().expect("number"),
            }
        })
        .collect()
}

/// The sum of `name`'s samples whose labels include all of `wanted`.
fn sum(samples: &[Sample], name: &str, wanted: &[(&str, &str)]) -> f64 {
    samples
        .iter()
        .filter(|sample| sample.name == name)
        .filter(|sample| {
            wanted
                .iter()
                .all(|(key, value)| sample.labels.get(*key).map(String::as_str) == Some(*value))
        })
        .map(|sample| sample.value)
        .sum()
}

async fn scrape(app: &Router) -> Vec<Sample> {
    let answer = request::call(app, Method::GET, "/metrics", None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    assert!(
        answer
            .header(header::CONTENT_TYPE)
            .is_some_and(|kind| kind.starts_with("text/plain; version=0.0.4")),
        "{:?}",
        answer.headers
    );
    parse(&answer.text())
}

const BALANCES_ROUTE: &str = "/api/v1/evm/{network}/accounts/{address}/balances";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_hold_requests_upstreams_caches_and_the_index_lag() {
    let devnet = DevnetApp::start().await;
    let app = devnet.router();
    let before = scrape(&app).await;
    let ok_balances = [
        ("route", BALANCES_ROUTE),
        ("status", "200"),
        ("method", "GET"),
    ];

    let carol = devnet.account("carol");
    let uri = format!("/api/v1/evm/{DEVNET}/accounts/{carol}/balances?fiat=USD");
    for _ in 0..3 {
        let (status, body) = get(app.clone(), &uri).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, _) = get(app.clone(), "/api/v1/no-such-route").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let after = scrape(&app).await;

    let requests = |samples: &[Sample]| sum(samples, "tandem_http_requests_total", &ok_balances);
    assert!(
        requests(&after) >= requests(&before) + 3.0,
        "balances requests counted by route template: {} → {}",
        requests(&before),
        requests(&after)
    );
    assert!(
        sum(
            &after,
            "tandem_http_requests_total",
            &[("route", "fallback"), ("status", "404")]
        ) >= 1.0
    );
    assert!(
        !after
            .iter()
            .any(|s| s.labels.get("route").is_some_and(|r| r.contains("0x"))),
        "no raw paths as labels"
    );
    let latency = "tandem_http_request_duration_seconds";
    let route = [("route", BALANCES_ROUTE)];
    let count = sum(&after, &format!("{latency}_count"), &route);
    assert!(count >= 3.0, "latencies counted: {count}");
    let all = sum(
        &after,
        &format!("{latency}_bucket"),
        &[("route", BALANCES_ROUTE), ("le", "+Inf")],
    );
    let fast = sum(
        &after,
        &format!("{latency}_bucket"),
        &[("route", BALANCES_ROUTE), ("le", "30")],
    );
    assert!(
        all >= count && fast <= all && fast > 0.0,
        "buckets: {fast} of {all}"
    );

    assert!(
        sum(
            &after,
            "tandem_upstream_requests_total",
            &[("service", "evm_rpc"), ("outcome", "ok")]
        ) > 0.0,
        "the node's JSON-RPC calls are counted"
    );
    assert!(
        sum(
            &after,
            "tandem_upstream_request_duration_seconds_count",
            &[("service", "evm_rpc")]
        ) > 0.0
    );
    let cache = |result| {
        sum(
            &after,
            "tandem_cache_requests_total",
            &[("cache", "balances"), ("result", result)],
        )
    };
    assert!(
        cache("miss") >= 1.0 && cache("hit") >= 2.0,
        "misses {} hits {}",
        cache("miss"),
        cache("hit")
    );
    assert!(
        sum(&after, "tandem_cache_bytes", &[]) > 0.0,
        "the store holds the balances"
    );
    assert!(sum(&after, "tandem_cache_max_bytes", &[]) >= sum(&after, "tandem_cache_bytes", &[]));

    let network = [("network", DEVNET)];
    let indexed = sum(&after, "tandem_index_indexed_block", &network);
    assert!(indexed >= 1.0, "the index's block: {indexed}");
    let lag = sum(&after, "tandem_index_head_lag_blocks", &network);
    assert!((0.0..=indexed).contains(&lag), "head lag in blocks: {lag}");
    let enrichment = sum(&after, "tandem_index_enrichment_lag_blocks", &network);
    assert!(
        (0.0..=indexed).contains(&enrichment),
        "enrichment lag: {enrichment}"
    );
    let seconds = sum(&after, "tandem_index_head_lag_seconds", &network);
    assert!(
        (0.0..10.0).contains(&seconds),
        "head lag in seconds: {seconds}"
    );
    assert_eq!(
        sum(
            &after,
            "tandem_source_in_use",
            &[("network", DEVNET), ("source", "own_index")]
        ),
        1.0
    );
    // The devnet's index covers every account from its first block: no fill ran.
    for series in [
        "tandem_index_fills_completed_total",
        "tandem_index_fills_failed_total",
        "tandem_index_fills_active",
    ] {
        assert!(
            after
                .iter()
                .any(|s| s.name == series
                    && s.labels.get("network").map(String::as_str) == Some(DEVNET)),
            "{series} is exported"
        );
        assert_eq!(sum(&after, series, &network), 0.0, "{series}");
    }
    assert!(
        after
            .iter()
            .any(|s| s.name == "tandem_source_switches_total"
                && s.labels.get("network").map(String::as_str) == Some(DEVNET)),
        "source switches are exported"
    );

    // The operator's routes are not part of the API's document.
    let (_, document) = get(app.clone(), "/api/v1/openapi.json").await;
    let paths = document["paths"].as_object().expect("paths");
    for route in ["/metrics", "/livez", "/readyz"] {
        assert!(
            !paths.contains_key(route),
            "{route} in the OpenAPI document"
        );
    }
    devnet.state.shut_down().await;
}
