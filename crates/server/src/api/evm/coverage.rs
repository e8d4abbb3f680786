//! The own index's side of an account answer, as sent: how much of the account's
//! history the index holds (`coverage`: the covered blocks, whether that is all of it,
//! the progress of the fill of its earlier history) and how far the index is behind the
//! chain's head (`indexLag`). Answers not built from the own index carry neither.

use serde::Serialize;
use tandem_indexer::FillMethod;
use tandem_indexer::fill::FillProgress;
use tandem_indexer::fill::engine::RETRY_AFTER;
use utoipa::ToSchema;

use crate::evm::coverage::IndexContext;
use crate::evm::own_index::IndexLag;

/// Behind by this much or more, the index lags (the health threshold, spec: 10 s).
pub const LAG_THRESHOLD_SECONDS: u64 = 10;

/// Where the fill of an account's earlier history stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FillState {
    /// Waiting for a free slot (a bounded number of fills run at once).
    Queued,
    /// Looking for the account's activity below the index's start block: in the
    /// third-party indexer's list, or the chain's logs (`scannedBlocks` of `totalBlocks`).
    Scanning,
    /// Searching the account's nonce and TLOS balance at past blocks for its plain
    /// transfers, failed transactions and creations (`stateReads` of about `expectedReads`).
    Searching,
    /// Reading the account's transactions and state back from the chain, and storing them.
    Confirming,
    /// The last attempt failed (`error` says why); it is tried again from `retryAtMs` on,
    /// by the next request for the account.
    Failed,
}

/// The fill of an account's earlier history, while it runs or after it failed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FillView {
    /// Where it stands.
    pub state: FillState,
    /// Blocks scanned so far (while scanning).
    pub scanned_blocks: Option<u64>,
    /// Blocks to scan (while scanning).
    pub total_blocks: Option<u64>,
    /// Reads of the account's past nonce and balance made (while searching).
    pub state_reads: Option<u64>,
    /// Reads the search is expected to make, an estimate (while searching).
    pub expected_reads: Option<u64>,
    /// What failed, in words (when failed).
    pub error: Option<String>,
    /// When it failed, ms since the epoch.
    pub failed_at_ms: Option<u64>,
    /// When it is tried again at the earliest, ms since the epoch.
    pub retry_at_ms: Option<u64>,
}

/// How much of an account's history the own index holds.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverageView {
    /// The first block of the account's history the index holds: 0 once complete,
    /// else the index's start block (`null` before the index has begun).
    pub from_block: Option<u64>,
    /// The last block the index holds.
    pub through_block: Option<u64>,
    /// Whether the index holds the account's whole history. Until it does, lists may
    /// miss what happened before `fromBlock`, and are never complete.
    pub complete: bool,
    /// The share held, 0 to 1 (1 once complete).
    #[schema(example = 0.63, minimum = 0.0, maximum = 1.0)]
    pub progress: f64,
    /// The fill of the earlier history: `null` when complete or not asked for yet.
    pub fill: Option<FillView>,
    /// How the account's earlier history was found, once filled (`null` before, and
    /// for fills stored before this was recorded).
    pub filled_by: Option<FilledByView>,
    /// What the history may lack, kind by kind, once filled as far as the node could
    /// answer (empty when complete, and before a fill: `fromBlock` says it then).
    pub missing: Vec<MissingView>,
}

/// A kind of an account's history below the index's start block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum HistoryKind {
    /// Transactions the account sent, failed ones and contract creations included.
    Sent,
    /// TLOS received in transactions sent to the account.
    Received,
    /// Other changes of its TLOS balance (value received inside someone's call).
    OtherBalanceChanges,
}

/// Why a kind may be missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum MissingReason {
    /// The node keeps no state (nonces, balances) that old: it could not be searched.
    NoHistoricalState,
    /// A block changed the balance inside someone else's call, and no transaction of
    /// the block says how (only traces could): the kind is complete above it.
    InsideCall,
}

