//! The wallet's total fiat value over the last day, week or month: the account's
//! balances at each point in time, worked back from its current balances through the
//! movements of its history (the index's balance history: what came in later is taken
//! out, what went out and the fees paid are put back), priced with the system token's
//! price series at that time. The last point, now, is valued with the balances' own
//! quotes, so it equals the balance rows of the tokens it counts.
//!
//! Only tokens with a price series are counted (the system token and its wrapped form,
//! one to one); the others are listed as not included, never valued at zero. A point
//! where the series has no price near it has no value ("price not known"), which the
//! chart shows as a gap.

use std::collections::HashMap;

use alloy_primitives::{Address, U256};
use tandem_domain::amount::Amount;
use tandem_domain::history::ShapedTransaction;
use tandem_domain::price::MarketPrice;
use tandem_domain::price::PRICE_DECIMALS;
use tandem_domain::time::now_ms;
use tandem_evm::source::{PageRequest, SortOrder, TransactionQuery};

use super::EvmNetwork;
use super::coverage::{FillSlots, IndexContext};
use super::history::shape_page;
use crate::error::ServiceError;

/// The spans the chart offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PortfolioRange {
    /// 24 hours, a point an hour.
    Day,
    /// 7 days, a point every 6 hours.
    Week,
    /// 30 days, a point a day.
    Month,
}

impl PortfolioRange {
    /// From the query's word.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "day" => Some(Self::Day),
            "week" => Some(Self::Week),
            "month" => Some(Self::Month),
            _ => None,
        }
    }

    fn days(self) -> u32 {
        match self {
            Self::Day => 1,
            Self::Week => 7,
            Self::Month => 30,
        }
    }

    fn step_ms(self) -> u64 {
        match self {
            Self::Day => 3_600_000,
            Self::Week => 6 * 3_600_000,
            Self::Month => 24 * 3_600_000,
        }
    }
}

/// Transactions read at most to work balances back; an account busier than this over
/// the span gets a chart starting where the reading stopped.
const MAX_TRANSACTIONS: u64 = 20_000;
const PAGE: u64 = 1_000;

/// One point of the chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PortfolioPoint {
    /// When, ms since the epoch.
    pub time_ms: u64,
    /// The counted holdings' value; `None` where no price was known.
    pub value: Option<Amount>,
}

/// A holding the chart does not count, for want of a price series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Uncounted {
    /// Its symbol.
    pub symbol: String,
    /// Its contract.
    pub contract: Address,
    /// The amount held now.
    pub amount: Amount,
}

/// The chart.
#[derive(Debug, Clone)]
pub struct Portfolio {
    /// Points, oldest first.
    pub points: Vec<PortfolioPoint>,
    /// Symbols counted.
    pub counted: Vec<String>,
    /// Holdings left out.
    pub uncounted: Vec<Uncounted>,
    /// The first point the history reached back to, when it stopped early.
    pub reached_back_to_ms: Option<u64>,
    /// The own index's side (coverage, lag), on a network whose primary it is.
    pub index: Option<IndexContext>,
}

/// A counted token: the native coin (`None`) or a contract.
type Holding = Option<Address>;

/// The balances of `counted` at each of `times` (ascending), worked back from
/// `current` through `rows` (newest first): after each point, what came in is taken
/// out and what went out (and the fee the account paid, in the native coin) is put back.
fn balances_at(
    current: &HashMap<Holding, U256>,
    rows: &[ShapedTransaction],
    times: &[u64],
) -> Vec<HashMap<Holding, U256>> {
    let mut balance = current.clone();
    let mut next = 0;
    let mut found = vec![HashMap::new(); times.len()];
    for (slot, &time) in times.iter().enumerate().rev() {
        while let Some(row) = rows.get(next).filter(|row| row.epoch * 1000 > time) {
            for movement in &row.values_in {
                let key = movement.contract.as_deref().and_then(|c| c.parse().ok());
                if let Some(held) = balance.get_mut(&key) {
                    *held = held.saturating_sub(movement.amount.raw());
                }
            }
            for movement in &row.values_out {
                let key = movement.contract.as_deref().and_then(|c| c.parse().ok());
                if let Some(held) = balance.get_mut(&key) {
                    *held = held.saturating_add(movement.amount.raw());
                }
            }
            if let (Some(fee), Some(held)) = (row.gas_used, balance.get_mut(&None)) {
                *held = held.saturating_add(fee.raw());
            }
            next += 1;
        }
        found[slot] = balance.clone();
    }
    found
}

