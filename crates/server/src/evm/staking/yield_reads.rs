//! STLOS's share price now and at the start of each window (issue 32, ADR 0039):
//! `previewRedeem(10^decimals)` at the head block and at the newest block whose time is
//! not after the window's start, found by a bounded binary search over block times. A
//! node that keeps no past state (a public Telos EVM node may not) refuses the past call:
//! that window says "history not readable", never a number.

use alloy_primitives::{Address, U256};
use tandem_domain::share_yield::SharePrice;
use tandem_evm::EvmError;
use tandem_evm::reads::{BlockHead, ChainReader};

use super::super::EvmNetwork;
use crate::error::ServiceError;
use crate::staking_yield::{
    PricePoint, WINDOW_DAYS, YieldReport, YieldUnavailable, report, window_start,
};

impl EvmNetwork {
    /// The STLOS yield over the last 7 and 30 days, kept ten minutes.
    ///
    /// # Errors
    /// No staking contracts, or the node did not give the price now.
    pub async fn staking_yield(&self) -> Result<std::sync::Arc<YieldReport>, ServiceError> {
        let (stlos, _) = self.staking_contracts()?;
        self.staking_yield
            .get_or_read(|| self.read_staking_yield(stlos))
            .await
    }

    async fn read_staking_yield(&self, stlos: Address) -> Result<YieldReport, ServiceError> {
        let head = self.reader().block_head().await?;
        let one = self.one_share()?;
        let now = price_at(self.reader(), stlos, one, head.number, head.timestamp).await?;
        let mut past = Vec::with_capacity(WINDOW_DAYS.len());
        for days in WINDOW_DAYS {
            let start = window_start(head.timestamp, days);
            let point = past_price(self.reader(), stlos, one, head, start).await;
            past.push((days, point));
        }
        Ok(report(now, past, &self.apy.current().await))
    }

    /// One whole share in its smallest units (`10^decimals` of the staked token).
    fn one_share(&self) -> Result<u128, ServiceError> {
        let decimals = self
            .settings()
            .staked_token
            .as_ref()
            .map_or(18, |token| token.decimals);
        10u128
            .checked_pow(u32::from(decimals))
            .ok_or(ServiceError::InvalidChainData(
                tandem_domain::DomainError::UnsupportedDecimals(decimals),
            ))
    }
}

/// `previewRedeem(one)` at `block`, standing for the state at `time`.
async fn price_at(
    reader: &ChainReader,
    stlos: Address,
    one: u128,
    block: u64,
    time: u64,
) -> Result<PricePoint, EvmError> {
    let assets = reader
        .at_block(block)
        .preview_redeem(stlos, U256::from(one))
        .await?;
    let assets = u128::try_from(assets).map_err(|_| EvmError::Rpc {
        method: "eth_call",
        reason: format!("previewRedeem answered {assets}, more than a share price can be"),
    })?;
    Ok(PricePoint {
        block,
        time,
        price: SharePrice {
            assets,
            shares: one,
        },
    })
}

/// The price in force at `start`: at the newest block not after it.
async fn past_price(
    reader: &ChainReader,
    stlos: Address,
    one: u128,
    head: BlockHead,
    start: u64,
) -> Result<PricePoint, YieldUnavailable> {
    let block = block_at(reader, head, start).await?;
    match price_at(reader, stlos, one, block, start).await {
        Ok(point) => Ok(point),
        Err(error) => {
            tracing::debug!(%error, block, "past STLOS price not readable");
            // A vault deployed after the window's start has no price then; a node that
            // keeps no past state refuses this read too, and stays "not readable".
            let code = reader.at_block(block).code(stlos).await;
            Err(if code.is_ok_and(|code| code.is_empty()) {
                YieldUnavailable::NotDeployed
            } else {
                YieldUnavailable::HistoryNotReadable
            })
        }
    }
}

/// The newest block whose time is not after `time`: a binary search between the chain's
/// first block and the head (at most 64 block reads, about 29 on Telos EVM mainnet).
async fn block_at(
    reader: &ChainReader,
    head: BlockHead,
    time: u64,
) -> Result<u64, YieldUnavailable> {
    let seconds_of = |block: u64| async move {
        let times = reader.block_times(&[block]).await.map_err(|error| {
            tracing::debug!(%error, block, "block time not readable");
            YieldUnavailable::HistoryNotReadable
        })?;
        times
            .get(&block)
            .map(|ms| ms / 1000)
            .ok_or(YieldUnavailable::HistoryNotReadable)
    };
    if seconds_of(0).await? > time {
        return Err(YieldUnavailable::ChainTooYoung);
    }
    // Invariant: block `low` is not after `time`, block `high` is (the head is, as the
    // window starts before it).
    let (mut low, mut high) = (0, head.number);
    if head.timestamp <= time {
        return Ok(head.number);
    }
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if seconds_of(middle).await? <= time {
            low = middle;
        } else {
            high = middle;
        }
    }
    Ok(low)
}
