//! [`CodeKinds`]: whether addresses hold code, as last read from the chain.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use alloy_primitives::Address;

/// How long "this address holds code" is trusted. Code appears at an address only by a
/// deployment there, so a spender shown as an account can turn out to be a contract at
/// most this late.
pub const CODE_KIND_TTL: Duration = Duration::from_secs(600);

/// Whether addresses hold code, each answer trusted for [`CODE_KIND_TTL`].
#[derive(Debug, Default)]
pub struct CodeKinds {
    known: Mutex<HashMap<Address, (bool, Instant)>>,
}

impl CodeKinds {
    /// The cached answers younger than [`CODE_KIND_TTL`] among `addresses`.
    pub fn fresh(&self, addresses: &[Address]) -> HashMap<Address, bool> {
        let known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        addresses
            .iter()
            .filter_map(|address| {
                let &(is_contract, read_at) = known.get(address)?;
                (read_at.elapsed() < CODE_KIND_TTL).then_some((*address, is_contract))
            })
            .collect()
    }

    /// Remembers answers just read.
    pub fn remember(&self, answers: impl IntoIterator<Item = (Address, bool)>) {
        let now = Instant::now();
        let mut known = self.known.lock().unwrap_or_else(PoisonError::into_inner);
        known.retain(|_, (_, read_at)| read_at.elapsed() < CODE_KIND_TTL);
        known.extend(
            answers
                .into_iter()
                .map(|(address, kind)| (address, (kind, now))),
        );
    }
}
