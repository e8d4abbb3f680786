//! The check itself; the rules are listed in the module docs of [`super`].

use super::decode::{BuyRamBytesData, TransferData};
use super::{Action, PermissionLevel, SponsorConfig};
use crate::DomainError;
use crate::antelope::{Asset, Name};

/// What the sponsor charges, once its answer passed the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SponsorCharges {
    /// The fee the signer pays, if any.
    pub fee: Option<Asset>,
    /// RAM bytes the sponsor buys for the signer, if any.
    pub ram_bytes: Option<u32>,
}

/// Checks the sponsor's `returned` actions against the user's `original` ones.
///
/// # Errors
/// One `Sponsor*` variant of [`DomainError`] per broken rule, or
/// [`DomainError::ActionDataInvalid`] when an added transfer or RAM purchase does not
/// decode.
pub fn verify_sponsored_transaction(
    original: &[Action],
    returned: &[Action],
    signer: &PermissionLevel,
    config: &SponsorConfig,
) -> Result<SponsorCharges, DomainError> {
    let (noop, rest) = returned
        .split_first()
        .ok_or(DomainError::SponsorNoopMissing)?;
    check_noop(noop, config)?;

    // Greedy matching finds the originals as a subsequence whenever they are one.
    let mut next_original = 0;
    let mut added = Vec::new();
    for (offset, action) in rest.iter().enumerate() {
        if original.get(next_original) == Some(action) {
            next_original += 1;
        } else {
            added.push((offset + 1, action));
        }
    }
    if next_original < original.len() {
        return Err(DomainError::SponsorOriginalActionMismatch {
            index: next_original,
        });
    }

    let mut charges = SponsorCharges::default();
    for (index, action) in added {
        if is(action, config.token_contract, "transfer") {
            if charges.fee.is_some() {
                return Err(DomainError::SponsorDuplicateFee);
            }
            charges.fee = Some(check_fee(action, signer, config)?);
        } else if is(action, config.system_contract, "buyrambytes") {
            if charges.ram_bytes.is_some() {
                return Err(DomainError::SponsorDuplicateRam);
            }
            charges.ram_bytes = Some(check_ram(action, signer, config)?);
        } else {
            return Err(DomainError::SponsorAdditionalAction { index });
        }
    }
    Ok(charges)
}

fn is(action: &Action, contract: Name, name: &str) -> bool {
    action.account == contract && name.parse() == Ok(action.name)
}

fn check_noop(noop: &Action, config: &SponsorConfig) -> Result<(), DomainError> {
    if noop.account != config.noop_contract || noop.name != config.noop_action {
        return Err(DomainError::SponsorNoopMissing);
    }
    if noop.authorization != [config.cosign] {
        return Err(DomainError::SponsorNoopAuthorization);
    }
    if !noop.data.is_empty() {
        return Err(DomainError::SponsorNoopData);
    }
    Ok(())
}

fn check_fee(
    action: &Action,
    signer: &PermissionLevel,
    config: &SponsorConfig,
) -> Result<Asset, DomainError> {
    let transfer = TransferData::decode(&action.data)?;
    if transfer.from != signer.actor {
        return Err(DomainError::SponsorFeePayer);
    }
    if transfer.to != config.fee_account {
        return Err(DomainError::SponsorFeeRecipient);
    }
    if transfer.quantity.symbol != config.max_fee.symbol || transfer.quantity.amount < 0 {
        return Err(DomainError::SponsorFeeToken);
    }
    if transfer.quantity.amount > config.max_fee.amount {
        return Err(DomainError::SponsorFeeExceedsMaximum);
    }
    if action.authorization != [*signer] {
        return Err(DomainError::SponsorFeeAuthorization);
    }
    Ok(transfer.quantity)
}

fn check_ram(
    action: &Action,
    signer: &PermissionLevel,
    config: &SponsorConfig,
) -> Result<u32, DomainError> {
    let purchase = BuyRamBytesData::decode(&action.data)?;
    if purchase.payer != config.cosign.actor {
        return Err(DomainError::SponsorRamPayer);
    }
    if purchase.receiver != signer.actor {
        return Err(DomainError::SponsorRamReceiver);
    }
    if action.authorization != [config.cosign] {
        return Err(DomainError::SponsorRamAuthorization);
    }
    Ok(purchase.bytes)
}
