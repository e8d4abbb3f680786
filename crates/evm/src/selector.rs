//! Health-based choice between the primary source (the Teloscan indexer) and a fallback
//! (Tandem's own index, or plain RPC reads), spec §4 "Indexer health": checked at start
//! and then periodically (5 s here), healthy only when `success` and less than 10 s
//! behind. While the primary is unhealthy, the fallback answers.
//!
//! The source in use is a [`SwitchableSource`] the selector swaps on each change of
//! health ([`SourceSelector::source`]), so the server holds one `Arc<dyn EvmSource>` per
//! network.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError, RwLock, Weak};
use std::time::Duration;

use serde::Serialize;
use tandem_domain::time::now_ms;
use tokio::task::JoinHandle;

use crate::lookup::IndexerStatus;
use crate::source::{EvmSource, SourceHealth, SourceKind, SwitchableSource};

/// How often and how patiently the primary's health is checked.
#[derive(Debug, Clone, Copy)]
pub struct SelectorConfig {
    /// Time between checks (spec: 5 s in one reading).
    pub interval: Duration,
    /// Longest a check may take before it counts as a failure.
    pub check_timeout: Duration,
}

impl Default for SelectorConfig {
    fn default() -> Self {
        Self {
            interval: Duration::from_secs(5),
            check_timeout: Duration::from_secs(4),
        }
    }
}

/// What the last check found, for the health endpoint and the UI's warning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HealthSnapshot {
    /// The source answering now.
    pub in_use: SourceKind,
    /// The primary source's kind.
    pub primary: SourceKind,
    /// The fallback source's kind.
    pub fallback: SourceKind,
    /// The primary's last health answer, if the last check got one.
    pub primary_health: Option<SourceHealth>,
    /// Why the last check failed, if it did.
    pub last_error: Option<String>,
    /// When the primary was last checked, milliseconds since the epoch.
    pub checked_at_ms: Option<u64>,
    /// Whether the primary was ever found unhealthy (spec: warn once that data may be
    /// out of sync).
    pub ever_unhealthy: bool,
}

/// Chooses between a primary and a fallback source by the primary's health.
#[derive(Debug)]
pub struct SourceSelector {
    primary: Arc<dyn EvmSource>,
    fallback: Arc<dyn EvmSource>,
    /// The one in use, swapped together with `state.use_primary`.
    in_use: Arc<SwitchableSource>,
    config: SelectorConfig,
    state: RwLock<State>,
    /// Changes of the source in use since start (the first check's choice not counted).
    switches: AtomicU64,
}

#[derive(Debug)]
struct State {
    use_primary: bool,
    snapshot: HealthSnapshot,
}

impl SourceSelector {
    /// A selector that uses `fallback` until the first check finds `primary` healthy.
    #[must_use]
    pub fn new(
        primary: Arc<dyn EvmSource>,
        fallback: Arc<dyn EvmSource>,
        config: SelectorConfig,
    ) -> Self {
        let snapshot = HealthSnapshot {
            in_use: fallback.kind(),
            primary: primary.kind(),
            fallback: fallback.kind(),
            primary_health: None,
            last_error: None,
            checked_at_ms: None,
            ever_unhealthy: false,
        };
        Self {
            in_use: Arc::new(SwitchableSource::new(Arc::clone(&fallback))),
            primary,
            fallback,
            config,
            state: RwLock::new(State {
                use_primary: false,
                snapshot,
            }),
            switches: AtomicU64::new(0),
        }
    }

    /// The source in use and its kind.
    #[must_use]
    pub fn current(&self) -> (SourceKind, Arc<dyn EvmSource>) {
        if self.primary_in_use() {
            (self.primary.kind(), Arc::clone(&self.primary))
        } else {
            (self.fallback.kind(), Arc::clone(&self.fallback))
        }
    }

    /// The source in use, as one source that follows every switch: the primary while it
    /// is healthy, else the fallback.
    #[must_use]
    pub fn source(&self) -> Arc<dyn EvmSource> {
        Arc::clone(&self.in_use) as Arc<dyn EvmSource>
    }

    /// What the last check found.
    #[must_use]
    pub fn snapshot(&self) -> HealthSnapshot {
        self.read().snapshot.clone()
    }

    /// How often the source in use changed since start (the first check's choice is
    /// not a change).
    #[must_use]
    pub fn switches(&self) -> u64 {
        self.switches.load(Ordering::Relaxed)
    }

    /// Checks the primary now and switches sources accordingly.
    pub async fn check_now(&self) -> HealthSnapshot {
        let outcome = tokio::time::timeout(self.config.check_timeout, self.primary.health()).await;
        let (health, error) = match outcome {
            Ok(Ok(health)) => (Some(health), None),
            Ok(Err(error)) => (None, Some(error.to_string())),
            Err(_) => (None, Some("health check timed out".to_owned())),
        };
        let healthy = health.as_ref().is_some_and(SourceHealth::is_healthy);
        let mut state = self.state.write().unwrap_or_else(PoisonError::into_inner);
        if state.use_primary != healthy && state.snapshot.checked_at_ms.is_some() {
            tracing::info!(primary_healthy = healthy, error = ?error, "EVM source switched");
            self.switches.fetch_add(1, Ordering::Relaxed);
        }
        state.use_primary = healthy;
        self.in_use.replace(if healthy {
            Arc::clone(&self.primary)
        } else {
            Arc::clone(&self.fallback)
        });
        let snapshot = &mut state.snapshot;
        snapshot.in_use = if healthy {
            snapshot.primary
        } else {
            snapshot.fallback
        };
        snapshot.ever_unhealthy |= !healthy;
        snapshot.primary_health = health;
        snapshot.last_error = error;
        snapshot.checked_at_ms = Some(now_ms());
        snapshot.clone()
    }

    /// Starts checking every `interval` (the first check at once). Polling stops when
    /// the handle is dropped or the selector is gone.
    #[must_use]
    pub fn spawn_polling(self: &Arc<Self>) -> PollingHandle {
        let selector: Weak<Self> = Arc::downgrade(self);
        let interval = self.config.interval;
        let task = tokio::spawn(async move {
            let mut ticks = tokio::time::interval(interval);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let Some(selector) = selector.upgrade() else {
                    break;
                };
                selector.check_now().await;
            }
        });
        PollingHandle { task }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, State> {
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn primary_in_use(&self) -> bool {
        self.read().use_primary
    }
}

impl IndexerStatus for SourceSelector {
    fn indexer_healthy(&self) -> bool {
        self.primary_in_use()
    }
}

/// The background health polling; dropping it stops the polling.
#[derive(Debug)]
pub struct PollingHandle {
    task: JoinHandle<()>,
}

impl Drop for PollingHandle {
    fn drop(&mut self) {
        self.task.abort();
    }
}
