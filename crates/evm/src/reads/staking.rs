//! Telos staking reads (spec §7 "Contract calls (EVM)"): the STLOS vault, the
//! unstake escrow, and WTLOS balances.

use alloy::primitives::{Address, U256};

use super::abi::{IErc20, IEscrow, IStlos};
use super::{ChainReader, call_read, decode_read, exactly};
use crate::EvmError;
use crate::rpc::ReadFailure;

/// One native-TLOS deposit locked in the escrow, as `depositsOf` returns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EscrowDeposit {
    /// Amount locked, in wei.
    pub amount: U256,
    /// When it unlocks, seconds since the epoch.
    pub until: u64,
}

/// An account's position in the escrow, read in one batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EscrowPosition {
    /// Every deposit, locked or not, in the escrow's order.
    pub deposits: Vec<EscrowDeposit>,
    /// `maxWithdraw`: the unlocked sum.
    pub max_withdraw: U256,
    /// `balanceOf`: locked plus unlocked.
    pub balance: U256,
}

/// Vault-wide staking facts, read in one batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StakingFacts {
    /// STLOS `totalAssets()`: TLOS held by the vault, in wei.
    pub total_assets: U256,
    /// STLOS `totalSupply()`: shares outstanding.
    pub total_supply: U256,
    /// `previewDeposit(1 TLOS)`: shares one TLOS buys.
    pub preview_deposit_one: U256,
    /// `previewRedeem(1 STLOS)`: TLOS one share is worth.
    pub preview_redeem_one: U256,
    /// Escrow `lockDuration()`, seconds.
    pub lock_duration: u64,
    /// Escrow `totalAssets()`: TLOS locked for everyone.
    pub escrow_total_assets: U256,
}

/// One whole unit of an 18-decimal token: the amount the wallet previews (spec §7).
pub const ONE_UNIT: U256 = U256::from_limbs([1_000_000_000_000_000_000, 0, 0, 0]);

