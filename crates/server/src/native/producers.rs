//! The block producers (spec §7 `get_producers`, `get_producer_schedule`): every
//! registered producer in vote order, and which of them produce in the active schedule.
//! Read at most once a minute per network.

use std::sync::Arc;
use std::time::Duration;

use tandem_antelope::chain::types::Producer;

use crate::cache::Lifetimes;
use crate::error::ServiceError;

use super::NativeNetwork;

/// Spec §7: `get_producers` with `limit 10000`.
const PRODUCERS_LIMIT: u32 = 10_000;

/// Pages followed at most: a node that stops every page early still ends the read.
const PRODUCER_PAGES: usize = 20;

/// A minute: votes move slowly, schedules change every few minutes at most.
pub(super) const PRODUCERS_LIFETIMES: Lifetimes = Lifetimes {
    answer: Duration::from_secs(60),
    failure: Duration::from_secs(15),
};

/// One registered producer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProducerFacts {
    /// The account.
    pub owner: String,
    /// Its vote weight, decimal text as the chain gives it.
    pub total_votes: String,
    /// Its website.
    pub url: String,
    /// Whether it is registered as active.
    pub is_active: bool,
    /// Whether it produces in the active schedule.
    pub scheduled: bool,
}

/// The producers and the active schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProducerList {
    /// In vote order (the chain's order).
    pub producers: Vec<ProducerFacts>,
    /// The active schedule's version.
    pub schedule_version: u32,
    /// The active schedule's producers, in order.
    pub schedule: Vec<String>,
}

crate::cache::weigh_by_debug!(ProducerList);

impl NativeNetwork {
    /// The registered producers and the active schedule.
    ///
    /// # Errors
    /// The chain not answering.
    pub async fn producers(&self) -> Result<Arc<ProducerList>, ServiceError> {
        self.producers
            .get_or_fetch((), || async {
                let (producers, schedule) =
                    tokio::join!(self.all_producers(), self.chain.get_producer_schedule());
                let (producers, schedule) = (producers?, schedule?);
                let scheduled: Vec<String> = schedule
                    .active
                    .producers
                    .into_iter()
                    .map(|p| p.producer_name)
                    .collect();
                Ok(Arc::new(ProducerList {
                    producers: producers
                        .into_iter()
                        .map(|row| ProducerFacts {
                            scheduled: scheduled.contains(&row.owner),
                            is_active: row.is_active.is_some_and(|flag| flag != 0),
                            owner: row.owner,
                            total_votes: row.total_votes,
                            url: row.url,
                        })
                        .collect(),
                    schedule_version: schedule.active.version,
                    schedule: scheduled,
                }))
            })
            .await
    }

    /// Every registered producer up to spec §7's limit, following the node's `more` when it
    /// stops a page early (its time limit): a busy node must not shorten the list for a minute.
    async fn all_producers(&self) -> Result<Vec<Producer>, ServiceError> {
        let mut rows = Vec::new();
        let mut lower_bound: Option<String> = None;
        for _ in 0..PRODUCER_PAGES {
            let remaining =
                PRODUCERS_LIMIT.saturating_sub(u32::try_from(rows.len()).unwrap_or(u32::MAX));
            if remaining == 0 {
                break;
            }
            let page = self
                .chain
                .get_producers(remaining, lower_bound.as_deref())
                .await?;
            rows.extend(page.rows);
            if page.more.is_empty() {
                break;
            }
            lower_bound = Some(page.more);
        }
        Ok(rows)
    }
}
