//! Transaction preparation (spec §4, §7 "Contract calls (EVM)"): a request is checked
//! with the domain's rules, what it needs is read on chain (decimals, balances, current
//! approvals), the call is encoded and its gas estimated from the sender. The client's
//! wallet signs and sends; the server never signs.
//!
//! Module map: [`request`] (what to prepare, field checks) → `build` (per-kind checks
//! and reads, giving a [`Draft`] with its [`Effect`]) → [`calls`] (encoding) → `fee`
//! (gas, fee, refusals via [`revert`]); [`revoke`] revokes, one or a batch: the pure
//! decision in [`revoke_rules`], the chain reads it is made on in `revoke_reads`.

mod build;
pub mod calls;
mod effect;
mod facts;
mod fee;
pub mod request;
pub mod revert;
pub mod revoke;
mod revoke_reads;
pub mod revoke_rules;

use alloy::primitives::Address;

pub use self::effect::{AssetRef, Effect, PeriodView};
pub use self::fee::{Draft, Fee, PreparedTransaction};
pub use self::request::{FieldWarning, Fields, PrepareRequest};
pub use self::revoke::{PlannedRevoke, RevokePlan, SkipReason, SkippedItem, revoke_plan};
use super::EvmNetwork;
use crate::error::ServiceError;

/// What a preparation comes to: the transaction, or, for a revoke, why there is nothing
/// to revoke (already revoked, not the holder…), which the API answers as the caller's
/// error.
#[derive(Debug)]
pub enum Outcome<T> {
    /// Ready to go on (a draft) or to sign (a transaction).
    Ready(T),
    /// A revoke that needs no transaction, and why.
    NothingToRevoke(SkipReason),
}

/// Checks `request` sent by `from` (its other addresses through `fields`), reads what
/// it needs, and prepares the transaction with its gas, fee and effect.
///
/// # Errors
/// An invalid field, a balance too low, a transaction the node refuses, a contract the
/// network lacks, or a node that does not answer.
pub async fn prepare(
    network: &EvmNetwork,
    from: Address,
    request: &PrepareRequest,
    fields: Fields,
    fiat: &str,
) -> Result<Outcome<PreparedTransaction>, ServiceError> {
    match build::draft(network, from, request, fields).await? {
        Outcome::Ready(draft) => Ok(Outcome::Ready(
            fee::finish(network, from, draft, fiat).await?,
        )),
        Outcome::NothingToRevoke(reason) => Ok(Outcome::NothingToRevoke(reason)),
    }
}