/// One kind the history may lack, and below which block.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MissingView {
    /// Which kind.
    pub kind: HistoryKind,
    /// Why.
    pub reason: MissingReason,
    /// Rows of the kind before this block may be missing; from it on all are there.
    pub before_block: u64,
    /// The same in words, with why.
    #[schema(
        example = "TLOS received before block 161 may be missing: the node keeps no history of balances."
    )]
    pub note: String,
}

/// What the account's fill could not find, in words (see [`MissingView`]).
fn missing_views(held: &tandem_indexer::Coverage) -> Vec<MissingView> {
    let (Some(kinds), Some(start)) = (held.kinds, held.index_start) else {
        return Vec::new();
    };
    let mut missing = Vec::new();
    let mut gap = |kind, before_block: u64, note: String| {
        if before_block > 0 {
            missing.push(MissingView {
                kind,
                reason: if before_block >= start {
                    MissingReason::NoHistoricalState
                } else {
                    MissingReason::InsideCall
                },
                before_block,
                note,
            });
        }
    };
    let no_state = |what: &str| format!("the node keeps no history of {what} below block {start}");
    gap(
        HistoryKind::Sent,
        kinds.sent_from,
        format!(
            "Transactions sent before block {} may be missing: {}.",
            kinds.sent_from,
            no_state("nonces")
        ),
    );
    gap(
        HistoryKind::Received,
        kinds.received_from,
        format!(
            "TLOS received before block {} may be missing: {}.",
            kinds.received_from,
            no_state("balances")
        ),
    );
    let other_why = if kinds.other_from >= start {
        no_state("balances")
    } else {
        format!(
            "block {} changed the TLOS balance inside someone else's call, which this node cannot show",
            kinds.other_from.saturating_sub(1)
        )
    };
    gap(
        HistoryKind::OtherBalanceChanges,
        kinds.other_from,
        format!(
            "Other TLOS balance changes before block {} may be missing: {other_why}.",
            kinds.other_from
        ),
    );
    missing
}

/// Where a fill found the account's earlier activity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum FillSource {
    /// The chain's logs, every block below the start searched (no third-party indexer).
    Chain,
    /// The third-party indexer's list, every item confirmed by the chain.
    Indexer,
    /// The chain's logs: the indexer did not answer, or had not indexed every block.
    ChainIndexerUnavailable,
    /// The chain's logs: the indexer's list disagreed with the chain.
    ChainIndexerDisagreed,
}

/// How a fill went, for people and for checks.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FilledByView {
    /// Where the activity came from.
    pub source: FillSource,
    /// Items the indexer listed that the chain does not have (none was stored).
    pub refused_items: u32,
    /// Transactions the account sent that the indexer's list lacked.
    pub unlisted_transactions: u32,
    /// The same in words.
    #[schema(
        example = "Filled from Blockscout (teloscan.io)'s list, every item confirmed by the chain."
    )]
    pub note: String,
}

fn filled_by_view(method: FillMethod, indexer: Option<&str>) -> FilledByView {
    let indexer = indexer.unwrap_or("the indexer");
    let (source, refused, unlisted) = match method {
        FillMethod::Chain => (FillSource::Chain, 0, 0),
        FillMethod::Indexer => (FillSource::Indexer, 0, 0),
        FillMethod::ChainIndexerUnavailable => (FillSource::ChainIndexerUnavailable, 0, 0),
        FillMethod::ChainIndexerDisagreed { refused, unlisted } => {
            (FillSource::ChainIndexerDisagreed, refused, unlisted)
        }
    };
    let items = |n: u32, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let note = match source {
        FillSource::Chain => "Filled from the chain's logs.".to_owned(),
        FillSource::Indexer => {
            format!("Filled from {indexer}'s list, every item confirmed by the chain.")
        }
        FillSource::ChainIndexerUnavailable => format!(
            "Filled from the chain's logs: {indexer} did not answer or had not indexed every block."
        ),
        FillSource::ChainIndexerDisagreed if refused > 0 => format!(
            "Filled from the chain's logs: {indexer} listed {} the chain does not have; nothing of it was stored.",
            items(refused, "item", "items")
        ),
        FillSource::ChainIndexerDisagreed => format!(
            "Filled from the chain's logs: {indexer}'s list lacked {} the account sent.",
            items(unlisted, "transaction", "transactions")
        ),
    };
    FilledByView {
        source,
        refused_items: refused,
        unlisted_transactions: unlisted,
        note,
    }
}

