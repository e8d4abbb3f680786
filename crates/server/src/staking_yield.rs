//! Staking yield measured, not quoted (issue 32, ADR 0039): a share price now and at the
//! start of each window (7 and 30 days before the head block's time), the window's return
//! and its simple annualisation by the domain's rule (`tandem_domain::share_yield`), or in
//! words why a window has no figure. The product API's APY is kept only as the network's
//! published figure, and only when it agrees with the measured one within
//! [`TOLERANCE_HUNDREDTHS`]. Both chains share this; each reads its prices its own way
//! (`evm::staking::yield_reads`, `native::rex_yield`).

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tandem_domain::share_yield::{MeasuredYield, Observation, SharePrice, Unmeasurable, measure};

use crate::apy::{Apy, ApyStatus};
use crate::cache::{BoundedCache, CacheStore, Lifetimes, weigh_by_debug};
use crate::error::ServiceError;

/// The windows measured, in days.
pub const WINDOW_DAYS: [u64; 2] = [7, 30];

/// How far (in hundredths of a percentage point) the published APY may be from the
/// measured annualised figure and still be shown: 1.00 point. A published APY is usually
/// compounded and measured over another period; a point covers that at today's rates,
/// and a figure further off would mislead.
pub const TOLERANCE_HUNDREDTHS: u64 = 100;

/// A measured answer is kept ten minutes like the APY it replaces (spec §9); a failure a minute.
const LIFETIMES: Lifetimes = Lifetimes {
    answer: Duration::from_secs(600),
    failure: Duration::from_secs(60),
};

/// A share price read at one block: the state in force at `time`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PricePoint {
    /// The block whose state was read (for a past REX pool: the block of the row's last
    /// change at or before `time`).
    pub block: u64,
    /// The time the price stands for, seconds since the epoch.
    pub time: u64,
    /// The price.
    pub price: SharePrice,
}

impl PricePoint {
    fn observation(self) -> Observation {
        Observation {
            price: self.price,
            block: self.block,
            time: self.time,
        }
    }
}

/// Why a window has no figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum YieldUnavailable {
    /// The network has no history service to read past state from.
    NoHistoryService,
    /// The node or history service refused or failed to give the past state.
    HistoryNotReadable,
    /// The chain's first block is younger than the window.
    ChainTooYoung,
    /// The history service keeps no record that far back (or the pool did not exist yet).
    NotRecorded,
    /// The pool or vault held nothing at one end of the window.
    EmptyPool,
    /// The staking contract did not exist yet at the window's start.
    NotDeployed,
}

/// One window: its start and, measured or not, its figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowYield {
    /// Length in days.
    pub days: u64,
    /// The window's start (the head block's time minus `days`), seconds since the epoch.
    pub start: u64,
    /// The figures, or why there are none.
    pub outcome: Result<MeasuredYield, YieldUnavailable>,
}

/// Whether the product API's APY is shown beside the measured figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PublishedStatus {
    /// Within the tolerance of the measured figure: shown as the network's published figure.
    Agrees,
    /// Further off than the tolerance: not shown.
    Disagrees,
    /// No window could be measured to compare it with: not shown.
    NothingToCompare,
    /// The network has no product API.
    NotConfigured,
    /// The product API did not answer with a number.
    Unavailable,
}

/// Everything one yield answer says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YieldReport {
    /// The price at the head block.
    pub now: PricePoint,
    /// One entry per [`WINDOW_DAYS`].
    pub windows: Vec<WindowYield>,
    /// The published APY (percent text), only when it agrees.
    pub published: Option<String>,
    /// Whether it agrees, or why it is absent.
    pub published_status: PublishedStatus,
    /// The tolerance it was held to, in hundredths of a percentage point.
    pub tolerance_hundredths: u64,
}

weigh_by_debug!(YieldReport);

/// The window starting `days` before `head_time` (never before the epoch).
#[must_use]
pub fn window_start(head_time: u64, days: u64) -> u64 {
    head_time.saturating_sub(days.saturating_mul(86_400))
}

/// The report from the price now, each window's past price (or why there is none) and the
/// product API's APY.
#[must_use]
pub fn report(
    now: PricePoint,
    past: Vec<(u64, Result<PricePoint, YieldUnavailable>)>,
    apy: &Apy,
) -> YieldReport {
    let windows: Vec<WindowYield> = past
        .into_iter()
        .map(|(days, point)| WindowYield {
            days,
            start: window_start(now.time, days),
            outcome: point.and_then(|from| {
                measure(from.observation(), now.observation()).map_err(|why| match why {
                    Unmeasurable::EmptyPrice => YieldUnavailable::EmptyPool,
                    // A window starts before the head, so only a broken clock gets here.
                    Unmeasurable::NoTimeElapsed => YieldUnavailable::HistoryNotReadable,
                })
            }),
        })
        .collect();
    let (published, published_status) = published(&windows, apy);
    YieldReport {
        now,
        windows,
        published,
        published_status,
        tolerance_hundredths: TOLERANCE_HUNDREDTHS,
    }
}

