//! Whether an account has sent to an address before, from its history on the chain: the
//! send form's "first time you send here" note (spec §9's address checks) is decided by
//! what the chain holds, not by what one browser remembers.
//!
//! Only transactions the account signed count, and only when they moved something: a
//! successful transaction from the account with coin value to the address, or a transfer
//! log of a non-zero amount (or an NFT) from the account to it in such a transaction.
//! Address poisoning plants zero-value `Transfer` events naming the victim as sender in
//! transactions the victim never signed; none of them makes a look-alike "known".

use alloy_primitives::Address;

use super::logs::{TransferEvent, decode_transfer_log};
use super::shape::{RawTransaction, succeeded};

/// Whether `transaction` is `account` sending something to `recipient`.
#[must_use]
pub fn sends_to(transaction: &RawTransaction, account: Address, recipient: Address) -> bool {
    if transaction.from != account || !succeeded(&transaction.status) {
        return false;
    }
    if transaction.to == Some(recipient) && !transaction.value.is_zero() {
        return true;
    }
    transaction
        .logs
        .iter()
        .filter_map(|log| decode_transfer_log(log).ok())
        .flatten()
        .any(|event| match event {
            TransferEvent::Fungible {
                from, to, value, ..
            } => from == account && to == recipient && !value.is_zero(),
            TransferEvent::Nft {
                from, to, quantity, ..
            } => from == account && to == recipient && !quantity.is_zero(),
        })
}

#[cfg(test)]
#[path = "sent_tests.rs"]
mod tests;
