//! One account, both chains: the EVM address linked to a native account, and the native
//! account linked to an EVM address (the `eosio.evm` account table).

use axum::Json;
use serde::{Deserialize, Serialize};

use super::account::AccountPath;
use super::account_name;
use crate::api::error::ApiError;
use crate::api::evm::params::evm_address;
use crate::api::extract::{NativeNet, Path};

/// `GET …/accounts/{account}/evm-address`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvmAddressView {
    /// The native account.
    account: String,
    /// The EVM network of this chain (`telos-evm` for `telos`); null where the chain has none.
    #[schema(value_type = Option<String>)]
    evm_network: Option<tandem_domain::network::NetworkName>,
    /// Its linked EVM address (EIP-55), null when it has none.
    address: Option<String>,
    /// The TLOS the `eosio.evm` table holds for the linked address, in wei (decimal text):
    /// what a `withdraw` to the account can take now. Null without a linked address.
    contract_balance_wei: Option<String>,
}

/// The EVM address linked to a native account (spec §7 "get EVM account by native account").
#[utoipa::path(
    get,
    path = "/api/v1/native/{network}/accounts/{account}/evm-address",
    tag = "native",
    params(
        ("network" = String, Path, description = "Native network, e.g. telos"),
        ("account" = String, Path, description = "Account name"),
    ),
    responses(
        (status = 200, description = "The linked address, or null", body = EvmAddressView),
        (status = 400, description = "Unknown network or malformed name", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn evm_address_of(
    native: NativeNet,
    Path(path): Path<AccountPath>,
) -> Result<Json<EvmAddressView>, ApiError> {
    let account = account_name(path.account())?;
    let row = native.linked_evm_row(account).await?;
    Ok(Json(EvmAddressView {
        account: account.to_string(),
        evm_network: native.linked_evm_network(),
        address: row.map(|(address, _)| address.to_checksum(None)),
        contract_balance_wei: row.map(|(_, balance)| balance.to_string()),
    }))
}

/// `{address}` of `…/evm-addresses/{address}/account`.
#[derive(Debug, Deserialize)]
pub struct EvmAddressPath {
    address: String,
}

/// `GET …/evm-addresses/{address}/account`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedAccountView {
    /// The EVM address (EIP-55).
    address: String,
    /// The native account linked to it, null when none is.
    account: Option<String>,
}

/// The native account an EVM address is linked to.
#[utoipa::path(
    get,
    path = "/api/v1/native/{network}/evm-addresses/{address}/account",
    tag = "native",
    params(
        ("network" = String, Path, description = "Native network whose EVM the address is on, e.g. telos"),
        ("address" = String, Path, description = "EVM address (0x + 40 hex digits)"),
    ),
    responses(
        (status = 200, description = "The linked account, or null", body = LinkedAccountView),
        (status = 400, description = "Unknown network or malformed address", body = crate::api::error::ErrorBody),
        (status = 502, description = "The chain did not answer", body = crate::api::error::ErrorBody),
    )
)]
pub async fn account_of(
    native: NativeNet,
    Path(path): Path<EvmAddressPath>,
) -> Result<Json<LinkedAccountView>, ApiError> {
    let address = evm_address("address", &path.address)?;
    let account = native.linked_native_account(address).await?;
    Ok(Json(LinkedAccountView {
        address: address.to_checksum(None),
        account: account.map(|name| name.to_string()),
    }))
}
