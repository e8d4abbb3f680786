//! The answers of the staking routes, built from chain reads (spec §3 "Staking data per
//! chain", "Chain entry"). Pure: amounts stay exact, and "unlocked" is judged against
//! the time of the block the figures were read at, the same clock the escrow uses.

use alloy::primitives::U256;
use serde::Serialize;
use tandem_domain::amount::Amount;
use tandem_domain::time::{DurationUnit, describe_duration};
use tandem_evm::reads::{BlockHead, StakingFacts};

use crate::evm::staking::{Apy, ApyStatus, StakingPosition};

/// Wei precision of TLOS and of the staked token (spec §9).
pub const WEI_DECIMALS: u8 = 18;

/// The escrow's lock period, in seconds and in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LockPeriod {
    /// `lockDuration()`.
    pub seconds: u64,
    /// Whole units of `unit` (rounded down).
    pub value: u64,
    /// The largest unit that fits.
    #[schema(value_type = String)]
    pub unit: DurationUnit,
    /// English wording, e.g. "1 hour".
    pub text: String,
}

impl LockPeriod {
    /// The period of `seconds` with the domain's duration wording.
    #[must_use]
    pub fn new(seconds: u64) -> Self {
        let described = describe_duration(seconds);
        Self {
            seconds,
            value: described.value,
            unit: described.unit,
            text: described.to_string(),
        }
    }
}

/// The block the figures were read at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadAt {
    /// Block number.
    pub block_number: u64,
    /// Block time, seconds since the epoch.
    pub timestamp: u64,
}

impl From<BlockHead> for ReadAt {
    fn from(head: BlockHead) -> Self {
        Self {
            block_number: head.number,
            timestamp: head.timestamp,
        }
    }
}

/// `GET …/staking`: vault-wide figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StakingOverview {
    /// The system token's symbol (TLOS).
    pub system_token: String,
    /// The staked token's symbol (STLOS).
    pub staked_token: String,
    /// STLOS per one TLOS (`previewDeposit(1e18)`), exact.
    #[schema(value_type = String)]
    pub stake_ratio: Amount,
    /// TLOS per one STLOS (`previewRedeem(1e18)`), exact.
    #[schema(value_type = String)]
    pub unstake_ratio: Amount,
    /// TLOS held by the vault (`totalAssets()`).
    #[schema(value_type = String)]
    pub total_staking: Amount,
    /// STLOS outstanding (`totalSupply()`).
    #[schema(value_type = String)]
    pub total_shares: Amount,
    /// TLOS locked in the escrow for everyone.
    #[schema(value_type = String)]
    pub escrow_total: Amount,
    /// The escrow's lock period.
    pub lock_period: LockPeriod,
    /// Percent per year from the product API, exact text; `null` unless
    /// `apyStatus` is `available`.
    pub apy: Option<String>,
    /// Whether `apy` could be given.
    pub apy_status: ApyStatus,
    /// The block read.
    pub read_at: ReadAt,
}

/// One escrow deposit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositView {
    /// TLOS locked.
    #[schema(value_type = String)]
    pub amount: Amount,
    /// When it unlocks, seconds since the epoch.
    pub until: u64,
    /// True when `until` is not after the block time read at (withdrawable now).
    pub unlocked: bool,
    /// Seconds until it unlocks (0 when unlocked).
    pub seconds_left: u64,
}

/// `GET …/accounts/{address}/staking`: one account's position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountStaking {
    /// The account, checksummed.
    pub address: String,
    /// STLOS held.
    #[schema(value_type = String)]
    pub balance: Amount,
    /// What that STLOS is worth in TLOS now (`previewRedeem(balance)`).
    #[schema(value_type = String)]
    pub balance_value: Amount,
    /// TLOS unlocked in the escrow (`maxWithdraw`), what "withdraw" pays.
    #[schema(value_type = String)]
    pub withdrawable: Amount,
    /// TLOS still locked.
    #[schema(value_type = String)]
    pub locked: Amount,
    /// Every escrow deposit, in the escrow's order.
    pub deposits: Vec<DepositView>,
    /// TLOS held by the vault for everyone.
    #[schema(value_type = String)]
    pub total_staking: Amount,
    /// The escrow's lock period.
    pub lock_period: LockPeriod,
    /// The block read.
    pub read_at: ReadAt,
}