/// The published APY held against the longest measured window.
fn published(windows: &[WindowYield], apy: &Apy) -> (Option<String>, PublishedStatus) {
    let percent = match (apy.status, &apy.percent) {
        (ApyStatus::Available, Some(percent)) => percent,
        (ApyStatus::NotConfigured, _) => return (None, PublishedStatus::NotConfigured),
        _ => return (None, PublishedStatus::Unavailable),
    };
    let longest = windows
        .iter()
        .filter_map(|window| window.outcome.as_ref().ok().map(|m| (window.days, m)))
        .max_by_key(|(days, _)| *days);
    let Some((_, measured)) = longest else {
        return (None, PublishedStatus::NothingToCompare);
    };
    match measured
        .annualised
        .percent_within(percent, TOLERANCE_HUNDREDTHS)
    {
        Some(true) => (Some(percent.clone()), PublishedStatus::Agrees),
        Some(false) => (None, PublishedStatus::Disagrees),
        None => (None, PublishedStatus::Unavailable),
    }
}

/// One network's yield answer, kept ten minutes; concurrent requests share one read.
#[derive(Debug)]
pub struct YieldCache {
    cache: BoundedCache<(), Arc<YieldReport>>,
}

impl YieldCache {
    /// A cache named `name` in `store`.
    #[must_use]
    pub fn new(store: &CacheStore, name: &'static str) -> Self {
        Self {
            cache: store.cache(name, LIFETIMES),
        }
    }

    /// The kept report, or the one `read` makes.
    ///
    /// # Errors
    /// The error of `read` (the price now could not be read).
    pub async fn get_or_read<Fut>(
        &self,
        read: impl Fn() -> Fut,
    ) -> Result<Arc<YieldReport>, ServiceError>
    where
        Fut: Future<Output = Result<YieldReport, ServiceError>>,
    {
        self.cache
            .get_or_fetch((), || {
                let read = read();
                async move { read.await.map(Arc::new) }
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: u64 = 86_400;

    fn point(assets: u128, time: u64) -> PricePoint {
        PricePoint {
            block: time / 10,
            time,
            price: SharePrice {
                assets,
                shares: 1_000_000,
            },
        }
    }

    fn apy(percent: Option<&str>, status: ApyStatus) -> Apy {
        Apy {
            percent: percent.map(str::to_owned),
            status,
        }
    }

    #[test]
    fn each_window_is_measured_or_says_why_not() {
        let now = point(1_010_000, 40 * DAY);
        let report = report(
            now,
            vec![
                (7, Ok(point(1_009_000, 33 * DAY))),
                (30, Err(YieldUnavailable::NotRecorded)),
            ],
            &apy(None, ApyStatus::NotConfigured),
        );
        assert_eq!(report.windows[0].start, 33 * DAY);
        let measured = report.windows[0].outcome.as_ref().unwrap();
        // 1,010,000 / 1,009,000 − 1 = 0.099108… %; × 365 / 7 = 5.1678… %.
        assert_eq!(measured.return_percent(), "0.0991");
        assert_eq!(measured.annual_percent(), "5.17");
        assert_eq!(
            report.windows[1].outcome,
            Err(YieldUnavailable::NotRecorded)
        );
        assert_eq!(report.published_status, PublishedStatus::NotConfigured);
        let empty = super::report(
            now,
            vec![(7, Ok(point(0, 33 * DAY)))],
            &apy(None, ApyStatus::Unavailable),
        );
        assert_eq!(empty.windows[0].outcome, Err(YieldUnavailable::EmptyPool));
        assert_eq!(empty.published_status, PublishedStatus::Unavailable);
    }

    #[test]
    fn the_published_apy_is_shown_only_when_it_agrees_with_the_longest_window() {
        let now = point(1_010_000, 40 * DAY);
        // 30 days: 1 % → 12.1666… % a year; 7 days: 0.0991 % → 5.17 %.
        let past = || {
            vec![
                (7, Ok(point(1_009_000, 33 * DAY))),
                (30, Ok(point(1_000_000, 10 * DAY))),
            ]
        };
        let agreeing = report(now, past(), &apy(Some("11.5"), ApyStatus::Available));
        assert_eq!(
            (agreeing.published.as_deref(), agreeing.published_status),
            (Some("11.5"), PublishedStatus::Agrees)
        );
        let far = report(now, past(), &apy(Some("5.17"), ApyStatus::Available));
        assert_eq!(
            (far.published, far.published_status),
            (None, PublishedStatus::Disagrees)
        );
        let nothing = report(
            now,
            vec![(7, Err(YieldUnavailable::HistoryNotReadable))],
            &apy(Some("11.5"), ApyStatus::Available),
        );
        assert_eq!(nothing.published_status, PublishedStatus::NothingToCompare);
    }
}
