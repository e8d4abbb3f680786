//! Progress an operator can read: how fast the index moves over a sliding window of
//! recent samples, how long catching up will take, and the line `tandem-indexer`
//! prints (a bar on a terminal, plain text in a log).

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use crate::follower::IndexerStatus;

/// How far back the rate looks: long enough to smooth batch-sized steps, short enough
/// to follow a node that slows down.
const RATE_SPAN: Duration = Duration::from_secs(60);

/// Blocks indexed, and blocks the head grew, over a recent span of time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SyncRate {
    /// Blocks the cursor advanced.
    pub indexed_blocks: u64,
    /// Blocks the head advanced meanwhile.
    pub head_blocks: u64,
    /// Over how long, in milliseconds.
    pub millis: u64,
}

impl SyncRate {
    /// Blocks indexed per second.
    #[must_use]
    #[allow(
        clippy::cast_precision_loss,
        reason = "a rate for people, not an amount"
    )]
    pub fn blocks_per_second(&self) -> f64 {
        if self.millis == 0 {
            return 0.0;
        }
        self.indexed_blocks as f64 * 1000.0 / self.millis as f64
    }

    /// Time to close a gap of `behind` blocks at this rate, net of the head's growth;
    /// `None` while the index does not gain on the head.
    #[must_use]
    pub fn time_to_close(&self, behind: u64) -> Option<Duration> {
        if behind == 0 {
            return Some(Duration::ZERO);
        }
        let gained = self.indexed_blocks.checked_sub(self.head_blocks)?;
        if gained == 0 {
            return None;
        }
        let millis = u128::from(behind) * u128::from(self.millis) / u128::from(gained);
        Some(Duration::from_millis(
            u64::try_from(millis).unwrap_or(u64::MAX),
        ))
    }
}

/// Samples of (time, indexed block, head) over the last minute: the follower keeps one,
/// and so does a server that watches a store another process writes.
#[derive(Debug, Default)]
pub struct RateWindow {
    samples: VecDeque<(Instant, u64, u64)>,
}

impl RateWindow {
    /// Records where the index and the head are now; returns the rate over the window.
    pub fn record(&mut self, now: Instant, indexed: u64, head: u64) -> Option<SyncRate> {
        self.samples.push_back((now, indexed, head));
        while self
            .samples
            .front()
            .is_some_and(|(at, ..)| now.duration_since(*at) > RATE_SPAN)
            && self.samples.len() > 2
        {
            self.samples.pop_front();
        }
        let (first, last) = (self.samples.front()?, self.samples.back()?);
        let millis = u64::try_from(last.0.duration_since(first.0).as_millis()).unwrap_or(u64::MAX);
        (millis > 0).then(|| SyncRate {
            indexed_blocks: last.1.saturating_sub(first.1),
            head_blocks: last.2.saturating_sub(first.2),
            millis,
        })
    }
}

/// A duration as people read it, rounded up: "under a second" reads "1s".
fn clock(duration: Duration) -> String {
    let seconds = duration.as_millis().div_ceil(1000);
    let seconds = u64::try_from(seconds).unwrap_or(u64::MAX);
    match seconds {
        0..60 => format!("{seconds}s"),
        60..3_600 => format!("{}m{:02}s", seconds / 60, seconds % 60),
        3_600..86_400 => format!("{}h{:02}m", seconds / 3_600, seconds % 3_600 / 60),
        _ => format!("{}d{:02}h", seconds / 86_400, seconds % 86_400 / 3_600),
    }
}

/// The share of `start..=head` indexed, 0 to 1000 (tenths of a percent).
fn permille(status: &IndexerStatus) -> Option<u64> {
    let (head, start) = (status.head_block?, status.start_block?);
    let total = head.saturating_sub(start) + 1;
    let done = status
        .indexed_block
        .map_or(0, |indexed| indexed.saturating_sub(start) + 1)
        .min(total);
    Some(u64::try_from(u128::from(done) * 1000 / u128::from(total)).unwrap_or(1000))
}

