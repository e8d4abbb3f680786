//! The server's one cache: a [`CacheStore`] of bounded size (`[cache] max_bytes`) shared
//! by every network and every use, and the typed [`BoundedCache`] handles the services
//! hold. A handle keeps its own lifetimes (one for answers, a shorter one for failures)
//! and its own keys; the store keeps one byte budget and one eviction order (moka's
//! TinyLFU) across them all, so a busy cache can use what an idle one leaves, and the
//! whole never exceeds the budget (entries weighed by [`Weigh`]).
//!
//! - [`BoundedCache::get_or_fetch`]: one fetch per key at a time (single flight);
//!   concurrent callers share its answer, failures included, for their lifetimes;
//! - [`FlightCache`]: answers per key and filter, one upstream fetch per key at a time
//!   (spec §4 "History fetch"), built on a handle and per-key turns.
//!
//! Hits and misses are counted per cache name (`tandem_cache_requests_total`).

mod erased;
mod flight;
mod weigh;

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use moka::future::Cache;

use erased::{ErasedKey, Stored, entry_bytes};
pub use flight::FlightCache;
pub use weigh::{Weigh, debug_len};
pub(crate) use weigh::{weigh_by_debug, weigh_inline};

/// Default byte budget of the cache store.
pub const DEFAULT_MAX_BYTES: u64 = 256 * 1024 * 1024;

/// The `[cache]` settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheConfig {
    /// The most the cached keys and values may hold together, in bytes (estimated).
    pub max_bytes: u64,
}

impl Default for CacheConfig {
    fn default() -> Self {
        Self {
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

/// How long a cached answer and a cached failure live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifetimes {
    /// An answer.
    pub answer: Duration,
    /// A failure (shorter: an outage is not asked again by every request, yet recovers
    /// quickly).
    pub failure: Duration,
}

impl Lifetimes {
    /// Answers live `answer`; failures are not kept.
    #[must_use]
    pub const fn answers(answer: Duration) -> Self {
        Self {
            answer,
            failure: Duration::ZERO,
        }
    }
}

/// The one bounded store every cache handle lives in. Cloning shares it.
#[derive(Clone)]
pub struct CacheStore {
    inner: Arc<StoreInner>,
}

struct StoreInner {
    entries: Cache<ErasedKey, Stored>,
    max_bytes: u64,
    next_space: AtomicU32,
}

impl fmt::Debug for CacheStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CacheStore")
            .field("max_bytes", &self.inner.max_bytes)
            .field("entries", &self.inner.entries.entry_count())
            .finish_non_exhaustive()
    }
}

impl Default for CacheStore {
    fn default() -> Self {
        Self::new(CacheConfig::default())
    }
}

/// Each entry lives as long as its handle said when it was stored.
struct EntryLifetime;

impl moka::Expiry<ErasedKey, Stored> for EntryLifetime {
    fn expire_after_create(
        &self,
        _key: &ErasedKey,
        value: &Stored,
        _created_at: std::time::Instant,
    ) -> Option<Duration> {
        Some(value.lifetime)
    }

    fn expire_after_update(
        &self,
        _key: &ErasedKey,
        value: &Stored,
        _updated_at: std::time::Instant,
        _duration_until_expiry: Option<Duration>,
    ) -> Option<Duration> {
        Some(value.lifetime)
    }
}

impl CacheStore {
    /// A store holding at most `config.max_bytes` (estimated) of keys and values.
    #[must_use]
    pub fn new(config: CacheConfig) -> Self {
        let entries = Cache::builder()
            .max_capacity(config.max_bytes)
            .weigher(|_key: &ErasedKey, stored: &Stored| stored.weight)
            .expire_after(EntryLifetime)
            .support_invalidation_closures()
            .build();
        Self {
            inner: Arc::new(StoreInner {
                entries,
                max_bytes: config.max_bytes,
                next_space: AtomicU32::new(0),
            }),
        }
    }

    /// A new cache named `name` (in metrics) in this store.
    #[must_use]
    pub fn cache<K, V, E>(
        &self,
        name: &'static str,
        lifetimes: Lifetimes,
    ) -> BoundedCache<K, V, E> {
        BoundedCache {
            store: self.clone(),
            space: self.inner.next_space.fetch_add(1, Ordering::Relaxed),
            name,
            lifetimes,
            _types: PhantomData,
        }
    }