/// The price at `time` from `series` (oldest first): the point nearest to it, if not
/// farther than `tolerance_ms` (the series' hours and the chart's points need not line up).
fn price_at(series: &[(u64, String)], time: u64, tolerance_ms: u64) -> Option<MarketPrice> {
    let at = series.partition_point(|(t, _)| *t <= time);
    let before = at.checked_sub(1).and_then(|i| series.get(i));
    let after = series.get(at);
    let (when, price) = [before, after]
        .into_iter()
        .flatten()
        .min_by_key(|(t, _)| t.abs_diff(time))?;
    (when.abs_diff(time) <= tolerance_ms)
        .then(|| MarketPrice::from_decimal_str(price, *when).ok())
        .flatten()
}

impl EvmNetwork {
    /// `account`'s total value in `fiat` over `range`.
    ///
    /// # Errors
    /// When its balances or history cannot be read.
    pub async fn portfolio(
        &self,
        account: Address,
        range: PortfolioRange,
        fiat: &str,
        slots: &dyn FillSlots,
    ) -> Result<Portfolio, ServiceError> {
        let index = self.index_context(account, slots).await?;
        let fetched = self.raw_balances(account, index.as_ref()).await?;
        let wrapped = self.wrapped_token();
        let mut current: HashMap<Holding, U256> = HashMap::from([(None, U256::ZERO)]);
        let mut uncounted = Vec::new();
        for balance in &fetched.balances {
            match balance.token {
                None => {
                    current.insert(None, balance.amount);
                }
                Some(token) if Some(token) == wrapped => {
                    current.insert(Some(token), balance.amount);
                }
                Some(token) if !balance.amount.is_zero() => {
                    let record = balance.contract.as_ref();
                    let decimals = record.and_then(|r| r.decimals).unwrap_or(18);
                    if let Ok(amount) = Amount::new(balance.amount, decimals) {
                        uncounted.push(Uncounted {
                            symbol: record.and_then(|r| r.symbol.clone()).unwrap_or_default(),
                            contract: token,
                            amount,
                        });
                    }
                }
                Some(_) => {}
            }
        }
        if let Some(token) = wrapped {
            current.entry(Some(token)).or_insert(U256::ZERO);
        }
        let now = now_ms();
        let step = range.step_ms();
        let start = now.saturating_sub(u64::from(range.days()) * 86_400_000);
        let mut times: Vec<u64> = (0..)
            .map(|i| start + i * step)
            .take_while(|&t| t < now)
            .collect();
        times.push(now);

        let (rows, reached_back_to_ms) = self.rows_since(account, start, fiat).await?;
        let balances = balances_at(&current, &rows, &times);
        let series = self.prices().system_series(fiat, range.days()).await;
        let mut points: Vec<PortfolioPoint> = times
            .iter()
            .zip(&balances)
            .map(|(&time, held)| {
                let price = series
                    .as_deref()
                    .and_then(|s| price_at(s, time, 2 * step.max(3_600_000)));
                let total: U256 = held
                    .values()
                    .fold(U256::ZERO, |sum, v| sum.saturating_add(*v));
                let value = price.and_then(|p| p.to_fiat(&Amount::new(total, 18).ok()?).ok());
                PortfolioPoint {
                    time_ms: time,
                    value,
                }
            })
            .collect();
        // "Now" is valued with the balances' own quotes, so the chart's last figure and the
        // balance rows of the tokens it counts add up to the same amount on screen.
        if let (Some(last), Some(value)) = (
            points.last_mut(),
            self.counted_value_now(account, fiat, slots).await,
        ) {
            last.value = Some(value);
        }
        let (system, wrapped_symbol) = self.prices().series_symbols();
        let mut counted = vec![system.to_owned()];
        counted.extend(wrapped_symbol.map(str::to_owned));
        Ok(Portfolio {
            points,
            counted,
            uncounted,
            reached_back_to_ms,
            index,
        })
    }

    /// The account's shaped rows since `start` (newest first), at most
    /// [`MAX_TRANSACTIONS`]; with the time reached when it stopped short.
    /// The fiat value now of the counted holdings (the system coin and its wrapped form) as
    /// the balance sheet values them; `None` when the sheet cannot be read or a counted
    /// holding has no price now (the series' value stands then).
    async fn counted_value_now(
        &self,
        account: Address,
        fiat: &str,
        slots: &dyn FillSlots,
    ) -> Option<Amount> {
        let sheet = self.balance_sheet(account, fiat, slots).await.ok()?;
        let wrapped = self.wrapped_token();
        let mut total = Amount::zero(PRICE_DECIMALS);
        for row in sheet
            .rows
            .iter()
            .filter(|row| row.contract.is_none() || row.contract == wrapped)
        {
            match &row.balance.fiat_value {
                Some(value) => total = total.checked_add(value).ok()?,
                None if row.balance.amount.raw().is_zero() => {}
                None => return None,
            }
        }
        Some(total)
    }

