//! How a fill is seen from outside: where it stands ([`FillProgress`]), what the index
//! holds of an account with its fill ([`AccountCoverage`]), and the fills counted
//! ([`FillCounts`]).

use crate::store::Coverage;

/// Where a fill stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FillProgress {
    /// Waiting for a free slot (a bounded number of fills run at once).
    Queued,
    /// Asking the third-party indexer for the account's activity below the start.
    Listing,
    /// Looking for the account's events: `scanned` of `total` blocks below the start.
    Scanning {
        /// Blocks scanned so far.
        scanned: u64,
        /// Blocks to scan.
        total: u64,
    },
    /// Searching the account's nonce and TLOS balance at past blocks for what logs
    /// cannot show: `reads` made of about `expected` (an estimate from the number of
    /// transactions the account sent; the search may need fewer or more).
    Searching {
        /// State reads made so far.
        reads: u64,
        /// State reads the search is expected to make.
        expected: u64,
    },
    /// Reading the account's transactions and state, and writing them.
    Confirming,
    /// The last attempt failed: why, and when it did (ms since the epoch).
    Failed {
        /// What failed, in words.
        error: String,
        /// When.
        at_ms: u64,
    },
}

impl FillProgress {
    /// Share done, 0 to 1: the log scan is the first half, the state search most of
    /// the rest, confirming the end.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        match self {
            Self::Queued | Self::Listing | Self::Failed { .. } => 0.0,
            Self::Scanning { scanned, total } if *total > 0 => {
                0.5 * (*scanned as f64 / *total as f64).min(1.0)
            }
            Self::Scanning { .. } => 0.0,
            Self::Searching { reads, expected } => {
                // An estimate: never past its own end before the search is done.
                let share = *reads as f64 / (*expected).max(1) as f64;
                0.5 + 0.4 * share.min(0.99)
            }
            Self::Confirming => 0.95,
        }
    }
}

/// What the index holds of an account, and its fill when one is under way or failed.
#[derive(Debug, Clone, PartialEq)]
pub struct AccountCoverage {
    /// What the store holds.
    pub coverage: Coverage,
    /// The fill, unless the account is covered (or no fill was asked for yet).
    pub fill: Option<FillProgress>,
}

impl AccountCoverage {
    /// Whether the account's whole history is in the index.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.coverage.is_complete()
    }

    /// Whether the fill has nothing left to do: complete, or filled as far as the node
    /// could answer (the coverage's `kinds` name what may be missing).
    #[must_use]
    pub fn is_filled(&self) -> bool {
        self.coverage.is_filled()
    }

    /// Share of the account's history the fill has searched, 0 to 1.
    #[must_use]
    pub fn progress(&self) -> f64 {
        if self.is_filled() {
            return 1.0;
        }
        self.fill.as_ref().map_or(0.0, FillProgress::fraction)
    }
}

/// Counts of fills since start, for metrics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FillCounts {
    /// Fills begun.
    pub started: u64,
    /// Fills written.
    pub completed: u64,
    /// Fill attempts that failed.
    pub failed: u64,
    /// Fills running or queued now.
    pub active: u64,
}
