//! [`IndexStampedCache`]: values that hold as long as the own index has not moved. An
//! answer built from the own index stays true until the index takes in a block, handles
//! a reorg, learns a contract's name or NFT metadata, the token list loads, or the
//! account's earlier history is filled in; the [`IndexStamp`] records all five, so an
//! entry is reused only under the same stamp.

use std::convert::Infallible;
use std::hash::Hash;
use std::sync::Arc;
use std::time::Duration;

use crate::cache::{BoundedCache, CacheStore, Lifetimes, Weigh, weigh_inline};

/// Where the own index stands, and what else an answer built from it depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IndexStamp {
    /// The last indexed block.
    pub block: u64,
    /// Reorgs the index handled.
    pub reorgs: u64,
    /// What it learnt besides blocks (contract names, NFT metadata).
    pub enrichments: u64,
    /// Whether the network's token list (names, logos) had loaded.
    pub token_list: bool,
    /// The block the account's fill was read at, once it was filled.
    pub account_fill: Option<u64>,
}

weigh_inline!(IndexStamp);

/// Values reused while the stamp is the same, and for at most `max_age`.
#[derive(Debug)]
pub struct IndexStampedCache<K, V> {
    entries: BoundedCache<K, (IndexStamp, Arc<V>), Infallible>,
}

impl<K, V> IndexStampedCache<K, V>
where
    K: Hash + Eq + Clone + Weigh + Send + Sync + 'static,
    V: Weigh + Send + Sync + 'static,
{
    /// A cache named `name` in `store` whose entries live at most `max_age`.
    #[must_use]
    pub fn new(store: &CacheStore, name: &'static str, max_age: Duration) -> Self {
        Self {
            entries: store.cache(name, Lifetimes::answers(max_age)),
        }
    }

    /// The value stored for `key` under `stamp`, when still young enough.
    pub async fn get(&self, key: &K, stamp: IndexStamp) -> Option<Arc<V>> {
        let (_, value) = self
            .entries
            .get_if(key, |(stored, _)| *stored == stamp)
            .await?;
        Some(value)
    }

    /// What is stored for `key` under whatever stamp, when still young enough (not
    /// counted as a hit or a miss): a value built at an earlier index position, for a
    /// caller that can tell whether it still holds.
    pub async fn latest(&self, key: &K) -> Option<(IndexStamp, Arc<V>)> {
        self.entries.peek(key).await
    }

    /// Stores `value` for `key` under `stamp` (replacing what another stamp left).
    pub async fn put(&self, key: K, stamp: IndexStamp, value: Arc<V>) {
        self.entries.insert(key, (stamp, value)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(block: u64) -> IndexStamp {
        IndexStamp {
            block,
            reorgs: 0,
            enrichments: 0,
            token_list: true,
            account_fill: None,
        }
    }

    #[tokio::test]
    async fn entries_live_while_the_stamp_holds() {
        let store = CacheStore::default();
        let cache: IndexStampedCache<String, u8> =
            IndexStampedCache::new(&store, "test", Duration::from_secs(60));
        let alice = "alice".to_owned();
        cache.put(alice.clone(), stamp(7), Arc::new(1)).await;
        assert_eq!(cache.get(&alice, stamp(7)).await.as_deref(), Some(&1));
        assert_eq!(cache.get(&alice, stamp(8)).await, None, "the index moved");
        let (kept_at, value) = cache.latest(&alice).await.expect("kept");
        assert_eq!(
            (kept_at, *value),
            (stamp(7), 1),
            "still there for a caller to judge"
        );
        let expired: IndexStampedCache<String, u8> =
            IndexStampedCache::new(&store, "test", Duration::ZERO);
        expired.put(alice.clone(), stamp(7), Arc::new(1)).await;
        assert_eq!(expired.get(&alice, stamp(7)).await, None, "too old");
    }
}
