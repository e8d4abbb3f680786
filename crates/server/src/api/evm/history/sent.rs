//! `GET /api/v1/evm/{network}/accounts/{address}/sent-to/{recipient}`: whether the
//! account has sent to the recipient before, from its history on the chain (the send
//! form's first-send note; [`crate::evm::history::sent`]).

use axum::Json;
use serde::{Deserialize, Serialize};

use crate::api::error::ApiError;
use crate::api::evm::params::evm_address;
use crate::api::extract::{EvmNet, Path};
use crate::api::limits::Client;
use crate::evm::history::sent::SentBefore;

/// `{address}` and `{recipient}` of the route.
#[derive(Debug, Deserialize)]
pub struct SentToPath {
    /// The account as sent.
    address: String,
    /// The address it may have sent to, as sent.
    recipient: String,
}

/// Whether the account has sent to the recipient.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SentToView {
    /// The account sent coin, tokens or NFTs to the recipient in a transaction it signed
    /// (zero-value and planted transfers do not count).
    sent: bool,
    /// How many of the account's transactions were searched, newest first.
    searched: u64,
    /// Every transaction the source lists was searched: a `sent: false` is final. When
    /// not, older transactions (beyond the search limit) were not read.
    complete: bool,
    /// An address (EIP-55) the account paid that the recipient imitates, with the same
    /// first and last 4 hex characters (address poisoning), when the account never paid
    /// the recipient itself.
    imitates: Option<String>,
    /// The recipient appears in the searched transactions only in rows that are likely
    /// address poisoning.
    only_in_poisoning: bool,
}

impl From<SentBefore> for SentToView {
    fn from(found: SentBefore) -> Self {
        Self {
            sent: found.sent,
            searched: found.searched,
            complete: found.complete,
            imitates: found.imitates.map(|address| address.to_checksum(None)),
            only_in_poisoning: found.only_in_poisoning,
        }
    }
}

/// `GET …/accounts/{address}/sent-to/{recipient}`.
#[utoipa::path(
    get,
    path = "/api/v1/evm/{network}/accounts/{address}/sent-to/{recipient}",
    tag = "evm",
    params(
        ("network" = String, Path, description = "EVM network name, e.g. telos-evm"),
        ("address" = String, Path, description = "Account address (0x + 40 hex; mixed case must be the checksum)"),
        ("recipient" = String, Path, description = "The address it may have sent to"),
    ),
    responses(
        (status = 200, description = "Whether the account sent to the recipient", body = SentToView),
        (status = 400, description = "Unknown network or a malformed address", body = crate::api::error::ErrorBody),
        (status = 429, description = "Too many expensive requests of this client at once", body = crate::api::error::ErrorBody),
        (status = 502, description = "The data source did not answer", body = crate::api::error::ErrorBody),
        (status = 503, description = "No source can list transactions now", body = crate::api::error::ErrorBody),
    )
)]
pub async fn sent_to(
    network: EvmNet,
    Path(path): Path<SentToPath>,
    client: Client,
) -> Result<Json<SentToView>, ApiError> {
    let account = evm_address("address", &path.address)?;
    let recipient = evm_address("recipient", &path.recipient)?;
    // Up to ten pages of the account's history: one client's searches queue behind its own.
    let _slot = client.expensive()?;
    Ok(Json(network.sent_before(account, recipient).await?.into()))
}
