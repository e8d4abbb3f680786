//! Where a sync's time goes, phase by phase: the benchmark prints it (`bench/indexer`)
//! so a cure for a slow backfill starts from facts, and the follower logs it at debug
//! level after each round.
//!
//! Phases overlap — batches are prepared ahead while the store writes — so the busy
//! times of the phases add up to more than the wall time. The two `waiting` phases are
//! the follower's own stalls on its critical path: waiting for the next prepared batch
//! (the node, decoding and state reads were slower than the store) and waiting for the
//! previous commit (the store was slower).

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// One phase of indexing a batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Asking which final blocks matter (`eth_getLogs` or transaction counts).
    Scan,
    /// Fetching blocks with their transactions and receipts.
    Fetch,
    /// Decoding transactions into events and collecting touched accounts.
    Decode,
    /// Reading the native balances of touched accounts.
    NativeBalances,
    /// Reading back allowances spent without an event.
    Allowances,
    /// Writing a batch to the store (chain rows, derived state, cursor).
    Commit,
    /// The follower waiting for the next prepared batch.
    WaitingForPrepared,
    /// The follower waiting for the previous commit.
    WaitingForCommit,
}

impl Phase {
    /// Every phase, in the order a batch goes through them.
    pub const ALL: [Self; 8] = [
        Self::Scan,
        Self::Fetch,
        Self::Decode,
        Self::NativeBalances,
        Self::Allowances,
        Self::Commit,
        Self::WaitingForPrepared,
        Self::WaitingForCommit,
    ];

    /// A short name for reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Scan => "scan",
            Self::Fetch => "fetch blocks+receipts",
            Self::Decode => "decode",
            Self::NativeBalances => "native balances",
            Self::Allowances => "allowances",
            Self::Commit => "store commit",
            Self::WaitingForPrepared => "waiting for prepared batch",
            Self::WaitingForCommit => "waiting for commit",
        }
    }

    fn slot(self) -> usize {
        self as usize
    }
}

/// Busy time and occurrences per phase, added to from any task.
#[derive(Debug, Default)]
pub(crate) struct PhaseClock {
    nanos: [AtomicU64; Phase::ALL.len()],
    times: [AtomicU64; Phase::ALL.len()],
}

impl PhaseClock {
    /// Adds `elapsed` to `phase`.
    pub(crate) fn add(&self, phase: Phase, elapsed: Duration) {
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.nanos[phase.slot()].fetch_add(nanos, Ordering::Relaxed);
        self.times[phase.slot()].fetch_add(1, Ordering::Relaxed);
    }

    /// Runs `work`, adding its time to `phase`.
    pub(crate) async fn time<T>(&self, phase: Phase, work: impl Future<Output = T>) -> T {
        let started = Instant::now();
        let outcome = work.await;
        self.add(phase, started.elapsed());
        outcome
    }

    /// The totals so far.
    pub(crate) fn snapshot(&self) -> PhaseTimes {
        PhaseTimes(Phase::ALL.map(|phase| {
            (
                phase,
                Duration::from_nanos(self.nanos[phase.slot()].load(Ordering::Relaxed)),
                self.times[phase.slot()].load(Ordering::Relaxed),
            )
        }))
    }
}

/// Busy time and occurrences per phase since the indexer started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseTimes([(Phase, Duration, u64); Phase::ALL.len()]);

impl PhaseTimes {
    /// The busy time of `phase`, and how many times it ran.
    #[must_use]
    pub fn of(&self, phase: Phase) -> (Duration, u64) {
        let (_, elapsed, times) = self.0[phase.slot()];
        (elapsed, times)
    }
}

impl fmt::Display for PhaseTimes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (phase, elapsed, times) in &self.0 {
            if *times == 0 {
                continue;
            }
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(
                f,
                "{} {:.3} s ({times}×)",
                phase.name(),
                elapsed.as_secs_f64()
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_add_up_and_print_only_what_ran() {
        let clock = PhaseClock::default();
        clock.add(Phase::Fetch, Duration::from_millis(300));
        clock.add(Phase::Fetch, Duration::from_millis(200));
        clock.add(Phase::Commit, Duration::from_millis(50));
        let times = clock.snapshot();
        assert_eq!(times.of(Phase::Fetch), (Duration::from_millis(500), 2));
        assert_eq!(times.of(Phase::Scan), (Duration::ZERO, 0));
        assert_eq!(
            times.to_string(),
            "fetch blocks+receipts 0.500 s (2×), store commit 0.050 s (1×)"
        );
    }
}
