//! The process's metrics recorder and the Prometheus text it renders, with the
//! standard `process_*` families ([`super::process`]) after it.
//!
//! Counters and histograms are recorded where things happen, through the `metrics`
//! facade: HTTP requests by route template ([`super::http`]), upstream calls by service
//! and outcome (the client crates), cache hits and misses (`crate::cache`), rate-limit
//! rejections (`crate::limits`). Like logging, the facade has one recorder per process,
//! installed on first use by [`Metrics::global`]. Gauges that describe state (the own
//! index's lag, the sources in use, the cache's size) are set from the state being
//! scraped, just before rendering.

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tandem_evm::source::SourceKind;

use crate::cache::CacheStore;
use crate::evm::{EvmNetwork, EvmNetworks};

/// Latency buckets in seconds, from a cached answer (~1 ms) to a slow upstream (30 s).
const LATENCY_BUCKETS: [f64; 14] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// How often histogram samples are folded into their buckets when nobody scrapes
/// (rendering folds them too), so unscraped samples never pile up.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The recorder's handle.
#[derive(Debug)]
pub struct Metrics {
    handle: PrometheusHandle,
}

impl Metrics {
    /// The process's recorder, installed on the first call; `None` when another
    /// recorder was installed first (then nothing is rendered).
    pub fn global() -> Option<&'static Self> {
        static RECORDER: OnceLock<Option<Metrics>> = OnceLock::new();
        RECORDER.get_or_init(Self::install).as_ref()
    }

    fn install() -> Option<Self> {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), &LATENCY_BUCKETS);
        let recorder = match builder {
            Ok(builder) => builder.build_recorder(),
            Err(error) => {
                tracing::error!(%error, "metrics: invalid buckets");
                return None;
            }
        };
        let handle = recorder.handle();
        if let Err(error) = metrics::set_global_recorder(recorder) {
            tracing::warn!(%error, "metrics: another recorder is installed");
            return None;
        }
        super::describe::describe_all();
        let upkeep = handle.clone();
        let spawned = std::thread::Builder::new()
            .name("metrics-upkeep".to_owned())
            .spawn(move || {
                loop {
                    std::thread::sleep(UPKEEP_EVERY);
                    upkeep.run_upkeep();
                }
            });
        if let Err(error) = spawned {
            tracing::warn!(%error, "metrics: no upkeep thread; histograms fold on scrape only");
        }
        Some(Self { handle })
    }

    /// The Prometheus text of every metric, with the gauges of `networks` and `cache`
    /// set first.
    pub async fn render(&self, networks: &EvmNetworks, cache: &CacheStore) -> String {
        for network in networks.iter() {
            network_gauges(network);
        }
        metrics::gauge!("tandem_cache_bytes").set(as_f64(cache.weighted_bytes().await));
        metrics::gauge!("tandem_cache_max_bytes").set(as_f64(cache.max_bytes()));
        metrics::gauge!("tandem_cache_entries").set(as_f64(cache.entry_count()));
        if let Some(bytes) = resident_bytes() {
            metrics::gauge!("tandem_process_resident_memory_bytes").set(as_f64(bytes));
        }
        let mut text = self.handle.render();
        text.push_str(&super::process::render());
        text
    }
}

/// The label of a source kind.
#[must_use]
pub fn source_label(kind: SourceKind) -> &'static str {
    match kind {
        SourceKind::TeloscanIndexer => "teloscan",
        SourceKind::Blockscout => "blockscout",
        SourceKind::OwnIndex => "own_index",
        SourceKind::Rpc => "rpc",
    }
}

/// The source and own-index gauges of one network: the index's progress from
/// `IndexerStatus`, its on-demand account fills from the filler's counts.
fn network_gauges(network: &EvmNetwork) {
    let name = network.name().as_str();
    let health = network.health();
    metrics::counter!("tandem_source_switches_total", "network" => name)
        .absolute(network.source_switches());
    for kind in [health.primary, health.fallback] {
        let in_use = if kind == health.in_use { 1.0 } else { 0.0 };
        metrics::gauge!("tandem_source_in_use", "network" => name, "source" => source_label(kind))
            .set(in_use);
    }
    if let Some(fills) = network.fill_counts() {
        metrics::counter!("tandem_index_fills_completed_total", "network" => name)
            .absolute(fills.completed);
        metrics::counter!("tandem_index_fills_failed_total", "network" => name)
            .absolute(fills.failed);
        metrics::gauge!("tandem_index_fills_active", "network" => name).set(as_f64(fills.active));
    }
    let Some(status) = network.indexer_status() else {
        return;
    };
    if let Some(indexed) = status.indexed_block {
        metrics::gauge!("tandem_index_indexed_block", "network" => name).set(as_f64(indexed));
        if let Some(head) = status.head_block {
            metrics::gauge!("tandem_index_head_lag_blocks", "network" => name)
                .set(as_f64(head.saturating_sub(indexed)));
        }
        let enriched = status.enriched_block.unwrap_or(0);
        metrics::gauge!("tandem_index_enrichment_lag_blocks", "network" => name)
            .set(as_f64(indexed.saturating_sub(enriched)));
    }
    if health.primary == SourceKind::OwnIndex
        && let Some(primary) = &health.primary_health
    {
        metrics::gauge!("tandem_index_head_lag_seconds", "network" => name)
            .set(as_f64(primary.seconds_behind));
    }
    metrics::counter!("tandem_index_reorgs_total", "network" => name).absolute(status.reorgs);
    metrics::counter!("tandem_index_enrichments_total", "network" => name)
        .absolute(status.enrichments);
}

/// Gauges are floats; counts this large lose nothing that matters.
#[expect(
    clippy::cast_precision_loss,
    reason = "gauge values are f64 by definition"
)]
fn as_f64(value: u64) -> f64 {
    value as f64
}

/// The process's resident memory (Linux: `/proc/self/statm`), for the soak bench and
/// alerts.
fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // Linux's page size on every platform this server is built for.
    Some(pages.saturating_mul(4096))
}
