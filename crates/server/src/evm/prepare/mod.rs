//! Transaction preparation (spec §4, §7 "Contract calls (EVM)"): a request is checked
//! with the domain's rules, what it needs is read on chain (decimals, balances, current
//! approvals), the call is encoded and its gas estimated from the sender. The client's
//! wallet signs and sends; the server never signs.
//!
//! Module map: [`request`] (what to prepare, field checks) → `build` (per-kind checks
//! and reads, giving a [`Draft`]) → [`calls`] (encoding) → `fee` (gas, fee, refusals
//! via [`revert`]); [`summary`] words it; [`revoke_plan`] decides revokes and `revoke`
//! reads for them, one or a batch.

mod build;
pub mod calls;
mod facts;
mod fee;
pub mod request;
pub mod revert;
mod revoke;
pub mod revoke_plan;
pub mod summary;

use alloy::primitives::Address;

pub use self::fee::{Draft, Fee, PreparedTransaction};
pub use self::request::{FieldWarning, Fields, PrepareRequest};
pub use self::revoke::{PlannedRevoke, RevokePlan, SkippedItem, revoke_plan};
pub use self::revoke_plan::SkipReason;
use super::EvmNetwork;
use crate::error::ServiceError;

/// Checks `request` sent by `from` (its other addresses through `fields`), reads what
/// it needs, and prepares the transaction with its gas, fee and summary.
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
) -> Result<PreparedTransaction, ServiceError> {
    let draft = build::draft(network, from, request, fields).await?;
    fee::finish(network, from, draft, fiat).await
}
