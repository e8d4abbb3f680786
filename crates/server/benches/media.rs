//! The media proxy's cost (by hand: `bash bench/media/run.sh`; ADR 0033): what loading a
//! picture through `/api/v1/media` costs next to loading it from its host.
//!
//! A web host on loopback ([`WebHost`], allowed as the devnet's assets server is) serves
//! pictures of a given size; the server runs in this process on a real socket with the proxy
//! on. For `--files N` distinct pictures of `--kib K` KiB it times, one request at a time on
//! a kept-alive connection: each picture from its host directly, through the proxy the first
//! time (the server fetches, checks and caches it) and again (from the cache); then the
//! cached pictures with 6 connections at once (a browser's per-host limit). Prints p50/p99
//! per case, requests/s, the bytes the cache holds and this process's resident memory.

#![allow(clippy::print_stdout, clippy::unwrap_used, clippy::expect_used)] // a bench prints

use std::sync::Arc;
use std::time::{Duration, Instant};

use tandem_server::app;
use tandem_server::evm::{DevnetExtras, EvmOptions};
use tandem_server::media::MediaSettings;
use tandem_server::state::AppState;
use tandem_testkit::WebHost;

fn flag(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|arg| arg == name)
        .and_then(|at| args.get(at + 1))
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

fn resident_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|line| line.strip_prefix("VmRSS:"))
                .and_then(|kib| {
                    kib.trim()
                        .trim_end_matches(" kB")
                        .trim()
                        .parse::<f64>()
                        .ok()
                })
        })
        .map_or(0.0, |kib| kib / 1024.0)
}

fn percentile(times: &mut [Duration], share: f64) -> Duration {
    times.sort();
    let at = ((times.len() as f64 - 1.0) * share).round() as usize;
    times.get(at).copied().unwrap_or_default()
}

async fn timed(client: &reqwest::Client, urls: &[String]) -> Vec<Duration> {
    let mut times = Vec::with_capacity(urls.len());
    for url in urls {
        let started = Instant::now();
        let answer = client.get(url).send().await.expect("an answer");
        assert!(answer.status().is_success(), "{url}: {}", answer.status());
        let _ = answer.bytes().await.expect("a body");
        times.push(started.elapsed());
    }
    times
}

fn report(case: &str, mut times: Vec<Duration>) {
    let total: Duration = times.iter().sum();
    let p50 = percentile(&mut times, 0.5);
    let p99 = percentile(&mut times, 0.99);
    println!(
        "{case:<34} p50 {:>8.3} ms   p99 {:>8.3} ms   {:>8.0} req/s (one at a time)",
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        times.len() as f64 / total.as_secs_f64()
    );
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let (files, kib) = (flag("--files", 300), flag("--kib", 64));
    let host = WebHost::start().unwrap();
    let options = EvmOptions {
        devnet: Some(DevnetExtras {
            assets_url: Some(host.url("/")),
            ..DevnetExtras::default()
        }),
        ..EvmOptions::default()
    };
    let state = AppState::builder(Vec::new(), "/nonexistent/web/dist".into())
        .evm_options(options)
        .media(MediaSettings::default())
        .build();
    let listener = tandem_server::bind("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let address = listener.local_addr().unwrap();
    let limits = Arc::clone(state.limits_arc());
    let router = app::router(state.clone());
    tokio::spawn(tandem_server::serve(
        listener,
        router,
        limits,
        std::time::Duration::from_secs(30),
        std::future::pending(),
    ));

    let direct: Vec<String> = (0..files)
        .map(|n| host.url(&format!("/sized.png?kb={kib}&n={n}")))
        .collect();
    let proxied: Vec<String> = direct
        .iter()
        .map(|url| format!("http://{address}{}", state.media().links().link(url)))
        .collect();
    let client = reqwest::Client::new();
    println!("media proxy: {files} pictures of {kib} KiB, server in this process (2 cores)");
    let before = resident_mib();
    report("direct from the host", timed(&client, &direct).await);
    report(
        "proxy, first load (fetch + check)",
        timed(&client, &proxied).await,
    );
    report("proxy, cached", timed(&client, &proxied).await);

    let started = Instant::now();
    let per_connection = proxied.len().div_ceil(6);
    let mut lanes = tokio::task::JoinSet::new();
    for chunk in proxied.chunks(per_connection) {
        let (client, chunk) = (reqwest::Client::new(), chunk.to_vec());
        lanes.spawn(async move { timed(&client, &chunk).await });
    }
    let mut all = Vec::new();
    while let Some(times) = lanes.join_next().await {
        all.extend(times.unwrap());
    }
    let took = started.elapsed();
    println!(
        "proxy, cached, 6 connections       {:>8.0} req/s, {:>6.1} MiB/s",
        all.len() as f64 / took.as_secs_f64(),
        (all.len() * kib) as f64 / 1024.0 / took.as_secs_f64()
    );
    println!(
        "cache holds {:.1} MiB for {} files ({} KiB each); resident memory {before:.1} -> {:.1} MiB; host asked {} times",
        state.cache().weighted_bytes().await as f64 / 1024.0 / 1024.0,
        files,
        kib,
        resident_mib(),
        host.requests()
    );
}
