//! The EVM services' caches with key rules of their own, each a thin layer over one
//! [`BoundedCache`](crate::cache::BoundedCache) of the shared store:
//!
//! - [`IndexStampedCache`]: values reused while the own index stands still;
//! - [`CodeKinds`]: whether addresses hold code.

mod stamped;

use std::collections::HashMap;
use std::time::Duration;

use alloy_primitives::Address;

use crate::cache::{BoundedCache, CacheStore, Lifetimes};

pub use stamped::{IndexStamp, IndexStampedCache};

/// How long "this address holds code" is trusted. Code appears at an address only by a
/// deployment there, so a spender shown as an account can turn out to be a contract at
/// most this late.
pub const CODE_KIND_TTL: Duration = Duration::from_secs(600);

/// Whether addresses hold code, each answer trusted for [`CODE_KIND_TTL`].
#[derive(Debug)]
pub struct CodeKinds {
    known: BoundedCache<Address, bool>,
}

impl CodeKinds {
    /// Answers kept in `store`.
    #[must_use]
    pub fn new(store: &CacheStore) -> Self {
        Self {
            known: store.cache("code_kinds", Lifetimes::answers(CODE_KIND_TTL)),
        }
    }

    /// The cached answers younger than [`CODE_KIND_TTL`] among `addresses`.
    pub async fn fresh(&self, addresses: &[Address]) -> HashMap<Address, bool> {
        let mut found = HashMap::new();
        for address in addresses {
            if let Some(is_contract) = self.known.get(address).await {
                found.insert(*address, is_contract);
            }
        }
        found
    }

    /// Remembers answers just read.
    pub async fn remember(&self, answers: impl IntoIterator<Item = (Address, bool)>) {
        for (address, is_contract) in answers {
            self.known.insert(address, is_contract).await;
        }
    }
}
