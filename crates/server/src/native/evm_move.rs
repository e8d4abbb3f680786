//! Moving TLOS between a Telos account's native and EVM halves (ADR 0035): the plan of
//! a move, checked against the chain before anything is signed. The server only says
//! what to sign; the user's wallets sign each leg.
//!
//! - Zero → EVM: one native transaction, `openwallet` first when the destination has no
//!   row in `eosio.evm`'s account table (the signer pays its RAM), then the transfer to
//!   `eosio.evm` with the destination as memo.
//! - EVM → Zero: the EVM leg sends the TLOS to the account's linked address; the native
//!   leg `withdraw`s it to the account and, for another recipient, transfers it on.

use alloy_primitives::{Address, U256};
use tandem_antelope::chain::types::EvmAccountRow;
use tandem_domain::DomainError;
use tandem_domain::amount::{NumberFormat, parse_amount};
use tandem_domain::antelope::{Asset, Name};
use tandem_domain::evm_move::{
    EVM_CONTRACT, MoveRefusal, OPENWALLET_RAM_BYTES, deposit_memo, reserved_account,
    wei_of_native_units,
};
use tandem_domain::network::NetworkName;

use super::NativeNetwork;
use super::evm_link::account_query;
use crate::error::ServiceError;

/// Which way the TLOS goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveDirection {
    /// Native chain → Telos EVM.
    ToEvm,
    /// Telos EVM → native chain.
    ToZero,
}

/// Where the TLOS ends up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRecipient {
    /// An EVM address (Zero → EVM).
    Evm(Address),
    /// A native account (EVM → Zero).
    Native(Name),
}

/// A move the user asked for.
#[derive(Debug, Clone)]
pub struct MoveRequest {
    /// The native account that signs the native leg.
    pub account: Name,
    /// The amount, in the system token.
    pub quantity: Asset,
    /// Who receives it.
    pub recipient: MoveRecipient,
    /// EVM → Zero: the EVM address the TLOS leaves from.
    pub evm_sender: Option<Address>,
}

/// One action of the native leg, as the wallet builds it (data as JSON fields).
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedAction {
    pub contract: String,
    pub name: &'static str,
    pub data: serde_json::Value,
}

/// The RAM the native leg takes from the signer.
#[derive(Debug, Clone, PartialEq)]
pub struct RamNeed {
    pub bytes_needed: u32,
    /// Free RAM of the signer; `None` when its quota is unlimited.
    pub bytes_free: Option<u64>,
    /// What buying the missing bytes costs now, when some are missing.
    pub cost_to_buy: Option<Asset>,
}

impl RamNeed {
    /// Whether the signer has the RAM the leg takes.
    #[must_use]
    pub fn enough(&self) -> bool {
        self.bytes_free
            .is_none_or(|free| free >= u64::from(self.bytes_needed))
    }
}

/// The EVM leg of an EVM → Zero move: `value` wei from `from` to the linked address.
#[derive(Debug, Clone, PartialEq)]
pub struct EvmLeg {
    pub from: Address,
    pub to: Address,
    pub value: U256,
}

/// A checked move: what each leg signs and what it needs.
#[derive(Debug, Clone)]
pub struct MovePlan {
    pub direction: MoveDirection,
    pub evm_network: NetworkName,
    pub linked_address: Option<Address>,
    pub wei: U256,
    pub evm_leg: Option<EvmLeg>,
    pub native_actions: Vec<PlannedAction>,
    pub ram: RamNeed,
}

fn transfer(from: Name, to: &str, quantity: Asset, memo: &str, contract: Name) -> PlannedAction {
    PlannedAction {
        contract: contract.to_string(),
        name: "transfer",
        data: serde_json::json!({
            "from": from.to_string(), "to": to, "quantity": quantity.to_string(), "memo": memo,
        }),
    }
}

impl NativeNetwork {
    /// The TLOS amount of a move from plain decimal text ("12.5").
    ///
    /// # Errors
    /// [`ServiceError::Field`] (`amount`) for text that is not an amount of the system token.
    pub fn move_quantity(&self, text: &str) -> Result<Asset, ServiceError> {
        self.system_quantity("amount", text)
    }

    /// A plain decimal `text` as a quantity of the system token; `field` names it in the error.
    ///
    /// # Errors
    /// [`ServiceError::Field`] with the domain's reason when it is not one.
    pub fn system_quantity(&self, field: &'static str, text: &str) -> Result<Asset, ServiceError> {
        let symbol = self.system_symbol;
        let field = |error| ServiceError::field(field, error);
        let amount = parse_amount(text, symbol.precision, &NumberFormat::PLAIN).map_err(field)?;
        let units = i64::try_from(amount.raw()).map_err(|_| field(DomainError::ValueTooLarge))?;
        Asset::new(units, symbol).map_err(field)
    }

    /// Whether `address` has a row in `eosio.evm`'s account table (linked or not).
    ///
    /// # Errors
    /// The chain not answering.
    pub async fn evm_row_exists(&self, address: &Address) -> Result<bool, ServiceError> {
        let rows = self
            .chain
            .get_table_rows::<EvmAccountRow>(&account_query(
                "2",
                "sha256",
                format!(
                    "{}{}",
                    "0".repeat(24),
                    alloy_primitives::hex::encode(address.as_slice())
                ),
            ))
            .await?;
        let hex = alloy_primitives::hex::encode(address.as_slice());
        Ok(rows
            .rows
            .iter()
            .any(|row| row.address.eq_ignore_ascii_case(&hex)))
    }