/// How far the own index is behind the chain's head.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndexLagView {
    /// The last block the index holds.
    pub indexed_block: u64,
    /// The chain's head as last seen.
    pub head_block: u64,
    /// Blocks behind the head.
    pub blocks_behind: u64,
    /// Seconds behind the head.
    pub seconds_behind: u64,
    /// Whether that is beyond the health threshold (10 s): the answer's data is older
    /// than the chain by `secondsBehind`.
    pub lagging: bool,
}

impl From<&IndexLag> for IndexLagView {
    fn from(lag: &IndexLag) -> Self {
        Self {
            indexed_block: lag.indexed_block,
            head_block: lag.head_block,
            blocks_behind: lag.blocks,
            seconds_behind: lag.seconds,
            lagging: lag.seconds >= LAG_THRESHOLD_SECONDS,
        }
    }
}

fn fill_view(fill: &FillProgress) -> FillView {
    let mut view = FillView {
        state: FillState::Queued,
        scanned_blocks: None,
        total_blocks: None,
        state_reads: None,
        expected_reads: None,
        error: None,
        failed_at_ms: None,
        retry_at_ms: None,
    };
    match fill {
        FillProgress::Queued => {}
        FillProgress::Listing => view.state = FillState::Scanning,
        FillProgress::Scanning { scanned, total } => {
            view.state = FillState::Scanning;
            view.scanned_blocks = Some(*scanned);
            view.total_blocks = Some(*total);
        }
        FillProgress::Searching { reads, expected } => {
            view.state = FillState::Searching;
            view.state_reads = Some(*reads);
            view.expected_reads = Some(*expected);
        }
        FillProgress::Confirming => view.state = FillState::Confirming,
        FillProgress::Failed { error, at_ms } => {
            view.state = FillState::Failed;
            view.error = Some(error.clone());
            view.failed_at_ms = Some(*at_ms);
            let pause = u64::try_from(RETRY_AFTER.as_millis()).unwrap_or(u64::MAX);
            view.retry_at_ms = Some(at_ms.saturating_add(pause));
        }
    }
    view
}

/// The coverage part of `index`.
#[must_use]
pub fn coverage_view(index: &IndexContext) -> CoverageView {
    let held = &index.coverage;
    let complete = held.is_complete();
    let filled = held.is_filled();
    CoverageView {
        from_block: held.coverage.complete_from(),
        through_block: held.coverage.indexed_through,
        complete,
        // Three decimals: enough for a percentage, and stable in JSON.
        progress: (held.progress().clamp(0.0, 1.0) * 1000.0).round() / 1000.0,
        fill: held.fill.as_ref().filter(|_| !filled).map(fill_view),
        filled_by: held
            .coverage
            .filled_by
            .filter(|_| filled)
            .map(|method| filled_by_view(method, index.indexer_name.as_deref())),
        missing: if filled {
            missing_views(&held.coverage)
        } else {
            Vec::new()
        },
    }
}

/// `coverage` and `indexLag` of an answer built from the own index (`None` for both
/// elsewhere); the lag only when `lag_applies` (the index, not the chain, answered).
#[must_use]
pub fn index_fields(
    index: Option<&IndexContext>,
    lag_applies: bool,
) -> (Option<CoverageView>, Option<IndexLagView>) {
    let Some(index) = index else {
        return (None, None);
    };
    let lag = index
        .lag
        .as_ref()
        .filter(|_| lag_applies)
        .map(IndexLagView::from);
    (Some(coverage_view(index)), lag)
}

#[cfg(test)]
mod tests {
    use tandem_indexer::fill::AccountCoverage;
    use tandem_indexer::{Coverage, FillKinds, IndexChanges};

    use super::*;

