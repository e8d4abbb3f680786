//! Where a resolver keeps its answers, and for how long.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use alloy_primitives::Address;
use async_trait::async_trait;

use super::ContractLookup;

/// How long answers are cached.
#[derive(Debug, Clone, Copy)]
pub struct CacheTtl {
    /// A contract the indexer knew.
    pub found: Duration,
    /// A contract pieced together from fallbacks, or an empty one.
    pub degraded: Duration,
    /// A non-existent address.
    pub missing: Duration,
}

impl Default for CacheTtl {
    fn default() -> Self {
        Self {
            found: Duration::from_secs(3600),
            degraded: Duration::from_secs(60),
            missing: Duration::from_secs(600),
        }
    }
}

/// Where a resolver keeps its answers, each for the time it is given. The server keeps
/// them in its one bounded cache; [`MapLookupCache`] is the plain default.
#[async_trait]
pub trait LookupCache: Send + Sync + std::fmt::Debug {
    /// The answer kept for `address`, while it lives.
    async fn get(&self, address: Address) -> Option<ContractLookup>;

    /// Keeps `lookup` for `address` for `ttl`.
    async fn put(&self, address: Address, lookup: ContractLookup, ttl: Duration);

    /// Forgets `address`.
    async fn invalidate(&self, address: Address);
}

/// A map of answers with their expiry, swept of expired entries as it grows.
#[derive(Debug, Default)]
pub struct MapLookupCache {
    entries: Mutex<HashMap<Address, (Instant, ContractLookup)>>,
}

/// Above this many entries, expired ones are swept on insert.
const SWEEP_ABOVE: usize = 1024;

impl MapLookupCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Address, (Instant, ContractLookup)>> {
        // The map stays consistent even if a holder panicked: entries are replaced whole.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[async_trait]
impl LookupCache for MapLookupCache {
    async fn get(&self, address: Address) -> Option<ContractLookup> {
        let mut entries = self.lock();
        let (expires, lookup) = entries.get(&address)?;
        if *expires <= Instant::now() {
            entries.remove(&address);
            return None;
        }
        Some(lookup.clone())
    }

    async fn put(&self, address: Address, lookup: ContractLookup, ttl: Duration) {
        let now = Instant::now();
        let mut entries = self.lock();
        if entries.len() >= SWEEP_ABOVE {
            entries.retain(|_, (expires, _)| *expires > now);
        }
        entries.insert(address, (now + ttl, lookup));
    }

    async fn invalidate(&self, address: Address) {
        self.lock().remove(&address);
    }
}