impl ChainReader {
    /// STLOS `previewDeposit(assets)`: shares minted for `assets` TLOS.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn preview_deposit(&self, stlos: Address, assets: U256) -> Result<U256, EvmError> {
        self.call(stlos, &IStlos::previewDepositCall { assets })
            .await
    }

    /// STLOS `previewRedeem(shares)`: TLOS paid for `shares`.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn preview_redeem(&self, stlos: Address, shares: U256) -> Result<U256, EvmError> {
        self.call(stlos, &IStlos::previewRedeemCall { shares })
            .await
    }

    /// STLOS `totalAssets()`.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn vault_total_assets(&self, stlos: Address) -> Result<U256, EvmError> {
        self.call(stlos, &IStlos::totalAssetsCall {}).await
    }

    /// Escrow `lockDuration()`, seconds.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn escrow_lock_duration(&self, escrow: Address) -> Result<u64, EvmError> {
        self.call(escrow, &IEscrow::lockDurationCall {}).await
    }

    /// Escrow `depositsOf(account)`.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn escrow_deposits(
        &self,
        escrow: Address,
        account: Address,
    ) -> Result<Vec<EscrowDeposit>, EvmError> {
        let deposits = self
            .call(escrow, &IEscrow::depositsOfCall { account })
            .await?;
        Ok(deposits.into_iter().map(to_deposit).collect())
    }

    /// Escrow `maxWithdraw(account)`: what `withdraw()` would pay now.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn escrow_max_withdraw(
        &self,
        escrow: Address,
        account: Address,
    ) -> Result<U256, EvmError> {
        self.call(escrow, &IEscrow::maxWithdrawCall { account })
            .await
    }

    /// Escrow `balanceOf(account)`: locked plus unlocked.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn escrow_balance(
        &self,
        escrow: Address,
        account: Address,
    ) -> Result<U256, EvmError> {
        self.call(escrow, &IEscrow::balanceOfCall { account }).await
    }

    /// WTLOS `balanceOf(owner)`.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`]; [`EvmError::Rpc`].
    pub async fn wtlos_balance(&self, wtlos: Address, owner: Address) -> Result<U256, EvmError> {
        self.balance_of(wtlos, owner).await
    }

    /// Deposits, unlocked sum and total of `account` in the escrow, in one batch.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`] when a read reverts or is malformed; [`EvmError::Rpc`].
    pub async fn escrow_position(
        &self,
        escrow: Address,
        account: Address,
    ) -> Result<EscrowPosition, EvmError> {
        let reads = [
            call_read(escrow, &IEscrow::depositsOfCall { account }),
            call_read(escrow, &IEscrow::maxWithdrawCall { account }),
            call_read(escrow, &IEscrow::balanceOfCall { account }),
        ];
        let [deposits, max_withdraw, balance] = exactly(self.read_many(&reads).await?)?;
        Ok(EscrowPosition {
            deposits: decode_read::<IEscrow::depositsOfCall>(&deposits)
                .map_err(on(escrow, "depositsOf(address)"))?
                .into_iter()
                .map(to_deposit)
                .collect(),
            max_withdraw: decode_read::<IEscrow::maxWithdrawCall>(&max_withdraw)
                .map_err(on(escrow, "maxWithdraw(address)"))?,
            balance: decode_read::<IEscrow::balanceOfCall>(&balance)
                .map_err(on(escrow, "balanceOf(address)"))?,
        })
    }

    /// The vault and escrow figures the staking screen shows, in one batch.
    ///
    /// # Errors
    /// [`EvmError::ContractCall`] when a read reverts or is malformed; [`EvmError::Rpc`].
    pub async fn staking_facts(
        &self,
        stlos: Address,
        escrow: Address,
    ) -> Result<StakingFacts, EvmError> {
        let reads = [
            call_read(stlos, &IStlos::totalAssetsCall {}),
            call_read(stlos, &IErc20::totalSupplyCall {}),
            call_read(stlos, &IStlos::previewDepositCall { assets: ONE_UNIT }),
            call_read(stlos, &IStlos::previewRedeemCall { shares: ONE_UNIT }),
            call_read(escrow, &IEscrow::lockDurationCall {}),
            call_read(escrow, &IEscrow::totalAssetsCall {}),
        ];
        let [assets, supply, deposit, redeem, lock, locked] =
            exactly(self.read_many(&reads).await?)?;
        Ok(StakingFacts {
            total_assets: decode_read::<IStlos::totalAssetsCall>(&assets)
                .map_err(on(stlos, "totalAssets()"))?,
            total_supply: decode_read::<IErc20::totalSupplyCall>(&supply)
                .map_err(on(stlos, "totalSupply()"))?,
            preview_deposit_one: decode_read::<IStlos::previewDepositCall>(&deposit)
                .map_err(on(stlos, "previewDeposit(uint256)"))?,
            preview_redeem_one: decode_read::<IStlos::previewRedeemCall>(&redeem)
                .map_err(on(stlos, "previewRedeem(uint256)"))?,
            lock_duration: decode_read::<IEscrow::lockDurationCall>(&lock)
                .map_err(on(escrow, "lockDuration()"))?,
            escrow_total_assets: decode_read::<IEscrow::totalAssetsCall>(&locked)
                .map_err(on(escrow, "totalAssets()"))?,
        })
    }
}

fn to_deposit(deposit: IEscrow::LockedDeposit) -> EscrowDeposit {
    EscrowDeposit {
        amount: deposit.amount,
        until: deposit.until,
    }
}

/// Maps a failed read of `function` on `contract` to [`EvmError::ContractCall`].
fn on(contract: Address, function: &'static str) -> impl Fn(ReadFailure) -> EvmError {
    move |failure| EvmError::ContractCall {
        contract,
        function,
        reason: failure.to_string(),
    }
}