    async fn rows_since(
        &self,
        account: Address,
        start: u64,
        fiat: &str,
    ) -> Result<(Vec<ShapedTransaction>, Option<u64>), ServiceError> {
        let source = self.source();
        let mut rows = Vec::new();
        let mut offset = 0;
        loop {
            let query = TransactionQuery {
                page: PageRequest {
                    offset,
                    limit: PAGE,
                },
                sort: SortOrder::Descending,
                log_topic: None,
                resume_after: None,
            };
            let page = source.transactions(account, &query).await?;
            offset += page.rows.len() as u64;
            let recent: Vec<_> = page
                .rows
                .iter()
                .filter(|row| row.transaction.timestamp_ms > start)
                .cloned()
                .collect();
            let read = page.rows.len();
            let reached_start = recent.len() < read || !page.more || read == 0;
            rows.extend(
                shape_page(self, self.account_caches(), &source, account, &recent, fiat)
                    .await
                    .0,
            );
            if reached_start {
                return Ok((rows, None));
            }
            if offset >= MAX_TRANSACTIONS {
                let reached = rows.last().map(|row| row.epoch * 1000);
                return Ok((rows, reached));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use tandem_domain::history::{RowAction, ValueMovement};

    use super::*;

    const TOKEN: Address = Address::repeat_byte(0x20);

    fn row(
        epoch: u64,
        values_in: &[(Option<Address>, u64)],
        values_out: &[(Option<Address>, u64)],
        fee: Option<u64>,
    ) -> ShapedTransaction {
        let movement = |&(contract, raw): &(Option<Address>, u64)| ValueMovement {
            amount: Amount::new(U256::from(raw), 18).unwrap(),
            symbol: String::new(),
            fiat_value: None,
            contract: contract.map(|c| c.to_checksum(None)),
            counterparty: String::new(),
        };
        ShapedTransaction {
            id: String::new(),
            epoch,
            action_name: String::new(),
            action: RowAction::Swap,
            counterparty: None,
            counterparty_name: None,
            from: String::new(),
            from_pretty_name: None,
            to: None,
            to_pretty_name: None,
            values_in: values_in.iter().map(movement).collect(),
            values_out: values_out.iter().map(movement).collect(),
            nfts_in: Vec::new(),
            nfts_out: Vec::new(),
            gas_used: fee.map(|f| Amount::new(U256::from(f), 18).unwrap()),
            gas_fiat_value: None,
            failed: false,
        }
    }

    #[test]
    fn balances_are_worked_back_through_later_movements_and_fees() {
        let current = HashMap::from([(None, U256::from(100)), (Some(TOKEN), U256::from(7))]);
        // Newest first: at 30 s received 50 TLOS; at 20 s sent 10 TLOS paying 1; at 10 s got 7 tokens.
        let rows = [
            row(30, &[(None, 50)], &[], None),
            row(20, &[], &[(None, 10)], Some(1)),
            row(10, &[(Some(TOKEN), 7)], &[], None),
        ];
        let found = balances_at(&current, &rows, &[5_000, 15_000, 25_000, 35_000]);
        let at = |i: usize, key: Holding| found[i][&key];
        assert_eq!(at(3, None), U256::from(100));
        assert_eq!(at(2, None), U256::from(50));
        assert_eq!(at(1, None), U256::from(61));
        assert_eq!(at(1, Some(TOKEN)), U256::from(7));
        assert_eq!(at(0, Some(TOKEN)), U256::ZERO);
    }

    #[test]
    fn a_price_is_the_latest_point_not_too_old() {
        let series = vec![(1_000, "0.5".to_owned()), (2_000, "0.25".to_owned())];
        assert_eq!(
            price_at(&series, 1_400, 1_000).map(|p| p.price().to_plain_string()),
            Some("0.5".into())
        );
        assert_eq!(
            price_at(&series, 2_500, 1_000).map(|p| p.price().to_plain_string()),
            Some("0.25".into())
        );
        assert_eq!(
            price_at(&series, 500, 400),
            None,
            "too long before the series"
        );
        assert_eq!(
            price_at(&series, 900, 400).map(|p| p.price().to_plain_string()),
            Some("0.5".into()),
            "just before the series"
        );
        assert_eq!(price_at(&series, 9_000, 1_000), None, "too long after");
    }
}
