//! What the one shared store holds: keys and values of every typed cache behind one
//! key and one value type, so that a single bounded store (one byte budget, one
//! eviction order) serves caches of different key and value types.

use std::any::Any;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::Duration;

use super::weigh::Weigh;

/// A key of one typed cache: the cache's number (its "space") and the key itself.
pub(super) struct ErasedKey {
    space: u32,
    key: Box<dyn DynKey>,
}

impl ErasedKey {
    pub(super) fn new<K: Hash + Eq + Send + Sync + 'static>(space: u32, key: K) -> Self {
        Self {
            space,
            key: Box::new(key),
        }
    }

    /// The key, when it belongs to `space` (whose keys are all `K`).
    pub(super) fn get<K: 'static>(&self, space: u32) -> Option<&K> {
        (self.space == space)
            .then(|| self.key.as_any().downcast_ref::<K>())
            .flatten()
    }
}

impl PartialEq for ErasedKey {
    fn eq(&self, other: &Self) -> bool {
        self.space == other.space && self.key.eq_dyn(other.key.as_ref())
    }
}

impl Eq for ErasedKey {}

impl Hash for ErasedKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.space.hash(state);
        self.key.hash_dyn(state);
    }
}

/// Equality and hashing through a trait object, for keys of any type.
trait DynKey: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn eq_dyn(&self, other: &dyn DynKey) -> bool;
    fn hash_dyn(&self, state: &mut dyn Hasher);
}

impl<T: Hash + Eq + Send + Sync + 'static> DynKey for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn eq_dyn(&self, other: &dyn DynKey) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn hash_dyn(&self, mut state: &mut dyn Hasher) {
        self.hash(&mut state);
    }
}

/// A stored value with its weight (estimated bytes) and how long it lives.
#[derive(Clone)]
pub(super) struct Stored {
    pub value: Arc<dyn Any + Send + Sync>,
    pub weight: u32,
    pub lifetime: Duration,
}

/// What the store adds to every entry beyond key and value: its hash-table slot, the
/// eviction and expiry queues' nodes, the frequency sketch, the `Arc`s (measured
/// loosely from moka's entry layout and rounded up).
pub(super) const ENTRY_OVERHEAD: usize = 256;

/// The estimated bytes of an entry: key, value and [`ENTRY_OVERHEAD`].
pub(super) fn entry_bytes<K: Weigh, V: Weigh>(key: &K, value: &V) -> u32 {
    let bytes = key
        .total_bytes()
        .saturating_add(value.total_bytes())
        .saturating_add(ENTRY_OVERHEAD);
    u32::try_from(bytes).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_different_spaces_or_values_differ() {
        let hash = |key: &ErasedKey| {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            key.hash(&mut hasher);
            hasher.finish()
        };
        let a = ErasedKey::new(1, "alice".to_owned());
        assert!(a == ErasedKey::new(1, "alice".to_owned()));
        assert_eq!(hash(&a), hash(&ErasedKey::new(1, "alice".to_owned())));
        assert!(a != ErasedKey::new(2, "alice".to_owned()), "another cache");
        assert!(a != ErasedKey::new(1, "bob".to_owned()));
        assert!(a != ErasedKey::new(1, 7_u32), "another key type");
        assert_eq!(a.get::<String>(1).map(String::as_str), Some("alice"));
        assert_eq!(a.get::<String>(2), None);
        assert_eq!(a.get::<u32>(1), None);
    }
}