fn wei(raw: U256) -> Amount {
    // 18 decimals is always a supported scale, so this cannot fail.
    Amount::new(raw, WEI_DECIMALS).unwrap_or(Amount::zero(WEI_DECIMALS))
}

/// The overview from the vault facts and the APY.
#[must_use]
pub fn overview(
    facts: &StakingFacts,
    apy: Apy,
    read_at: ReadAt,
    system_token: &str,
    staked_token: &str,
) -> StakingOverview {
    StakingOverview {
        system_token: system_token.to_owned(),
        staked_token: staked_token.to_owned(),
        stake_ratio: wei(facts.preview_deposit_one),
        unstake_ratio: wei(facts.preview_redeem_one),
        total_staking: wei(facts.total_assets),
        total_shares: wei(facts.total_supply),
        escrow_total: wei(facts.escrow_total_assets),
        lock_period: LockPeriod::new(facts.lock_duration),
        apy: apy.percent,
        apy_status: apy.status,
        read_at,
    }
}

/// One account's position.
#[must_use]
pub fn account(address: String, reads: &StakingPosition) -> AccountStaking {
    let read_at = ReadAt::from(reads.read_at);
    let now = read_at.timestamp;
    let deposits = reads
        .position
        .deposits
        .iter()
        .map(|deposit| DepositView {
            amount: wei(deposit.amount),
            until: deposit.until,
            unlocked: deposit.until <= now,
            seconds_left: deposit.until.saturating_sub(now),
        })
        .collect();
    let locked = reads
        .position
        .balance
        .saturating_sub(reads.position.max_withdraw);
    AccountStaking {
        address,
        balance: wei(reads.shares),
        balance_value: wei(reads.shares_value),
        withdrawable: wei(reads.position.max_withdraw),
        locked: wei(locked),
        deposits,
        total_staking: wei(reads.total_assets),
        lock_period: LockPeriod::new(reads.lock_duration),
        read_at,
    }
}

#[cfg(test)]
mod tests {
    use tandem_evm::reads::{EscrowDeposit, EscrowPosition};

    use super::*;

    fn tlos(whole: u64) -> U256 {
        U256::from(whole) * U256::from(10u64).pow(U256::from(18u8))
    }

    #[test]
    fn deposits_unlock_at_their_until_in_block_time() {
        let position = EscrowPosition {
            deposits: vec![
                EscrowDeposit {
                    amount: tlos(10),
                    until: 1_000,
                },
                EscrowDeposit {
                    amount: tlos(5),
                    until: 4_600,
                },
            ],
            max_withdraw: tlos(10),
            balance: tlos(15),
        };
        let reads = StakingPosition {
            position,
            shares: tlos(90),
            shares_value: tlos(99),
            total_assets: tlos(185),
            lock_duration: 3_600,
            read_at: BlockHead {
                number: 60,
                timestamp: 1_000,
            },
        };
        let view = account("0xabc".to_owned(), &reads);
        assert_eq!(view.withdrawable.to_plain_string(), "10");
        assert_eq!(view.locked.to_plain_string(), "5");
        assert_eq!(
            view.deposits
                .iter()
                .map(|d| (d.unlocked, d.seconds_left))
                .collect::<Vec<_>>(),
            [(true, 0), (false, 3_600)]
        );
        assert_eq!(view.lock_period.text, "1 hour");
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["balanceValue"], "99");
        assert_eq!(json["lockPeriod"]["unit"], "hour");
        assert_eq!(json["deposits"][1]["until"], 4_600);
    }

    #[test]
    fn ratios_are_exact_decimal_text() {
        let facts = StakingFacts {
            total_assets: tlos(185),
            total_supply: tlos(170),
            preview_deposit_one: U256::from(918_918_918_918_918_918u64),
            preview_redeem_one: U256::from(1_088_235_294_117_647_058u64),
            lock_duration: 4 * 86_400,
            escrow_total_assets: tlos(5),
        };
        let apy = Apy {
            percent: None,
            status: ApyStatus::NotConfigured,
        };
        let view = overview(
            &facts,
            apy,
            ReadAt {
                block_number: 1,
                timestamp: 2,
            },
            "TLOS",
            "STLOS",
        );
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(json["stakeRatio"], "0.918918918918918918");
        assert_eq!(json["unstakeRatio"], "1.088235294117647058");
        assert_eq!(json["lockPeriod"]["text"], "4 days");
        assert_eq!(json["apy"], serde_json::Value::Null);
        assert_eq!(json["apyStatus"], "not_configured");
    }
}