    fn context(coverage: Coverage, fill: Option<FillProgress>) -> IndexContext {
        IndexContext {
            coverage: AccountCoverage { coverage, fill },
            lag: Some(IndexLag {
                indexed_block: 90,
                head_block: 100,
                blocks: 10,
                seconds: 12,
            }),
            fresh: false,
            indexer_name: Some("Blockscout (teloscan.io)".to_owned()),
        }
    }

    #[test]
    fn an_account_being_filled_is_never_complete() {
        let partial = Coverage {
            index_start: Some(500),
            indexed_through: Some(900),
            filled_from: None,
            filled_at: None,
            filled_by: None,
            kinds: None,
            changes: IndexChanges::default(),
        };
        let scanning = context(
            partial,
            Some(FillProgress::Scanning {
                scanned: 350,
                total: 500,
            }),
        );
        let view = serde_json::to_value(coverage_view(&scanning)).unwrap_or_default();
        assert_eq!(view["complete"], false);
        assert_eq!(view["fromBlock"], 500);
        assert_eq!(view["progress"], 0.35);
        assert_eq!(view["fill"]["state"], "scanning");
        assert_eq!(view["fill"]["scannedBlocks"], 350);

        let failed = context(
            partial,
            Some(FillProgress::Failed {
                error: "JSON-RPC eth_getLogs failed".into(),
                at_ms: 1_000,
            }),
        );
        let view = coverage_view(&failed);
        let fill = view.fill.expect("fill");
        assert_eq!(fill.state, FillState::Failed);
        assert_eq!(fill.retry_at_ms, Some(11_000));
        assert!(view.progress.abs() < f64::EPSILON);

        let filled = context(
            Coverage {
                filled_from: Some(0),
                filled_at: Some(900),
                filled_by: Some(FillMethod::ChainIndexerDisagreed {
                    refused: 1,
                    unlisted: 0,
                }),
                kinds: Some(FillKinds::WHOLE),
                ..partial
            },
            None,
        );
        let by = coverage_view(&filled).filled_by.expect("filled by");
        assert_eq!(
            (by.source, by.refused_items),
            (FillSource::ChainIndexerDisagreed, 1)
        );
        assert_eq!(
            by.note,
            "Filled from the chain's logs: Blockscout (teloscan.io) listed 1 item the chain does not have; nothing of it was stored."
        );
        let (coverage, lag) = index_fields(Some(&filled), true);
        let coverage = coverage.expect("coverage");
        assert!(coverage.complete);
        assert_eq!(coverage.from_block, Some(0));
        assert!((coverage.progress - 1.0).abs() < f64::EPSILON);
        let lag = lag.expect("lag");
        assert_eq!((lag.blocks_behind, lag.lagging), (10, true));
        assert!(index_fields(Some(&filled), false).1.is_none());
        assert!(index_fields(None, true).0.is_none());
    }

    #[test]
    fn a_fill_the_node_could_not_answer_says_what_may_be_missing() {
        let filled = Coverage {
            index_start: Some(161),
            indexed_through: Some(900),
            filled_from: Some(0),
            filled_at: Some(900),
            filled_by: Some(FillMethod::Chain),
            kinds: Some(FillKinds {
                sent_from: 161,
                received_from: 161,
                other_from: 161,
            }),
            changes: IndexChanges::default(),
        };
        let view = coverage_view(&context(filled, None));
        assert!(!view.complete);
        assert_eq!(view.from_block, Some(161));
        assert_eq!(view.progress, 1.0, "the fill is done");
        assert!(view.fill.is_none());
        let notes: Vec<&str> = view.missing.iter().map(|gap| gap.note.as_str()).collect();
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert_eq!(
            notes[1],
            "TLOS received before block 161 may be missing: the node keeps no history of balances below block 161."
        );
        let complete = Coverage {
            kinds: Some(FillKinds::WHOLE),
            ..filled
        };
        let view = coverage_view(&context(complete, None));
        assert!(view.complete && view.missing.is_empty());
        assert_eq!(view.from_block, Some(0));
    }
}