    /// The budget, in bytes.
    #[must_use]
    pub fn max_bytes(&self) -> u64 {
        self.inner.max_bytes
    }

    /// What the entries hold now (estimated bytes), after pending evictions ran.
    pub async fn weighted_bytes(&self) -> u64 {
        self.inner.entries.run_pending_tasks().await;
        self.inner.entries.weighted_size()
    }

    /// How many entries are held (approximate until pending work has run).
    #[must_use]
    pub fn entry_count(&self) -> u64 {
        self.inner.entries.entry_count()
    }
}

/// A typed cache in the shared [`CacheStore`]: keys `K`, values `V`, failures `E`.
pub struct BoundedCache<K, V, E = crate::error::ServiceError> {
    store: CacheStore,
    space: u32,
    name: &'static str,
    lifetimes: Lifetimes,
    _types: PhantomData<Types<K, V, E>>,
}

/// The handle's types, without owning any (so it is `Send` and `Sync` whatever they are).
type Types<K, V, E> = fn() -> (K, V, E);

impl<K, V, E> fmt::Debug for BoundedCache<K, V, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoundedCache")
            .field("name", &self.name)
            .field("lifetimes", &self.lifetimes)
            .finish_non_exhaustive()
    }
}

impl<K, V, E> BoundedCache<K, V, E>
where
    K: Hash + Eq + Clone + Weigh + Send + Sync + 'static,
    V: Clone + Weigh + Send + Sync + 'static,
    E: Clone + Send + Sync + 'static,
{
    /// The cached answer or failure of `key`, or the result of `fetch`, shared with
    /// every caller asking for `key` meanwhile (one fetch per key at a time).
    ///
    /// # Errors
    /// The fetch's failure, as cached.
    pub async fn get_or_fetch<Fut>(&self, key: K, fetch: impl Fn() -> Fut) -> Result<V, E>
    where
        Fut: Future<Output = Result<V, E>>,
    {
        let erased = ErasedKey::new(self.space, key.clone());
        let entry = self
            .store
            .inner
            .entries
            .entry(erased)
            .or_insert_with(async { self.stored(&key, fetch().await) })
            .await;
        self.count(!entry.is_fresh());
        match entry.value().value.downcast_ref::<Result<V, E>>() {
            Some(result) => result.clone(),
            None => {
                // A cache's keys are its own (its space), so its entries hold its value
                // type; should that ever fail, the answer is fetched, not guessed.
                tracing::error!(cache = self.name, "cached value of another type");
                fetch().await
            }
        }
    }

    /// The cached answer of `key`, if any (failures are not answers).
    pub async fn get(&self, key: &K) -> Option<V> {
        self.get_if(key, |_| true).await
    }

    /// The cached answer of `key` when `usable` accepts it (e.g. it was built under the
    /// index position asked for); one it refuses counts as a miss.
    pub async fn get_if(&self, key: &K, usable: impl FnOnce(&V) -> bool) -> Option<V> {
        let found = self.peek(key).await.filter(usable);
        self.count(found.is_some());
        found
    }

    /// The cached answer of `key`, if any, without counting a hit or a miss (for a
    /// caller that looks at an older answer to decide whether it still holds, and for
    /// [`get_if`](Self::get_if), which counts).
    pub async fn peek(&self, key: &K) -> Option<V> {
        self.store
            .inner
            .entries
            .get(&ErasedKey::new(self.space, key.clone()))
            .await
            .and_then(|stored| match stored.value.downcast_ref::<Result<V, E>>() {
                Some(Ok(value)) => Some(value.clone()),
                _ => None,
            })
    }

    /// Stores `value` for `key` for the answers' lifetime.
    pub async fn insert(&self, key: K, value: V) {
        self.insert_for(key, value, self.lifetimes.answer).await;
    }

    /// Stores `value` for `key` for `lifetime` (for callers whose answers live
    /// differently long, such as contract lookups).
    pub async fn insert_for(&self, key: K, value: V, lifetime: Duration) {
        let mut stored = self.stored(&key, Ok(value));
        stored.lifetime = lifetime;
        self.store
            .inner
            .entries
            .insert(ErasedKey::new(self.space, key), stored)
            .await;
    }

    /// Forgets `key`.
    pub async fn invalidate(&self, key: &K) {
        self.store
            .inner
            .entries
            .invalidate(&ErasedKey::new(self.space, key.clone()))
            .await;
    }

    /// Forgets every key for which `doomed` is true (at once for readers; the memory is
    /// freed as the store's housekeeping runs).
    pub fn invalidate_if(&self, doomed: impl Fn(&K) -> bool + Send + Sync + 'static) {
        let space = self.space;
        let predicate = move |key: &ErasedKey, _: &Stored| key.get::<K>(space).is_some_and(&doomed);
        if let Err(error) = self.store.inner.entries.invalidate_entries_if(predicate) {
            // Only possible when the store was built without invalidation closures.
            tracing::error!(cache = self.name, %error, "cannot invalidate entries");
        }
    }

    /// Forgets every entry of this cache.
    pub fn clear(&self) {
        self.invalidate_if(|_| true);
    }

    fn stored(&self, key: &K, result: Result<V, E>) -> Stored {
        let lifetime = match result {
            Ok(_) => self.lifetimes.answer,
            Err(_) => self.lifetimes.failure,
        };
        Stored {
            weight: entry_bytes(key, &result),
            value: Arc::new(result),
            lifetime,
        }
    }

    fn count(&self, hit: bool) {
        let result = if hit { "hit" } else { "miss" };
        metrics::counter!("tandem_cache_requests_total", "cache" => self.name, "result" => result)
            .increment(1);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::error::ServiceError;

    fn store() -> CacheStore {
        CacheStore::default()
    }

    #[tokio::test]
    async fn concurrent_requests_share_one_fetch() {
        let cache: BoundedCache<String, u32> =
            store().cache("test", Lifetimes::answers(Duration::from_secs(10)));
        let calls = AtomicUsize::new(0);
        let fetch = || async {
            calls.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(20)).await;
            Ok(7)
        };
        let key = || "k".to_owned();
        let (a, b) = tokio::join!(
            cache.get_or_fetch(key(), fetch),
            cache.get_or_fetch(key(), fetch)
        );
        assert_eq!((a.ok(), b.ok()), (Some(7), Some(7)));
        assert_eq!(cache.get_or_fetch(key(), fetch).await.ok(), Some(7));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn failures_expire_sooner_than_answers() {
        let cache: BoundedCache<u8, u8> =
            store().cache("test", Lifetimes::answers(Duration::from_secs(10)));
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

    #[tokio::test]
    async fn failures_are_shared_for_their_lifetime() {
        let cache: BoundedCache<u8, u8> = store().cache(
            "test",
            Lifetimes {
                answer: Duration::from_secs(10),
                failure: Duration::from_millis(50),
            },
        );
        let down = || async { Err(ServiceError::NothingToWithdraw) };
        assert!(cache.get_or_fetch(1, down).await.is_err());
        assert!(
            cache.get_or_fetch(1, || async { Ok(2) }).await.is_err(),
            "the failure is kept"
        );
        tokio::time::sleep(Duration::from_millis(60)).await;
        assert_eq!(
            cache.get_or_fetch(1, || async { Ok(2) }).await.ok(),
            Some(2)
        );
    }

    #[tokio::test]
    async fn caches_of_one_store_keep_their_keys_apart() {
        let store = store();
        let a: BoundedCache<u8, u8> = store.cache("a", Lifetimes::answers(Duration::from_secs(10)));
        let b: BoundedCache<u8, u8> = store.cache("b", Lifetimes::answers(Duration::from_secs(10)));
        a.insert(1, 10).await;
        b.insert(1, 20).await;
        assert_eq!((a.get(&1).await, b.get(&1).await), (Some(10), Some(20)));
        a.clear();
        assert_eq!((a.get(&1).await, b.get(&1).await), (None, Some(20)));
    }

    /// The store's own accounting: however many entries go in, what it holds stays
    /// within the budget, and each entry weighs at least what its value owns.
    #[tokio::test]
    async fn the_store_keeps_to_its_byte_budget() {
        let budget = 256 * 1024;
        let store = CacheStore::new(CacheConfig { max_bytes: budget });
        let cache: BoundedCache<u32, String> =
            store.cache("test", Lifetimes::answers(Duration::from_secs(60)));
        for key in 0..5_000 {
            cache.insert(key, "v".repeat(1000)).await;
        }
        let held = store.weighted_bytes().await;
        assert!(held <= budget, "{held} > {budget}");
        let entries = store.entry_count();
        assert!(entries > 0, "something is kept");
        assert!(
            entries * 1000 <= budget,
            "{entries} values of 1000 bytes cannot fit in {budget}"
        );
    }
}
