//! Staking reads (spec §3 "Staking data per chain"): the vault and escrow figures with
//! the APY, and one account's position. Every figure of one answer is read at one
//! block, so they agree with each other. `yield_reads`: the yield measured from the
//! share price at past blocks (ADR 0039).

mod yield_reads;

use alloy_primitives::{Address, U256};
use tandem_evm::reads::{BlockHead, ChainReader, EscrowPosition, StakingFacts};

use super::EvmNetwork;
pub use crate::apy::{Apy, ApyStatus};
use crate::error::ServiceError;

/// The vault-wide figures, the APY, and the block they were read at.
#[derive(Debug, Clone)]
pub struct StakingOverviewReads {
    /// Ratios and totals of the vault and the escrow.
    pub facts: StakingFacts,
    /// The product API's APY, or why there is none.
    pub apy: Apy,
    /// The block every figure was read at.
    pub read_at: BlockHead,
}

/// One account's staking position, every figure read at `read_at`.
#[derive(Debug, Clone)]
pub struct StakingPosition {
    /// Escrow deposits and sums.
    pub position: EscrowPosition,
    /// STLOS held.
    pub shares: U256,
    /// `previewRedeem(shares)`.
    pub shares_value: U256,
    /// Vault `totalAssets()`.
    pub total_assets: U256,
    /// Escrow `lockDuration()`.
    pub lock_duration: u64,
    /// The block every figure was read at.
    pub read_at: BlockHead,
}

impl EvmNetwork {
    /// The vault (STLOS) and escrow contracts.
    ///
    /// # Errors
    /// [`ServiceError::StakingNotConfigured`] when the network has none.
    pub fn staking_contracts(&self) -> Result<(Address, Address), ServiceError> {
        match (self.staked_token(), self.escrow()) {
            (Some(stlos), Some(escrow)) => Ok((stlos, escrow)),
            _ => Err(ServiceError::StakingNotConfigured {
                network: self.name(),
            }),
        }
    }

    /// The symbols of the system token and the staked token.
    #[must_use]
    pub fn staking_symbols(&self) -> (String, String) {
        let settings = self.settings();
        let staked = settings
            .staked_token
            .as_ref()
            .map_or_else(|| "STLOS".to_owned(), |token| token.symbol.clone());
        (settings.system_token.symbol.clone(), staked)
    }

    /// The vault and escrow figures and the APY.
    ///
    /// # Errors
    /// No staking contracts, or the node did not answer.
    pub async fn staking_overview(&self) -> Result<StakingOverviewReads, ServiceError> {
        let (stlos, escrow) = self.staking_contracts()?;
        let (reader, read_at) = pinned(self.reader()).await?;
        let (facts, apy) = tokio::join!(reader.staking_facts(stlos, escrow), self.apy.current());
        Ok(StakingOverviewReads {
            facts: facts?,
            apy,
            read_at,
        })
    }

    /// `owner`'s STLOS, their value, and the escrow deposits.
    ///
    /// # Errors
    /// No staking contracts, or the node did not answer.
    pub async fn staking_position(&self, owner: Address) -> Result<StakingPosition, ServiceError> {
        let (stlos, escrow) = self.staking_contracts()?;
        let (reader, read_at) = pinned(self.reader()).await?;
        let (position, shares, total_assets, lock_duration) = tokio::try_join!(
            reader.escrow_position(escrow, owner),
            reader.balance_of(stlos, owner),
            reader.vault_total_assets(stlos),
            reader.escrow_lock_duration(escrow),
        )?;
        let shares_value = reader.preview_redeem(stlos, shares).await?;
        Ok(StakingPosition {
            position,
            shares,
            shares_value,
            total_assets,
            lock_duration,
            read_at,
        })
    }
}

/// A reader pinned to the newest block, and that block.
async fn pinned(reader: &ChainReader) -> Result<(ChainReader, BlockHead), ServiceError> {
    let head = reader.block_head().await?;
    Ok((reader.at_block(head.number), head))
}
