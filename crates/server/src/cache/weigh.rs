//! [`Weigh`]: how many bytes a cached key or value holds, so the store can keep to a
//! byte budget (`[cache] max_bytes`).
//!
//! Containers count exactly what they own (a `Vec`'s capacity times its element size,
//! plus what each element owns); a record owned by another crate counts what it owns on
//! the heap as the length of its `Debug` text ([`weigh_by_debug!`]): every string's
//! bytes appear in that text, and numbers, field names and punctuation add more than
//! they occupy, so the estimate errs on the side of holding less than the budget. It
//! needs no code per field and cannot forget one.

use std::collections::HashMap;
use std::fmt::{self, Debug, Write};
use std::sync::Arc;

/// The bytes a value holds: its own size plus what it owns on the heap.
pub trait Weigh {
    /// Bytes owned on the heap, beyond `size_of::<Self>()`.
    fn heap_bytes(&self) -> usize;

    /// `size_of::<Self>()` plus [`heap_bytes`](Self::heap_bytes).
    fn total_bytes(&self) -> usize
    where
        Self: Sized,
    {
        std::mem::size_of::<Self>().saturating_add(self.heap_bytes())
    }
}

/// The length of `value`'s `Debug` text: the heap estimate of records (module docs).
pub fn debug_len(value: &impl Debug) -> usize {
    let mut counter = Counter(0);
    // Writing to a counter cannot fail; a Debug impl that fails counts what it wrote.
    let _ = write!(counter, "{value:?}");
    counter.0
}

/// A `fmt::Write` that only counts bytes.
struct Counter(usize);

impl Write for Counter {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0 = self.0.saturating_add(text.len());
        Ok(())
    }
}

/// `impl Weigh` for types that own nothing on the heap.
macro_rules! weigh_inline {
    ($($type:ty),* $(,)?) => {
        $(impl $crate::cache::Weigh for $type {
            fn heap_bytes(&self) -> usize {
                0
            }
        })*
    };
}

/// `impl Weigh` for records whose heap is estimated by their `Debug` text.
macro_rules! weigh_by_debug {
    ($($type:ty),* $(,)?) => {
        $(impl $crate::cache::Weigh for $type {
            fn heap_bytes(&self) -> usize {
                $crate::cache::debug_len(self)
            }
        })*
    };
}

pub(crate) use {weigh_by_debug, weigh_inline};

weigh_inline!(
    (),
    bool,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    alloy_primitives::Address,
    alloy_primitives::U256,
    tandem_indexer::IndexChanges,
);

weigh_by_debug!(
    tandem_evm::lookup::ContractLookup,
    tandem_evm::source::ApprovalRecord,
    tandem_evm::source::NftRecord,
    tandem_evm::source::TokenBalance,
    tandem_evm::source::TransactionRecord,
    tandem_evm::source::TransferRecord,
    tandem_evm::source::TokenStandard,
    tandem_evm::source::SourceKind,
    tandem_evm::teloscan::MarketData,
    tandem_domain::allowance::AllowanceSortKey,
    tandem_domain::allowance::SortDirection,
);

impl Weigh for String {
    fn heap_bytes(&self) -> usize {
        self.capacity()
    }
}

impl Weigh for bytes::Bytes {
    fn heap_bytes(&self) -> usize {
        self.len()
    }
}

impl<T: Weigh> Weigh for Vec<T> {
    fn heap_bytes(&self) -> usize {
        self.iter().fold(
            self.capacity().saturating_mul(std::mem::size_of::<T>()),
            |sum, item| sum.saturating_add(item.heap_bytes()),
        )
    }
}

impl<T: Weigh> Weigh for tandem_evm::source::Page<T> {
    fn heap_bytes(&self) -> usize {
        self.rows.heap_bytes()
    }
}

impl<T: Weigh> Weigh for Option<T> {
    fn heap_bytes(&self) -> usize {
        self.as_ref().map_or(0, Weigh::heap_bytes)
    }
}

/// The shared value counts in full for each entry holding it: an over-estimate when
/// entries share it, never an under-estimate.
impl<T: Weigh> Weigh for Arc<T> {
    fn heap_bytes(&self) -> usize {
        T::total_bytes(self)
    }
}

impl<T: Weigh, E> Weigh for Result<T, E> {
    /// A failure counts a fixed size: errors are small and live briefly.
    fn heap_bytes(&self) -> usize {
        self.as_ref().map_or(FAILURE_BYTES, Weigh::heap_bytes)
    }
}

/// What a cached failure is taken to hold.
const FAILURE_BYTES: usize = 256;

impl<K: Weigh, V: Weigh, S> Weigh for HashMap<K, V, S> {
    fn heap_bytes(&self) -> usize {
        // One control byte per slot besides the key and value.
        let slot = std::mem::size_of::<(K, V)>().saturating_add(1);
        self.iter()
            .fold(self.capacity().saturating_mul(slot), |sum, (key, value)| {
                sum.saturating_add(key.heap_bytes())
                    .saturating_add(value.heap_bytes())
            })
    }
}

macro_rules! weigh_tuple {
    ($($name:ident),+) => {
        impl<$($name: Weigh),+> Weigh for ($($name,)+) {
            #[allow(non_snake_case, reason = "the tuple's parts, named by their types")]
            fn heap_bytes(&self) -> usize {
                let ($($name,)+) = self;
                0_usize $(.saturating_add($name.heap_bytes()))+
            }
        }
    };
}

weigh_tuple!(A);
weigh_tuple!(A, B);
weigh_tuple!(A, B, C);
weigh_tuple!(A, B, C, D);
weigh_tuple!(A, B, C, D, E);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_count_what_they_own() {
        let text = "x".repeat(100_000);
        assert!(text.total_bytes() >= 100_000);
        let rows: Vec<(String, u64)> = (0..1000).map(|i| (format!("row {i}"), i)).collect();
        let owned = rows.capacity() * std::mem::size_of::<(String, u64)>()
            + rows.iter().map(|(s, _)| s.capacity()).sum::<usize>();
        assert_eq!(rows.heap_bytes(), owned);
        let shared = Arc::new(rows);
        assert!(
            shared.heap_bytes() > owned,
            "the Arc's payload counts in full"
        );
    }

    #[test]
    fn records_count_at_least_their_strings() {
        let record = tandem_evm::source::TokenBalance {
            token: None,
            amount: alloy_primitives::U256::ZERO,
            contract: Some(tandem_evm::source::ContractRecord {
                name: Some("n".repeat(1000)),
                logo_uri: Some("l".repeat(500)),
                ..Default::default()
            }),
            updated_ms: None,
        };
        assert!(record.heap_bytes() >= 1500);
    }
}
