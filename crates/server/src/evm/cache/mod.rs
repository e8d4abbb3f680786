//! The EVM services' caches with key rules of their own, each a thin layer over one
//! [`BoundedCache`](crate::cache::BoundedCache) of the shared store:
//!
//! - [`IndexStampedCache`]: values reused while the own index stands still;
//! - [`CodeKinds`]: whether addresses hold code;
//! - [`ContractLookups`]: the contract resolver's answers.

mod stamped;

use std::collections::HashMap;
use std::convert::Infallible;
use std::time::Duration;

use alloy_primitives::Address;
use async_trait::async_trait;
use tandem_evm::lookup::{ContractLookup, LookupCache};

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

/// The contract resolver's answers, each kept as long as the resolver says (an indexed
/// contract an hour, a pieced-together one a minute, a missing one ten minutes).
#[derive(Debug)]
pub struct ContractLookups {
    answers: BoundedCache<Address, ContractLookup, Infallible>,
}

impl ContractLookups {
    /// Answers kept in `store`.
    #[must_use]
    pub fn new(store: &CacheStore) -> Self {
        Self {
            // Each answer is stored with its own lifetime; this one is never used.
            answers: store.cache("contract_lookups", Lifetimes::answers(Duration::ZERO)),
        }
    }
}

#[async_trait]
impl LookupCache for ContractLookups {
    async fn get(&self, address: Address) -> Option<ContractLookup> {
        self.answers.get(&address).await
    }

    async fn put(&self, address: Address, lookup: ContractLookup, ttl: Duration) {
        self.answers.insert_for(address, lookup, ttl).await;
    }

    async fn invalidate(&self, address: Address) {
        self.answers.invalidate(&address).await;
    }
}
