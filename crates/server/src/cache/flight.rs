//! [`FlightCache`]: answers cached by key and filter, with only one upstream fetch per
//! key at a time (spec §4 "History fetch"): a request arriving meanwhile waits for it
//! and then runs once itself, which finds the fresh answer when it asked for the same
//! filter. An account is refetched only when the filter changed (or the answer grew
//! older than the cache's lifetime). Failures are not cached.

use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use std::time::Duration;

use super::{BoundedCache, CacheStore, Lifetimes, Weigh};

/// Answers cached by `(key, filter)`, fetched at most once at a time per `key`.
#[derive(Debug)]
pub struct FlightCache<K, F, V> {
    answers: BoundedCache<(K, F), Arc<V>, Infallible>,
    /// One turn lock per key with a fetch running or waiting (as many as requests in
    /// flight, so bounded by them).
    turns: Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>,
}

impl<K, F, V> FlightCache<K, F, V>
where
    K: Eq + Hash + Clone + Weigh + Send + Sync + 'static,
    F: Eq + Hash + Clone + Weigh + Send + Sync + 'static,
    V: Weigh + Send + Sync + 'static,
{
    /// A cache keeping its answers in `answers` (whose answer lifetime applies).
    #[must_use]
    pub fn new(answers: BoundedCache<(K, F), Arc<V>, Infallible>) -> Self {
        Self {
            answers,
            turns: Mutex::new(HashMap::new()),
        }
    }

    /// A cache named `name` in `store` whose answers stay fresh for `ttl`.
    #[must_use]
    pub fn in_store(store: &CacheStore, name: &'static str, ttl: Duration) -> Self {
        Self::new(store.cache(name, Lifetimes::answers(ttl)))
    }

    /// The fresh answer for `(key, filter)`, or the one `fetch` gives after every fetch
    /// for `key` already running has finished. A failed fetch is not cached.
    ///
    /// # Errors
    /// Whatever `fetch` fails with.
    pub async fn get_or_fetch<E, Fut>(
        &self,
        key: &K,
        filter: &F,
        fetch: impl FnOnce() -> Fut,
    ) -> Result<Arc<V>, E>
    where
        Fut: Future<Output = Result<V, E>>,
    {
        self.get_or_fetch_unless(key, filter, |_| false, fetch)
            .await
    }

    /// As [`get_or_fetch`](Self::get_or_fetch), but a fresh answer for which `refetch`
    /// is true (e.g. an empty list) is fetched again.
    ///
    /// # Errors
    /// Whatever `fetch` fails with.
    pub async fn get_or_fetch_unless<E, Fut>(
        &self,
        key: &K,
        filter: &F,
        refetch: impl Fn(&V) -> bool,
        fetch: impl FnOnce() -> Fut,
    ) -> Result<Arc<V>, E>
    where
        Fut: Future<Output = Result<V, E>>,
    {
        let turn = self.turn(key);
        let result = {
            let _mine = turn.lock().await;
            match self
                .fresh(key, filter)
                .await
                .filter(|answer| !refetch(answer))
            {
                Some(answer) => Ok(answer),
                None => match fetch().await {
                    Ok(value) => {
                        let answer = Arc::new(value);
                        let entry = (key.clone(), filter.clone());
                        self.answers.insert(entry, Arc::clone(&answer)).await;
                        Ok(answer)
                    }
                    Err(error) => Err(error),
                },
            }
        };
        self.release(key, turn);
        result
    }

    /// The cached answer for `(key, filter)` if still fresh, without fetching.
    pub async fn fresh(&self, key: &K, filter: &F) -> Option<Arc<V>> {
        self.answers.get(&(key.clone(), filter.clone())).await
    }

    /// Forgets every answer of `key` (e.g. after a transaction of that account).
    pub fn forget(&self, key: &K) {
        let key = key.clone();
        self.answers.invalidate_if(move |(k, _)| *k == key);
    }

    fn turn(&self, key: &K) -> Arc<tokio::sync::Mutex<()>> {
        Arc::clone(lock(&self.turns).entry(key.clone()).or_default())
    }

    /// Drops the key's turn lock once nobody else holds or waits for it.
    fn release(&self, key: &K, turn: Arc<tokio::sync::Mutex<()>>) {
        let mut turns = lock(&self.turns);
        // The map's copy and ours: nobody else is waiting.
        if Arc::strong_count(&turn) == 2 {
            turns.remove(key);
        }
    }
}

