//! The fill of one account, and the fills under way: [`Filler`] finds the account's
//! token events below the index's start block (newest stretch first, so progress moves
//! steadily), reads the blocks that hold them, reads the account's state back at the
//! index's last block and writes it all in one transaction ([`FillWriter`](crate::store::FillWriter)). Fills run
//! in the background, a bounded number at once; anyone asking meanwhile gets the
//! account's [`AccountCoverage`] with the fill's progress.
//!
//! A fill is all or nothing: until it is written the account counts as not covered,
//! so a list shown meanwhile is never presented as complete. A failed fill says why
//! and is tried again by the next request after a pause.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use alloy_primitives::{Address, B256};
use tandem_evm::reads::ChainReader;
use tandem_evm::source::ActivitySource;
use tokio::sync::{Semaphore, watch};

use super::filters::{Topics, account_filters};
use super::listed::Listed;
use super::plan::ReadPlan;
pub use super::progress::{AccountCoverage, FillCounts, FillProgress};
use crate::IndexerError;
use crate::config::IndexerConfig;
use crate::decode::decode_transaction;
use crate::derive::Stamp;
use crate::follower::Node;
use crate::follower::state::StateReads;
use crate::rpc::failure::names_missing_state;
use crate::rpc::{BlockFetcher, FetchedBlock};
use crate::store::{
    AccountFill, Coverage, DecodedBlock, FillCommit, FillKinds, FillMethod, ReplicaStore,
};

/// Stretches the range below the start block is scanned in: progress moves by one.
const SCAN_STEPS: u64 = 20;
/// Times a fill reads the state again because the index moved on meanwhile.
const COMMIT_ATTEMPTS: u32 = 8;
/// Pause before a failed fill is tried again.
pub const RETRY_AFTER: Duration = Duration::from_secs(10);

/// One fill under way (or failed), as others see it.
#[derive(Debug)]
struct Job {
    progress: watch::Receiver<FillProgress>,
}

/// The fills of one index.
#[derive(Debug)]
pub struct Filler {
    store: Arc<dyn ReplicaStore>,
    fetcher: Arc<BlockFetcher>,
    state: StateReads,
    pub(super) reads: ChainReader,
    /// A third-party indexer whose list of an account's activity, confirmed by the
    /// chain, spares the search of every block below the start.
    activity: Option<Arc<dyn ActivitySource>>,
    wrapped_native: Vec<Address>,
    slots: Semaphore,
    jobs: Mutex<HashMap<Address, Job>>,
    started: AtomicU64,
    completed: AtomicU64,
    failed: AtomicU64,
}

/// What a fill did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Filled {
    /// It read the account's history and wrote it.
    Written,
    /// The index covered the account already: nothing to do.
    AlreadyCovered,
}

/// Whether `tx` calls `account` or one of its logs comes from or names it.
fn names(tx: &crate::rpc::FetchedTransaction, account: Address) -> bool {
    let word = account.into_word();
    tx.to == Some(account)
        || tx
            .logs
            .iter()
            .any(|log| log.address == account || log.topics.iter().skip(1).any(|t| *t == word))
}

fn stamp(block: &FetchedBlock) -> Stamp {
    Stamp {
        block: block.number,
        time_ms: block.timestamp.saturating_mul(1000),
    }
}

impl Filler {
    /// Fills of accounts in `store`, reading the node of `config` (its retries, limits
    /// and wrapped native coin), at most `max_concurrent` at once.
    ///
    /// # Errors
    /// [`IndexerError::Config`] for a bad RPC URL or settings.
    pub fn new(
        store: Arc<dyn ReplicaStore>,
        config: &IndexerConfig,
        max_concurrent: usize,
    ) -> Result<Self, IndexerError> {
        config.validate()?;
        let Node {
            fetcher,
            state,
            reads,
        } = Node::connect(config)?;
        Ok(Self {
            store,
            fetcher,
            state,
            reads,
            activity: None,
            wrapped_native: config.wrapped_native.clone(),
            slots: Semaphore::new(max_concurrent.max(1)),
            jobs: Mutex::new(HashMap::new()),
            started: AtomicU64::new(0),
            completed: AtomicU64::new(0),
            failed: AtomicU64::new(0),
        })
    }

    /// The same filler, taking an account's activity below the start from `source`'s
    /// list (each item confirmed by the chain) before searching the chain itself.
    #[must_use]
    pub fn with_activity(mut self, source: Arc<dyn ActivitySource>) -> Self {
        self.activity = Some(source);
        self
    }

