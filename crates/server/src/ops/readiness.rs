//! Readiness: can every served EVM network be answered from some source? A network is
//! unready only while its primary source is down (the selector's last health check
//! found it unhealthy) and its fallback, the node's JSON-RPC, does not answer either;
//! a network served from its fallback is ready, and says so.

use serde::Serialize;
use tandem_evm::source::SourceKind;

use super::metrics::source_label;
use crate::evm::{EvmNetwork, EvmNetworks};

/// One network's readiness.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NetworkReadiness {
    /// The network's name.
    pub network: &'static str,
    /// Whether some source can answer.
    pub ready: bool,
    /// The source answering now (`teloscan`, `own_index`, `rpc`).
    pub source: &'static str,
    /// Why the primary is down (and, when unready, why the fallback is too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The own index's last error, in full (the public status route only says that
    /// there is one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index_error: Option<String>,
}

/// Every served EVM network's readiness, in name order.
pub async fn check(networks: &EvmNetworks) -> Vec<NetworkReadiness> {
    let mut found = Vec::new();
    for network in networks.iter() {
        found.push(network_readiness(network).await);
    }
    found
}

async fn network_readiness(network: &EvmNetwork) -> NetworkReadiness {
    let index_error = network
        .indexer_status()
        .and_then(|status| status.last_error);
    NetworkReadiness {
        index_error,
        ..source_readiness(network).await
    }
}

async fn source_readiness(network: &EvmNetwork) -> NetworkReadiness {
    let health = network.health();
    let primary_up = health.in_use == health.primary
        && health
            .primary_health
            .as_ref()
            .is_some_and(|primary| primary.is_healthy());
    let name = network.name().as_str();
    if primary_up {
        return NetworkReadiness {
            network: name,
            ready: true,
            source: source_label(health.in_use),
            reason: None,
            index_error: None,
        };
    }
    let primary = format!(
        "primary ({}) down: {}",
        source_label(health.primary),
        health
            .last_error
            .as_deref()
            .unwrap_or(if health.checked_at_ms.is_some() {
                "behind or unsuccessful"
            } else {
                "not checked yet"
            })
    );
    // The fallback is the node; its head read is cached a few seconds, failures too.
    match network.chain_data().await {
        Ok(_) => NetworkReadiness {
            network: name,
            ready: true,
            source: source_label(SourceKind::Rpc),
            reason: Some(primary),
            index_error: None,
        },
        Err(error) => NetworkReadiness {
            network: name,
            ready: false,
            source: source_label(health.in_use),
            reason: Some(format!("{primary}; fallback (rpc) unreachable: {error}")),
            index_error: None,
        },
    }
}
