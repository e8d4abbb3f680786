//! The EVM services' caches with key rules of their own, each a thin layer over one
//! [`BoundedCache`](crate::cache::BoundedCache) of the shared store:
//!
//! - [`IndexStampedCache`]: values reused while the own index stands still;
//! - [`CodeKinds`]: whether addresses hold code;
//! - [`ContractLookups`]: the contract resolver's answers.

mod stamped;

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use alloy_primitives::Address;
use async_trait::async_trait;
use tandem_evm::lookup::{ContractLookup, LookupCache, LookupStep};

use super::own_index::{IndexMark, OwnIndex};
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
///
/// On a network with its own index, an answer the index's probed record did not give
/// (the index had not seen or probed the contract yet) is also kept only while the
/// index's committed state is the one it was made at: a replica that resolved it while
/// the index was behind would otherwise answer differently from one that resolved it
/// after, under the same index stamp, for up to that minute.
#[derive(Debug)]
pub struct ContractLookups {
    answers: BoundedCache<Address, (Option<IndexMark>, ContractLookup), Infallible>,
    index: Option<Arc<OwnIndex>>,
    /// Where the index stood when a lookup missed, until its answer is kept: the answer
    /// is marked with the state before its facts were read, never a later one.
    missed_at: Mutex<HashMap<Address, IndexMark>>,
}

impl ContractLookups {
    /// Answers kept in `store`, following `index` when the network has one.
    #[must_use]
    pub fn new(store: &CacheStore, index: Option<Arc<OwnIndex>>) -> Self {
        Self {
            // Each answer is stored with its own lifetime; this one is never used.
            answers: store.cache("contract_lookups", Lifetimes::answers(Duration::ZERO)),
            index,
            missed_at: Mutex::new(HashMap::new()),
        }
    }

    fn missed_at(&self) -> std::sync::MutexGuard<'_, HashMap<Address, IndexMark>> {
        self.missed_at
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Where the index stands now; `None` without an index, or when the store fails.
    async fn index_mark(&self) -> Option<IndexMark> {
        match &self.index {
            Some(index) => index.committed_mark().await,
            None => None,
        }
    }
}

/// Whether `lookup` is the index's own record of a probed contract (it has the name the
/// probe read), which later blocks do not change. Anything else may read differently
/// once the index moves: a contract it had not seen, or seen but not probed yet.
fn from_the_index(lookup: &ContractLookup) -> bool {
    match lookup {
        ContractLookup::Found(contract) => {
            contract.found_by == LookupStep::Indexer && contract.record.name.is_some()
        }
        ContractLookup::NotAContract => false,
    }
}

#[async_trait]
impl LookupCache for ContractLookups {
    async fn get(&self, address: Address) -> Option<ContractLookup> {
        let kept = self.answers.get(&address).await;
        if let Some((None, lookup)) = kept {
            return Some(lookup);
        }
        let now = self.index_mark().await;
        if let Some((made_at, lookup)) = kept
            && made_at == now
        {
            return Some(lookup);
        }
        if let Some(now) = now {
            // A lookup after a miss that never kept its answer (cancelled) leaves an
            // older mark: its next answer is then dropped at the first read, no worse.
            self.missed_at().entry(address).or_insert(now);
        }
        None
    }

    async fn put(&self, address: Address, lookup: ContractLookup, ttl: Duration) {
        let missed_at = self.missed_at().remove(&address);
        let made_at = if self.index.is_none() || from_the_index(&lookup) {
            None
        } else {
            match missed_at {
                Some(mark) => Some(mark),
                // Not knowing where the index stood, it is not kept at all.
                None => return,
            }
        };
        self.answers
            .insert_for(address, (made_at, lookup), ttl)
            .await;
    }

    async fn invalidate(&self, address: Address) {
        self.answers.invalidate(&address).await;
    }
}