/// "indexed 1234/5678 (21.7 %), 850 blocks/s, 2m03s to catch up", the figures without a bar.
#[must_use]
pub fn progress_text(status: &IndexerStatus) -> String {
    let mut line = match (status.indexed_block, status.head_block) {
        (Some(indexed), Some(head)) => format!("block {indexed} of {head}"),
        (None, Some(head)) => format!("no block yet of {head}"),
        _ => "waiting for the node".to_owned(),
    };
    if let Some(permille) = permille(status) {
        let _ = write!(line, " ({}.{} %)", permille / 10, permille % 10);
    }
    if let Some(rate) = status.rate {
        let _ = write!(line, ", {:.0} blocks/s", rate.blocks_per_second());
    }
    match status.time_to_catch_up() {
        Some(Duration::ZERO) => line.push_str(", caught up"),
        Some(eta) => {
            let _ = write!(line, ", {} to catch up", clock(eta));
        }
        None if status.rate.is_some() => line.push_str(", not gaining on the head"),
        None => {}
    }
    if let Some(error) = &status.last_error {
        let _ = write!(line, " (last error: {error})");
    }
    line
}

/// The terminal line: a bar `width` characters wide, then [`progress_text`].
#[must_use]
pub fn progress_bar(status: &IndexerStatus, width: usize) -> String {
    let filled = permille(status).map_or(0, |permille| {
        usize::try_from(permille).unwrap_or(1000) * width / 1000
    });
    format!(
        "[{}{}] {}",
        "#".repeat(filled),
        "-".repeat(width - filled.min(width)),
        progress_text(status)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(indexed: u64, head: u64, rate: Option<SyncRate>) -> IndexerStatus {
        IndexerStatus {
            indexed_block: Some(indexed),
            head_block: Some(head),
            start_block: Some(1_000),
            rate,
            ..IndexerStatus::default()
        }
    }

    #[test]
    fn the_rate_is_taken_over_the_window_net_of_the_head() {
        let mut window = RateWindow::default();
        let start = Instant::now();
        assert_eq!(window.record(start, 100, 10_000), None);
        let rate = window
            .record(start + Duration::from_secs(10), 5_100, 10_020)
            .unwrap_or_default();
        assert_eq!(rate.indexed_blocks, 5_000);
        assert!((rate.blocks_per_second() - 500.0).abs() < 1e-9);
        // 4,920 behind, gaining 498 blocks/s: just under 10 s.
        assert_eq!(
            rate.time_to_close(4_920),
            Some(Duration::from_millis(9_879))
        );
        // Old samples fall out of the window.
        let later = start + Duration::from_secs(200);
        window.record(later - Duration::from_secs(1), 9_000, 10_400);
        let rate = window.record(later, 9_100, 10_402).unwrap_or_default();
        assert_eq!((rate.indexed_blocks, rate.millis), (100, 1_000));
    }

    #[test]
    fn an_index_that_does_not_gain_has_no_eta() {
        let rate = SyncRate {
            indexed_blocks: 20,
            head_blocks: 20,
            millis: 10_000,
        };
        assert_eq!(rate.time_to_close(5), None);
        assert_eq!(rate.time_to_close(0), Some(Duration::ZERO));
    }

    #[test]
    fn the_line_shows_bar_share_rate_and_eta() {
        let rate = SyncRate {
            indexed_blocks: 8_500,
            head_blocks: 0,
            millis: 10_000,
        };
        let line = progress_bar(&status(5_999, 10_999, Some(rate)), 20);
        assert_eq!(
            line,
            "[##########----------] block 5999 of 10999 (50.0 %), 850 blocks/s, 6s to catch up"
        );
        let waiting = progress_text(&IndexerStatus::default());
        assert_eq!(waiting, "waiting for the node");
        let caught_up = progress_text(&status(10_999, 10_999, Some(rate)));
        assert!(
            caught_up.ends_with("(100.0 %), 850 blocks/s, caught up"),
            "{caught_up}"
        );
        assert_eq!(clock(Duration::from_secs(90_061)), "1d01h");
    }
}