    /// Fills since start, and how many run now.
    #[must_use]
    pub fn counts(&self) -> FillCounts {
        let active = self
            .jobs()
            .values()
            .filter(|job| !matches!(*job.progress.borrow(), FillProgress::Failed { .. }))
            .count() as u64;
        FillCounts {
            started: self.started.load(Ordering::Relaxed),
            completed: self.completed.load(Ordering::Relaxed),
            failed: self.failed.load(Ordering::Relaxed),
            active,
        }
    }

    fn jobs(&self) -> std::sync::MutexGuard<'_, HashMap<Address, Job>> {
        // Entries are replaced whole, so a panic elsewhere leaves the map consistent.
        self.jobs.lock().unwrap_or_else(PoisonError::into_inner)
    }

    async fn stored_coverage(&self, account: Address) -> Result<Coverage, IndexerError> {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || store.coverage(account)).await?
    }

    /// What the index holds of `account`, without starting anything.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn coverage(&self, account: Address) -> Result<AccountCoverage, IndexerError> {
        let coverage = self.stored_coverage(account).await?;
        let fill = (!coverage.is_filled())
            .then(|| {
                self.jobs()
                    .get(&account)
                    .map(|job| job.progress.borrow().clone())
            })
            .flatten();
        Ok(AccountCoverage { coverage, fill })
    }

    /// What the index holds of `account`; when that is not its whole history, a fill
    /// is started in the background (unless one runs, or failed less than
    /// [`RETRY_AFTER`] ago).
    ///
    /// # Errors
    /// When the store fails.
    pub async fn ensure(
        self: &Arc<Self>,
        account: Address,
    ) -> Result<AccountCoverage, IndexerError> {
        self.ensure_holding(account, || Some(())).await
    }

    /// As [`ensure`](Self::ensure), asking `take_slot` for a slot before a fill starts:
    /// the fill holds what it gives until it ends, and none starts while it gives
    /// nothing (the account's fill then stays queued, and a later call tries again). A
    /// server counts fills against its per-client and total caps this way. `take_slot`
    /// is called only when a fill would start, with the fills' table locked: keep it to
    /// a few atomic operations.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn ensure_holding<S: Send + 'static>(
        self: &Arc<Self>,
        account: Address,
        take_slot: impl FnOnce() -> Option<S>,
    ) -> Result<AccountCoverage, IndexerError> {
        let coverage = self.stored_coverage(account).await?;
        if coverage.is_filled() || coverage.indexed_through.is_none() {
            // Filled, or the index has not begun: nothing a fill could stand on yet.
            self.jobs().remove(&account);
            return Ok(AccountCoverage {
                coverage,
                fill: None,
            });
        }
        let progress = {
            let mut jobs = self.jobs();
            let current = jobs.get(&account).map(|job| job.progress.borrow().clone());
            let retry = match &current {
                None => true,
                Some(FillProgress::Failed { at_ms, .. }) => {
                    tandem_domain::time::now_ms().saturating_sub(*at_ms)
                        >= u64::try_from(RETRY_AFTER.as_millis()).unwrap_or(u64::MAX)
                }
                Some(_) => false,
            };
            match (retry, retry.then(take_slot).flatten()) {
                (true, Some(slot)) => {
                    let (sender, receiver) = watch::channel(FillProgress::Queued);
                    jobs.insert(account, Job { progress: receiver });
                    self.started.fetch_add(1, Ordering::Relaxed);
                    tokio::spawn(Arc::clone(self).run(account, sender, slot));
                    FillProgress::Queued
                }
                // No slot: the account waits, as a queued fill does.
                (true, None) => FillProgress::Queued,
                (false, _) => current.unwrap_or(FillProgress::Queued),
            }
        };
        Ok(AccountCoverage {
            coverage,
            fill: Some(progress),
        })
    }

    /// One background fill: waits for a slot, fills, and leaves its outcome; `_held` (the
    /// caller's slot) goes when it ends.
    async fn run<S: Send>(
        self: Arc<Self>,
        account: Address,
        progress: watch::Sender<FillProgress>,
        _held: S,
    ) {
        let outcome = match self.slots.acquire().await {
            Ok(_slot) => {
                let report = |step: FillProgress| {
                    progress.send_replace(step);
                };
                self.fill_if_needed(account, &report).await
            }
            Err(closed) => Err(IndexerError::config_caused("fill slots", closed)),
        };
        match outcome {
            Ok(Filled::Written) => {
                self.completed.fetch_add(1, Ordering::Relaxed);
                self.jobs().remove(&account);
            }
            // The caller read the coverage just before another fill of the account
            // committed and left: nothing was filled, so nothing counts as started.
            Ok(Filled::AlreadyCovered) => {
                self.started.fetch_sub(1, Ordering::Relaxed);
                self.jobs().remove(&account);
            }
            Err(error) => {
                self.failed.fetch_add(1, Ordering::Relaxed);
                let error = error.with_causes();
                tracing::warn!(%account, %error, "account fill failed; it is tried again when asked for");
                progress.send_replace(FillProgress::Failed {
                    error,
                    at_ms: tandem_domain::time::now_ms(),
                });
            }
        }
    }

    /// Fills `account` now, reporting each step; returns once it is written (or was
    /// not needed).
    ///
    /// # Errors
    /// When the node or the store fails, or the index keeps moving faster than the
    /// account's state can be read.
    pub async fn fill(
        &self,
        account: Address,
        report: &(dyn Fn(FillProgress) + Sync),
    ) -> Result<(), IndexerError> {
        self.fill_if_needed(account, report).await.map(|_| ())
    }

    /// [`fill`](Self::fill), saying whether it wrote anything.
    async fn fill_if_needed(
        &self,
        account: Address,
        report: &(dyn Fn(FillProgress) + Sync),
    ) -> Result<Filled, IndexerError> {
        let coverage = self.stored_coverage(account).await?;
        let (Some(start), Some(_)) = (coverage.index_start, coverage.indexed_through) else {
            return Err(IndexerError::Inconsistent(
                "the index has not begun yet; an account can be filled once it has".to_owned(),
            ));
        };
        if coverage.is_filled() {
            return Ok(Filled::AlreadyCovered);
        }
        let listed = match &self.activity {
            Some(source) => Some(
                self.listed_by_indexer(source.as_ref(), account, start, report)
                    .await?,
            ),
            None => None,
        };
        let (blocks, plan, method, kinds) = match listed {
            // The indexer lists sent, received and internal transactions: every kind,
            // its sent ones checked against the account's nonce.
            Some(Listed::Confirmed(blocks, plan)) => {
                (blocks, plan, FillMethod::Indexer, FillKinds::WHOLE)
            }
            other => {
                let method = match other {
                    None => FillMethod::Chain,
                    Some(Listed::Disagreed { refused, unlisted }) => {
                        FillMethod::ChainIndexerDisagreed { refused, unlisted }
                    }
                    Some(_) => FillMethod::ChainIndexerUnavailable,
                };
                let mut numbers: BTreeSet<u64> = self
                    .scan(account, start, report)
                    .await?
                    .into_iter()
                    .collect();
                let searched = self.search_state(account, start, report).await?;
                numbers.extend(searched.blocks());
                report(FillProgress::Confirming);
                let changed = searched.balance_blocks();
                let numbers: Vec<u64> = numbers.into_iter().collect();
                let none = HashSet::new();
                let (mut blocks, mut plan, _) = self
                    .account_blocks(account, numbers.clone(), &changed, &none)
                    .await?;
                // Balance changes no transaction of their block accounts for: the node's
                // traces name the transactions that moved value to or from the account
                // inside a call, where it offers them.
                let mut searched = searched;
                let unexplained = searched.unexplained(account, &blocks, &self.wrapped_native);
                if !unexplained.is_empty()
                    && let Some(causes) = self.traced_causes(account, &unexplained).await?
                {
                    (blocks, plan, _) = self
                        .account_blocks(account, numbers, &changed, &causes)
                        .await?;
                    searched.traced = causes;
                }
                let kinds = searched.kinds(account, start, &blocks, &self.wrapped_native)?;
                (blocks, plan, method, kinds)
            }
        };
        self.confirm(account, blocks, &plan, method, kinds).await?;
        Ok(Filled::Written)
    }

    /// The blocks below `start` that hold one of `account`'s events, newest stretch first.
    async fn scan(
        &self,
        account: Address,
        start: u64,
        report: &(dyn Fn(FillProgress) + Sync),
    ) -> Result<Vec<u64>, IndexerError> {
        let total = start;
        let step = total.div_ceil(SCAN_STEPS).max(1);
        let filters = account_filters(account);
        let mut found = BTreeSet::new();
        let mut scanned = 0;
        report(FillProgress::Scanning { scanned, total });
        let mut high = start;
        while high > 0 {
            let low = high.saturating_sub(step);
            let (last, first) = (high - 1, low);
            let [sender, receiver, multi, approved] = filters
                .each_ref()
                .map(|topics: &Topics| self.fetcher.blocks_with_logs(first, last, topics));
            let (sender, receiver, multi, approved) =
                tokio::try_join!(sender, receiver, multi, approved)?;
            found.extend(
                sender
                    .into_iter()
                    .chain(receiver)
                    .chain(multi)
                    .chain(approved),
            );
            scanned += high - low;
            report(FillProgress::Scanning { scanned, total });
            high = low;
        }
        Ok(found.into_iter().collect())
    }

    /// The account's transactions of `numbers`, the plan of reads their events name, and
    /// every transaction those blocks hold (the account's or not). In the blocks of
    /// `changed` (its TLOS balance changed there), calls to it and transactions whose logs
    /// name it count as its own too: one of them moved its balance; so do the
    /// transactions of `also` (named by the node's traces).
    pub(super) async fn account_blocks(
        &self,
        account: Address,
        numbers: Vec<u64>,
        changed: &BTreeSet<u64>,
        also: &HashSet<B256>,
    ) -> Result<(Vec<DecodedBlock>, ReadPlan, HashSet<(u64, B256)>), IndexerError> {
        let mut plan = ReadPlan::new(account);
        let fetched = self.fetcher.blocks(numbers).await?;
        let mut blocks = Vec::with_capacity(fetched.len());
        let mut present = HashSet::new();
        for mut block in fetched {
            let at = stamp(&block);
            let balance_moved = changed.contains(&block.number);
            present.extend(block.transactions.iter().map(|tx| (block.number, tx.hash)));
            let mut events = Vec::new();
            block.transactions.retain(|tx| {
                let decoded = decode_transaction(tx, &self.wrapped_native);
                // The kinds a fill searches for, and no others: a transaction the
                // account sent (failed ones and creations too), the creation of the
                // account, TLOS it received, or a party to one of its events. What else
                // names it (a call without value or events) is not searched below the
                // start, so keeping it when a block happens to be read would make the
                // history depend on which blocks were.
                let concerns = tx.from == account
                    || tx.contract_address == Some(account)
                    || (tx.to == Some(account) && tx.success && !tx.value.is_zero())
                    || decoded
                        .iter()
                        .any(|placed| placed.event.participants().contains(&account))
                    || (balance_moved && names(tx, account))
                    || also.contains(&tx.hash);
                if concerns {
                    for placed in &decoded {
                        plan.add(&placed.event, at);
                    }
                    events.push(decoded);
                }
                concerns
            });
            blocks.push(DecodedBlock { block, events });
        }
        Ok((blocks, plan, present))
    }

    /// Reads the account's state at the index's last block and writes the fill, again
    /// at the new last block when the index moved on meanwhile.
    async fn confirm(
        &self,
        account: Address,
        blocks: Vec<DecodedBlock>,
        plan: &ReadPlan,
        method: FillMethod,
        kinds: FillKinds,
    ) -> Result<(), IndexerError> {
        let reads = plan.reads();
        let mut fill = AccountFill {
            account,
            filled_from: 0,
            blocks,
            state: Vec::new(),
            read_at: 0,
            method,
            kinds,
        };
        for _ in 0..COMMIT_ATTEMPTS {
            let store = Arc::clone(&self.store);
            let Some(cursor) = tokio::task::spawn_blocking(move || store.cursor()).await?? else {
                return Err(IndexerError::Inconsistent(
                    "the index lost its blocks while the account was filled".to_owned(),
                ));
            };
            let answers = self
                .state
                .read(&reads, cursor.number, false, "the account's state")
                .await?;
            // A node that no longer keeps the state at the index's last block (an index
            // far behind the head) cannot confirm the fill: that is an outage, never a
            // missing piece of state.
            if let Some(Err(failure)) = answers.iter().find(
                |answer| matches!(answer, Err(failure) if names_missing_state(&failure.message)),
            ) {
                return Err(IndexerError::ReadRefused {
                    what: format!(
                        "the account's state at block {} (the index must be near the head to fill an account)",
                        cursor.number
                    ),
                    source: failure.clone(),
                });
            }
            fill.state = plan.state(
                &answers,
                Stamp {
                    block: cursor.number,
                    time_ms: cursor.timestamp.saturating_mul(1000),
                },
            );
            fill.read_at = cursor.number;
            let store = Arc::clone(&self.store);
            let (outcome, back) = tokio::task::spawn_blocking(move || {
                let outcome = store.commit_fill(&fill);
                (outcome, fill)
            })
            .await?;
            fill = back;
            if outcome? == FillCommit::Written {
                return Ok(());
            }
        }
        Err(IndexerError::Inconsistent(format!(
            "the index moved on {COMMIT_ATTEMPTS} times while the account's state was read"
        )))
    }
}