    /// Checks a move against the chain and says what each leg signs.
    ///
    /// # Errors
    /// [`ServiceError::MoveRefused`] for a move that cannot be signed as asked; the chain
    /// not answering.
    pub async fn plan_move(
        &self,
        direction: MoveDirection,
        request: &MoveRequest,
    ) -> Result<MovePlan, ServiceError> {
        let refuse = |refusal: MoveRefusal| ServiceError::MoveRefused(refusal);
        let evm_network = self.linked_evm_network().ok_or_else(|| {
            refuse(MoveRefusal::NoEvm {
                network: self.settings.name.to_string(),
            })
        })?;
        let quantity = request.quantity;
        if quantity.symbol != self.system_symbol {
            return Err(refuse(MoveRefusal::NotTheSystemToken));
        }
        let units = u64::try_from(quantity.amount)
            .ok()
            .filter(|units| *units > 0)
            .ok_or_else(|| refuse(MoveRefusal::AmountNotPositive))?;
        let wei = wei_of_native_units(units, quantity.symbol.precision)
            .ok_or(refuse(MoveRefusal::NotTheSystemToken))?;
        let signer = self.resources(request.account).await?;
        let linked_address = self.linked_evm_address(request.account).await?;
        let free = (signer.account.ram_quota >= 0).then(|| {
            u64::try_from(signer.account.ram_quota - signer.account.ram_usage).unwrap_or(0)
        });

        let (evm_leg, native_actions, bytes_needed) = match (direction, request.recipient) {
            (MoveDirection::ToEvm, MoveRecipient::Evm(to)) => {
                if to == Address::ZERO {
                    return Err(refuse(MoveRefusal::ZeroDestination));
                }
                if let Some(account) = reserved_account(&to) {
                    return Err(refuse(MoveRefusal::ReservedDestination {
                        address: to,
                        account,
                    }));
                }
                let available = signer.liquid.unwrap_or(Asset {
                    amount: 0,
                    symbol: self.system_symbol,
                });
                if available.amount < quantity.amount {
                    return Err(refuse(MoveRefusal::OverBalance {
                        account: request.account,
                        quantity,
                        available,
                    }));
                }
                let mut actions = Vec::with_capacity(2);
                let mut bytes = 0;
                if !self.evm_row_exists(&to).await? {
                    actions.push(PlannedAction {
                        contract: EVM_CONTRACT.to_owned(),
                        name: "openwallet",
                        data: serde_json::json!({
                            "account": request.account.to_string(),
                            "address": deposit_memo(&to).trim_start_matches("0x"),
                        }),
                    });
                    bytes = OPENWALLET_RAM_BYTES;
                }
                actions.push(transfer(
                    request.account,
                    EVM_CONTRACT,
                    quantity,
                    &deposit_memo(&to),
                    self.token_contract,
                ));
                (None, actions, bytes)
            }
            (MoveDirection::ToZero, MoveRecipient::Native(to)) => {
                let from = request.evm_sender.ok_or(refuse(MoveRefusal::NoEvmSender))?;
                let linked = linked_address.ok_or(refuse(MoveRefusal::NoLinkedAddress {
                    account: request.account,
                }))?;
                if to != request.account && !self.account_exists(to).await? {
                    return Err(refuse(MoveRefusal::RecipientNotFound { account: to }));
                }
                let evm_leg = (from != linked).then_some(EvmLeg {
                    from,
                    to: linked,
                    value: wei,
                });
                let mut actions = vec![PlannedAction {
                    contract: EVM_CONTRACT.to_owned(),
                    name: "withdraw",
                    data: serde_json::json!({
                        "to": request.account.to_string(), "quantity": quantity.to_string(),
                    }),
                }];
                if to != request.account {
                    actions.push(transfer(
                        request.account,
                        &to.to_string(),
                        quantity,
                        "",
                        self.token_contract,
                    ));
                }
                (evm_leg, actions, 0)
            }
            _ => return Err(refuse(MoveRefusal::NoEvmSender)),
        };

        let missing = free
            .map(|free| u64::from(bytes_needed).saturating_sub(free))
            .unwrap_or(0);
        let cost_to_buy = if missing > 0 {
            Some(
                self.ram_cost(u32::try_from(missing).unwrap_or(u32::MAX))
                    .await?,
            )
        } else {
            None
        };
        Ok(MovePlan {
            direction,
            evm_network,
            linked_address,
            wei,
            evm_leg,
            native_actions,
            ram: RamNeed {
                bytes_needed,
                bytes_free: free,
                cost_to_buy,
            },
        })
    }

    /// Whether `account` exists on the chain.
    async fn account_exists(&self, account: Name) -> Result<bool, ServiceError> {
        match self.chain.get_account(account).await {
            Ok(_) => Ok(true),
            Err(tandem_antelope::AntelopeError::Chain(chain)) if chain.is_unknown_account() => {
                Ok(false)
            }
            Err(error) => Err(error.into()),
        }
    }
}
