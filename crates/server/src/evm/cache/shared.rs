//! A small time-limited cache in which concurrent requests for one key share one fetch
//! ("single flight"): the first caller runs the fetch, the others await its answer.
//! Failures are kept for a shorter time than answers, so an upstream outage is not
//! asked again by every request, yet recovers quickly.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::OnceCell;

use crate::error::ServiceError;

/// Above this many entries, expired ones are swept on insert.
const SWEEP_ABOVE: usize = 1024;

#[derive(Debug)]
struct Slot<V> {
    started: Instant,
    value: OnceCell<Result<V, ServiceError>>,
}

/// Answers cached for `ttl`, failures for `failure_ttl`, one fetch per key at a time.
#[derive(Debug)]
pub struct SharedCache<K, V> {
    ttl: Duration,
    failure_ttl: Duration,
    slots: Mutex<HashMap<K, Arc<Slot<V>>>>,
}

impl<K, V> SharedCache<K, V>
where
    K: Eq + Hash + Clone,
    V: Clone,
{
    /// A cache keeping answers `ttl` and failures `failure_ttl`.
    #[must_use]
    pub fn new(ttl: Duration, failure_ttl: Duration) -> Self {
        Self {
            ttl,
            failure_ttl,
            slots: Mutex::new(HashMap::new()),
        }
    }

    /// The cached value of `key`, or the answer of `fetch` (shared with every caller
    /// asking for `key` meanwhile).
    ///
    /// # Errors
    /// The fetch's failure, as cached.
    pub async fn get_or_fetch<F, Fut>(&self, key: K, fetch: F) -> Result<V, ServiceError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<V, ServiceError>>,
    {
        let slot = self.slot(key);
        slot.value.get_or_init(fetch).await.clone()
    }

    /// Forgets every cached answer.
    pub fn clear(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Arc<Slot<V>>>> {
        // Entries are replaced whole, so a panic elsewhere leaves the map consistent.
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The live slot for `key`: the current one while fresh (or still fetching),
    /// else a new one.
    fn slot(&self, key: K) -> Arc<Slot<V>> {
        let mut slots = self.lock();
        if let Some(slot) = slots.get(&key).filter(|slot| self.is_live(slot)) {
            return Arc::clone(slot);
        }
        if slots.len() >= SWEEP_ABOVE {
            slots.retain(|_, slot| self.is_live(slot));
        }
        let slot = Arc::new(Slot {
            started: Instant::now(),
            value: OnceCell::new(),
        });
        slots.insert(key, Arc::clone(&slot));
        slot
    }

    fn is_live(&self, slot: &Slot<V>) -> bool {
        let age = slot.started.elapsed();
        match slot.value.get() {
            None => true,
            Some(Ok(_)) => age < self.ttl,
            Some(Err(_)) => age < self.failure_ttl,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[tokio::test]
    async fn concurrent_requests_share_one_fetch() {
        let cache: SharedCache<&str, u32> =
            SharedCache::new(Duration::from_secs(10), Duration::ZERO);
        let calls = AtomicUsize::new(0);
        let fetch = || async {
            calls.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(20)).await;
            Ok(7)
        };
        let (a, b) = tokio::join!(
            cache.get_or_fetch("k", fetch),
            cache.get_or_fetch("k", fetch)
        );
        assert_eq!((a.ok(), b.ok()), (Some(7), Some(7)));
        assert_eq!(cache.get_or_fetch("k", fetch).await.ok(), Some(7));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn failures_expire_sooner_than_answers() {
        let cache: SharedCache<u8, u8> = SharedCache::new(Duration::from_secs(10), Duration::ZERO);
        let failure = ServiceError::NothingToWithdraw;
        let failed = cache.get_or_fetch(1, || async { Err(failure.clone()) });
        assert!(matches!(failed.await, Err(ServiceError::NothingToWithdraw)));
        assert_eq!(
            cache.get_or_fetch(1, || async { Ok(2) }).await.ok(),
            Some(2)
        );
        assert_eq!(
            cache.get_or_fetch(1, || async { Ok(3) }).await.ok(),
            Some(2)
        );
        cache.clear();
        assert_eq!(
            cache.get_or_fetch(1, || async { Ok(3) }).await.ok(),
            Some(3)
        );
    }
}
