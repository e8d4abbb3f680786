//! Which accounts' native balances a backfill already read at the latest block, so the
//! batches after do not read them again.

use std::collections::HashMap;

use alloy_primitives::Address;

/// Accounts whose native balance a committed final batch read at the latest block, each
/// with a block the read was made at or after (the head the follower had seen before it,
/// less the reorg window).
///
/// A final batch that touches such an account at or below that head reads it again for
/// nothing: the stored value is already newer than the touch (the argument of
/// [`state`](super::state)). So a long backfill reads each account's balance about once,
/// not once per batch that touches it (on a model mainnet, half the state reads). Only
/// committed reads are noted: a read of a batch that never commits must not excuse a
/// later batch from reading. Forgotten on restart, and wholesale when it grows past
/// [`MAX_LATEST_READS`] accounts: either only costs reads again.
#[derive(Debug, Default)]
pub(crate) struct LatestReads(HashMap<Address, u64>);

/// Accounts [`LatestReads`] remembers at most (about 40 MiB).
const MAX_LATEST_READS: usize = 1_000_000;

impl LatestReads {
    /// Whether `account`, touched at `block`, was read at the latest block since.
    pub(crate) fn covers(&self, account: &Address, block: u64) -> bool {
        self.0.get(account).is_some_and(|head| *head >= block)
    }

    pub(crate) fn note(&mut self, accounts: impl IntoIterator<Item = Address>, head: u64) {
        for account in accounts {
            if self.0.len() >= MAX_LATEST_READS {
                self.0.clear();
            }
            let known = self.0.entry(account).or_default();
            *known = (*known).max(head);
        }
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::Address;

    use super::{LatestReads, MAX_LATEST_READS};

    #[test]
    fn an_account_read_at_the_latest_block_is_not_read_again_for_older_touches() {
        let (alice, bob) = (Address::repeat_byte(0xa1), Address::repeat_byte(0xb0));
        let mut reads = LatestReads::default();
        assert!(!reads.covers(&alice, 10), "nothing read yet");
        reads.note([alice], 1_000);
        assert!(reads.covers(&alice, 10));
        assert!(
            reads.covers(&alice, 1_000),
            "touched at the head it was read after"
        );
        assert!(
            !reads.covers(&alice, 1_001),
            "a touch after the read needs a new read"
        );
        assert!(!reads.covers(&bob, 10));
        // A read noted with an older head does not lower what is known.
        reads.note([alice], 500);
        assert!(reads.covers(&alice, 1_000));
    }

    #[test]
    fn latest_reads_forget_everything_rather_than_grow_past_their_bound() {
        let mut reads = LatestReads::default();
        let account = |n: usize| {
            let mut bytes = [0u8; 20];
            bytes[12..].copy_from_slice(&(n as u64).to_be_bytes());
            Address::from(bytes)
        };
        reads.note((0..MAX_LATEST_READS).map(account), 7);
        assert!(reads.covers(&account(0), 7));
        reads.note([account(MAX_LATEST_READS)], 7);
        assert!(
            !reads.covers(&account(0), 7),
            "forgotten: it only costs a read"
        );
        assert!(reads.covers(&account(MAX_LATEST_READS), 7));
    }
}
