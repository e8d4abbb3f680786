//! What every metric means: the `# HELP` line of each series on `/metrics` (the exporter
//! writes `# TYPE` from how it is recorded), and `tandem_build_info`. A metric recorded
//! anywhere in the process must be listed here; the integration test of `/metrics`
//! refuses a family without its help.

use tandem_domain::upstream::{CALLS_METRIC, SECONDS_METRIC};

/// How a metric is recorded.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Counter,
    Gauge,
    Histogram,
}

use Kind::{Counter, Gauge, Histogram};

/// Every metric the process records, its kind and its help text.
const METRICS: &[(&str, Kind, &str)] = &[
    (
        "tandem_http_requests_total",
        Counter,
        "Answers given, by route template, method and status.",
    ),
    (
        "tandem_http_request_duration_seconds",
        Histogram,
        "Time to answer a request, by route template and method.",
    ),
    (
        CALLS_METRIC,
        Counter,
        "Calls to third-party services, by service and outcome.",
    ),
    (
        SECONDS_METRIC,
        Histogram,
        "Time of calls to third-party services, by service.",
    ),
    (
        "tandem_source_in_use",
        Gauge,
        "1 for the data source answering an EVM network's account reads now.",
    ),
    (
        "tandem_source_switches_total",
        Counter,
        "Changes of an EVM network's data source since start.",
    ),
    (
        "tandem_index_indexed_block",
        Gauge,
        "The own index's last indexed block.",
    ),
    (
        "tandem_index_head_lag_blocks",
        Gauge,
        "Blocks the own index is behind the chain's head.",
    ),
    (
        "tandem_index_head_lag_seconds",
        Gauge,
        "Seconds the own index is behind the chain's head.",
    ),
    (
        "tandem_index_enrichment_lag_blocks",
        Gauge,
        "Blocks whose contracts and NFT metadata the own index has not learnt yet.",
    ),
    (
        "tandem_index_reorgs_total",
        Counter,
        "Reorgs the own index handled, as counted in its store.",
    ),
    (
        "tandem_index_enrichments_total",
        Counter,
        "Contracts and NFT metadata the own index learnt, as counted in its store.",
    ),
    (
        "tandem_index_fills_completed_total",
        Counter,
        "On-demand fills of accounts' earlier activity this process completed.",
    ),
    (
        "tandem_index_fills_failed_total",
        Counter,
        "On-demand fills of accounts' earlier activity that failed (retried when asked again).",
    ),
    (
        "tandem_index_fills_active",
        Gauge,
        "On-demand account fills running now.",
    ),
    (
        "tandem_cache_requests_total",
        Counter,
        "Cache lookups, by cache and result (hit or miss).",
    ),
    (
        "tandem_cache_bytes",
        Gauge,
        "Bytes the cache store holds, as weighed.",
    ),
    (
        "tandem_cache_max_bytes",
        Gauge,
        "The cache store's budget ([cache] max_bytes).",
    ),
    ("tandem_cache_entries", Gauge, "Entries in the cache store."),
    (
        "tandem_rate_limited_total",
        Counter,
        "Requests refused with 429 rate_limited.",
    ),
    (
        "tandem_expensive_in_flight",
        Gauge,
        "Expensive operations running (approvals, fills, exports, media fetches).",
    ),
    (
        "tandem_connections_open",
        Gauge,
        "Connections open, as held to the per-address cap.",
    ),
    (
        "tandem_connections_refused_total",
        Counter,
        "Connections closed on arrival past the per-address or total cap.",
    ),
    (
        "tandem_process_resident_memory_bytes",
        Gauge,
        "The process's resident memory (kept beside process_resident_memory_bytes for older dashboards).",
    ),
    (
        "tandem_build_info",
        Gauge,
        "1, labelled with this build's version and profile.",
    ),
];

/// Describes every metric to the recorder and sets `tandem_build_info`.
pub(super) fn describe_all() {
    for &(name, kind, help) in METRICS {
        match kind {
            Counter => metrics::describe_counter!(name, help),
            Gauge => metrics::describe_gauge!(name, help),
            Histogram => metrics::describe_histogram!(name, help),
        }
    }
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    metrics::gauge!(
        "tandem_build_info",
        "version" => env!("CARGO_PKG_VERSION"),
        "profile" => profile,
        "revision" => option_env!("TANDEM_REVISION").unwrap_or("unknown"),
    )
    .set(1.0);
}