/// The map stays consistent even if a holder panicked: entries are replaced whole.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    type Cache = FlightCache<String, u32, u32>;

    fn cache(ttl: Duration) -> Cache {
        FlightCache::in_store(&CacheStore::default(), "test", ttl)
    }

    fn name(text: &str) -> String {
        text.to_owned()
    }

    #[tokio::test]
    async fn same_filter_is_fetched_once_while_fresh() {
        let cache = cache(Duration::from_secs(60));
        let calls = AtomicUsize::new(0);
        for _ in 0..3 {
            let answer = cache
                .get_or_fetch(&name("alice"), &1, || async {
                    calls.fetch_add(1, Ordering::SeqCst);
                    Ok::<_, ()>(7)
                })
                .await;
            assert_eq!(answer.map(|a| *a), Ok(7));
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        // Another filter of the same account is a new fetch.
        let other = cache
            .get_or_fetch(&name("alice"), &2, || async {
                calls.fetch_add(1, Ordering::SeqCst);
                Ok::<_, ()>(8)
            })
            .await;
        assert_eq!(other.map(|a| *a), Ok(8));
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        cache.forget(&name("alice"));
        assert!(cache.fresh(&name("alice"), &1).await.is_none());
    }

    #[tokio::test]
    async fn answers_marked_for_refetch_are_fetched_again() {
        let cache = cache(Duration::from_secs(60));
        let empty = |value: &u32| *value == 0;
        for expected in [0, 5, 5] {
            let answer = cache
                .get_or_fetch_unless(&name("dave"), &1, empty, || async {
                    Ok::<_, ()>(if expected == 0 { 0 } else { 5 })
                })
                .await;
            assert_eq!(answer.map(|a| *a), Ok(expected));
        }
        let kept = cache
            .get_or_fetch_unless(&name("dave"), &1, empty, || async { Ok::<_, ()>(6) })
            .await;
        assert_eq!(
            kept.map(|a| *a),
            Ok(5),
            "a non-empty fresh answer is reused"
        );
    }

    #[tokio::test]
    async fn failures_are_not_cached_and_stale_answers_are_refetched() {
        let cache = cache(Duration::from_millis(30));
        let failed = cache
            .get_or_fetch(&name("bob"), &1, || async { Err::<u32, _>("down") })
            .await;
        assert_eq!(failed, Err("down"));
        let first = cache
            .get_or_fetch(&name("bob"), &1, || async { Ok::<_, ()>(1) })
            .await;
        assert_eq!(first.map(|a| *a), Ok(1));
        tokio::time::sleep(Duration::from_millis(40)).await;
        let second = cache
            .get_or_fetch(&name("bob"), &1, || async { Ok::<_, ()>(2) })
            .await;
        assert_eq!(second.map(|a| *a), Ok(2));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_fetch_per_key_at_a_time_and_waiters_reuse_its_answer() {
        let cache = Arc::new(cache(Duration::from_secs(60)));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let calls = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for filter in [1, 1, 1, 2, 2] {
            let (cache, running, most, calls) = (
                Arc::clone(&cache),
                Arc::clone(&running),
                Arc::clone(&most),
                Arc::clone(&calls),
            );
            tasks.push(tokio::spawn(async move {
                cache
                    .get_or_fetch(&name("carol"), &filter, || async {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        calls.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        running.fetch_sub(1, Ordering::SeqCst);
                        Ok::<_, ()>(filter * 10)
                    })
                    .await
                    .map(|a| *a)
            }));
        }
        for (task, filter) in tasks.into_iter().zip([1, 1, 1, 2, 2]) {
            assert_eq!(task.await.ok(), Some(Ok(filter * 10)));
        }
        assert_eq!(most.load(Ordering::SeqCst), 1, "never two fetches at once");
        assert_eq!(calls.load(Ordering::SeqCst), 2, "one fetch per filter");
        assert!(lock(&cache.turns).is_empty(), "turn locks are released");
    }
}
