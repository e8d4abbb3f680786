//! [`IndexStampedCache`]: values that hold as long as the own index has not moved. An
//! answer built from the own index stays true until the index takes in a block, handles
//! a reorg, learns a contract's name or NFT metadata, the token list loads, or the
//! account's earlier history is filled in; the [`IndexStamp`] records all five, so an
//! entry is reused only under the same stamp.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Where the own index stands, and what else an answer built from it depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// A value with the stamp it was built under and when.
type Stamped<V> = (IndexStamp, Instant, Arc<V>);

/// Values reused while the stamp is the same, and for at most `max_age`.
#[derive(Debug)]
pub struct IndexStampedCache<K, V> {
    max_age: Duration,
    entries: Mutex<HashMap<K, Stamped<V>>>,
}

impl<K: Hash + Eq, V> IndexStampedCache<K, V> {
    /// A cache whose entries live at most `max_age`.
    #[must_use]
    pub fn new(max_age: Duration) -> Self {
        Self {
            max_age,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The value stored for `key` under `stamp`, when still young enough.
    pub fn get(&self, key: &K, stamp: IndexStamp) -> Option<Arc<V>> {
        let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let (stored, taken, value) = entries.get(key)?;
        (*stored == stamp && taken.elapsed() < self.max_age).then(|| Arc::clone(value))
    }

    /// Stores `value` for `key` under `stamp`, dropping entries too old to be used.
    pub fn put(&self, key: K, stamp: IndexStamp, value: Arc<V>) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.retain(|_, (_, taken, _)| taken.elapsed() < self.max_age);
        entries.insert(key, (stamp, Instant::now(), value));
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

    #[test]
    fn entries_live_while_the_stamp_holds() {
        let cache: IndexStampedCache<&str, u8> = IndexStampedCache::new(Duration::from_secs(60));
        cache.put("alice", stamp(7), Arc::new(1));
        assert_eq!(cache.get(&"alice", stamp(7)).as_deref(), Some(&1));
        assert_eq!(cache.get(&"alice", stamp(8)), None, "the index moved");
        let expired: IndexStampedCache<&str, u8> = IndexStampedCache::new(Duration::ZERO);
        expired.put("alice", stamp(7), Arc::new(1));
        assert_eq!(expired.get(&"alice", stamp(7)), None, "too old");
    }
}
