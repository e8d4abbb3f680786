//! The REX pool's value per REX now and at the start of each window (issue 32, ADR 0039).
//! The chain API has no past state, so the past pool is the history service's record of
//! the `eosio` / `rexpool` row: its newest change at or before the window's start
//! (Hyperion v2 `get_deltas`). A network without a history service, one that fails, and
//! a record that does not reach back that far each say so instead of a number.

use std::sync::Arc;

use tandem_antelope::chain::TableQuery;
use tandem_antelope::chain::types::RexPoolRow;
use tandem_antelope::history::{DeltasQuery, Sort};
use tandem_antelope::time::{format_seconds, parse_millis};
use tandem_domain::antelope::{Asset, Name};
use tandem_domain::share_yield::SharePrice;

use super::NativeNetwork;
use crate::error::ServiceError;
use crate::staking_yield::{
    PricePoint, WINDOW_DAYS, YieldReport, YieldUnavailable, report, window_start,
};

impl NativeNetwork {
    /// The REX yield over the last 7 and 30 days, kept ten minutes.
    ///
    /// # Errors
    /// The chain did not answer, or its pool row is malformed.
    pub async fn rex_yield(&self) -> Result<Arc<YieldReport>, ServiceError> {
        self.rex_yield.get_or_read(|| self.read_rex_yield()).await
    }

    async fn read_rex_yield(&self) -> Result<YieldReport, ServiceError> {
        let info = self.chain.get_info().await?;
        let head_time = seconds(&info.head_block_time)?;
        let rows = self
            .chain
            .get_table_rows::<RexPoolRow>(&TableQuery::all("eosio", "eosio", "rexpool", 1))
            .await
            .map_err(|error| ServiceError::RexUnavailable(error.into()))?;
        let price = match rows.rows.first() {
            Some(row) => pool_price(&row.total_lendable, &row.total_rex)?,
            None => SharePrice {
                assets: 0,
                shares: 0,
            },
        };
        let now = PricePoint {
            block: u64::from(info.head_block_num),
            time: head_time,
            price,
        };
        let mut past = Vec::with_capacity(WINDOW_DAYS.len());
        for days in WINDOW_DAYS {
            let start = window_start(head_time, days);
            past.push((days, self.past_pool(start).await));
        }
        Ok(report(now, past, &self.rex_apy().await))
    }

    /// The pool in force at `start`: its newest recorded change at or before it.
    async fn past_pool(&self, start: u64) -> Result<PricePoint, YieldUnavailable> {
        let history = self
            .history
            .as_ref()
            .ok_or(YieldUnavailable::NoHistoryService)?;
        let query = pool_changes_until(start).ok_or(YieldUnavailable::HistoryNotReadable)?;
        let page = history.get_deltas(&query).await.map_err(|error| {
            tracing::debug!(%error, "REX pool history not readable");
            YieldUnavailable::HistoryNotReadable
        })?;
        let Some(change) = page.deltas.first() else {
            return Err(self.why_unrecorded(start).await);
        };
        if !change.present {
            return Err(YieldUnavailable::NotRecorded);
        }
        let field = |name: &str| change.data.get(name).and_then(|value| value.as_str());
        let (Some(lendable), Some(rex)) = (field("total_lendable"), field("total_rex")) else {
            return Err(YieldUnavailable::HistoryNotReadable);
        };
        let price = pool_price(lendable, rex).map_err(|_| YieldUnavailable::HistoryNotReadable)?;
        Ok(PricePoint {
            block: u64::from(change.block_num),
            time: start,
            price,
        })
    }

    /// Nothing recorded before `start`: a chain that did not exist yet, or a history
    /// service whose record starts later (or a pool created later).
    async fn why_unrecorded(&self, start: u64) -> YieldUnavailable {
        match self.chain.get_block("1").await {
            Ok(first) if seconds(&first.timestamp).is_ok_and(|time| time > start) => {
                YieldUnavailable::ChainTooYoung
            }
            _ => YieldUnavailable::NotRecorded,
        }
    }
}

/// The newest change of `eosio` / `rexpool` at or before `start`.
fn pool_changes_until(start: u64) -> Option<DeltasQuery> {
    let eosio: Name = "eosio".parse().ok()?;
    Some(DeltasQuery {
        code: eosio,
        scope: eosio,
        table: "rexpool".parse().ok()?,
        before: Some(format!(
            "{}.000Z",
            format_seconds(i64::try_from(start).unwrap_or(i64::MAX))
        )),
        after: None,
        limit: 1,
        sort: Sort::Desc,
    })
}

/// `total_lendable` per `total_rex`, exact.
fn pool_price(lendable: &str, rex: &str) -> Result<SharePrice, ServiceError> {
    let amount = |text: &str| -> Result<u128, ServiceError> {
        let asset: Asset = text.parse().map_err(ServiceError::InvalidChainData)?;
        // A negative total is no price: read as empty.
        Ok(u128::try_from(asset.amount).unwrap_or(0))
    };
    Ok(SharePrice {
        assets: amount(lendable)?,
        shares: amount(rex)?,
    })
}

/// Whole seconds of a chain timestamp.
fn seconds(text: &str) -> Result<u64, ServiceError> {
    let millis = parse_millis(text)?;
    Ok(u64::try_from(millis.div_euclid(1000)).unwrap_or(0))
}
