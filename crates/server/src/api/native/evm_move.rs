//! `POST …/evm-moves/prepare`: the plan of a TLOS move between the native chain and its
//! Telos EVM (ADR 0035), checked before anything is signed. The work is in
//! [`crate::native::evm_move`]; the server never signs.

use axum::Json;
use serde::{Deserialize, Serialize};
use tandem_domain::antelope::Asset;

use super::account_name;
use super::views::AssetView;
use crate::api::error::{ApiError, ErrorBody};
use crate::api::evm::params::evm_address;
use crate::api::extract::{JsonBody, NativeNet};
use crate::native::evm_move::{MoveDirection, MovePlan, MoveRecipient, MoveRequest};

/// Which way the TLOS goes.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MoveDirectionView {
    /// Telos Zero (native) → Telos EVM.
    ToEvm,
    /// Telos EVM → Telos Zero (native).
    ToZero,
}

/// Body of `POST …/evm-moves/prepare`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MoveBody {
    direction: MoveDirectionView,
    /// The native account that signs the native leg.
    account: String,
    /// The amount of TLOS as plain decimal text ("12.5").
    amount: String,
    /// The recipient: an EVM address (toEvm) or a native account name (toZero).
    to: String,
    /// toZero: the EVM address the TLOS leaves from.
    #[serde(default)]
    evm_from: Option<String>,
}

/// One action of the native leg: the wallet builds it with the contract's ABI.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MoveActionView {
    contract: String,
    name: String,
    /// The action's fields by name.
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    data: serde_json::Value,
}

/// The EVM leg of a move to Telos Zero: send `value` wei from `from` to the linked address.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MoveEvmLegView {
    from: String,
    to: String,
    /// Wei, decimal text.
    value: String,
}

/// The RAM the native leg takes from its signer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveRamView {
    bytes_needed: u32,
    /// Null when the account's RAM is unlimited.
    bytes_free: Option<u64>,
    enough: bool,
    /// What buying the missing bytes costs now (fee included), when some are missing.
    cost_to_buy: Option<AssetView>,
}

/// `POST …/evm-moves/prepare`: what each leg of the move signs.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MovePlanView {
    direction: MoveDirectionView,
    /// The Telos EVM network of this chain.
    evm_network: String,
    /// The native account's linked (keyless) EVM address, when it has one.
    linked_address: Option<String>,
    quantity: AssetView,
    /// The same amount in wei, decimal text.
    wei: String,
    /// toZero from an address other than the linked one: the EVM transaction to sign first.
    evm_leg: Option<MoveEvmLegView>,
    /// The native transaction's actions, in order.
    native_actions: Vec<MoveActionView>,
    ram: MoveRamView,
}

impl MovePlanView {
    fn new(plan: MovePlan, quantity: &Asset) -> Self {
        let ram_enough = plan.ram.enough();
        Self {
            direction: match plan.direction {
                MoveDirection::ToEvm => MoveDirectionView::ToEvm,
                MoveDirection::ToZero => MoveDirectionView::ToZero,
            },
            evm_network: plan.evm_network.to_string(),
            linked_address: plan.linked_address.map(|a| a.to_checksum(None)),
            quantity: AssetView::from(quantity),
            wei: plan.wei.to_string(),
            evm_leg: plan.evm_leg.map(|leg| MoveEvmLegView {
                from: leg.from.to_checksum(None),
                to: leg.to.to_checksum(None),
                value: leg.value.to_string(),
            }),
            native_actions: plan
                .native_actions
                .into_iter()
                .map(|action| MoveActionView {
                    contract: action.contract,
                    name: action.name.to_owned(),
                    data: action.data,
                })
                .collect(),
            ram: MoveRamView {
                bytes_needed: plan.ram.bytes_needed,
                bytes_free: plan.ram.bytes_free,
                enough: ram_enough,
                cost_to_buy: plan.ram.cost_to_buy.as_ref().map(AssetView::from),
            },
        }
    }
}

/// Checks a TLOS move between this chain and its Telos EVM and returns what each leg
/// signs: for toEvm one native transaction (`openwallet` when the destination has no row,
/// then the transfer to `eosio.evm` with the address as memo); for toZero the EVM send to
/// the linked address (unless the TLOS is already there) and the native `withdraw` (and
/// a transfer on to another recipient). Nothing is signed here.
#[utoipa::path(
    post,
    operation_id = "native_evm_move_prepare",
    path = "/api/v1/native/{network}/evm-moves/prepare",
    tag = "native",
    params(("network" = String, Path, description = "Native network with a Telos EVM")),
    request_body = MoveBody,
    responses(
        (status = 200, description = "What each leg signs and the RAM it needs", body = MovePlanView),
        (status = 400, description = "A malformed field, or a move that cannot be signed as asked (`move.*`: over the balance, unknown recipient, no linked address, reserved or zero destination)", body = ErrorBody),
        (status = 502, description = "The chain did not answer", body = ErrorBody),
    )
)]
pub async fn prepare(
    native: NativeNet,
    JsonBody(body): JsonBody<MoveBody>,
) -> Result<Json<MovePlanView>, ApiError> {
    let account = account_name(&body.account)?;
    let quantity = native.move_quantity(&body.amount)?;
    let (direction, recipient, evm_sender) = match body.direction {
        MoveDirectionView::ToEvm => (
            MoveDirection::ToEvm,
            MoveRecipient::Evm(evm_address("to", &body.to)?),
            None,
        ),
        MoveDirectionView::ToZero => {
            let from = body
                .evm_from
                .as_deref()
                .map(|text| evm_address("evmFrom", text))
                .transpose()?;
            (
                MoveDirection::ToZero,
                MoveRecipient::Native(account_name(&body.to)?),
                from,
            )
        }
    };
    let request = MoveRequest {
        account,
        quantity,
        recipient,
        evm_sender,
    };
    let plan = native.plan_move(direction, &request).await?;
    Ok(Json(MovePlanView::new(plan, &quantity)))
}
