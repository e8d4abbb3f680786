//! The concurrency cap on outbound requests (spec §7: requests to the indexer and the
//! history service are throttled to at most 5 in flight).
//!
//! The incumbent re-polls a counter every 10 ms; a semaphore gives the same cap
//! without polling, and waiting requests are served in arrival order.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A shared cap on requests in flight. Clones share one budget, so every client of
/// one upstream kind (all networks' indexer clients, say) should hold clones of the
/// same limiter.
#[derive(Debug, Clone)]
pub struct RequestLimiter {
    semaphore: Arc<Semaphore>,
    max_in_flight: usize,
}

impl RequestLimiter {
    /// Spec §9: request concurrency cap 5.
    pub const DEFAULT_MAX_IN_FLIGHT: usize = 5;

    /// A limiter allowing `max_in_flight` requests at once (at least one).
    #[must_use]
    pub fn new(max_in_flight: usize) -> Self {
        let max_in_flight = max_in_flight.max(1);
        Self {
            semaphore: Arc::new(Semaphore::new(max_in_flight)),
            max_in_flight,
        }
    }

    /// How many requests may be in flight at once.
    #[must_use]
    pub fn max_in_flight(&self) -> usize {
        self.max_in_flight
    }

    /// How many requests are in flight right now.
    #[must_use]
    pub fn in_flight(&self) -> usize {
        self.max_in_flight
            .saturating_sub(self.semaphore.available_permits())
    }

    /// Waits for a slot; the request holds the returned permit until its body is read.
    pub(crate) async fn acquire(&self) -> Option<OwnedSemaphorePermit> {
        // The semaphore is never closed, so this only fails if that changes; callers
        // then proceed unthrottled rather than failing every request.
        Arc::clone(&self.semaphore).acquire_owned().await.ok()
    }
}

impl Default for RequestLimiter {
    fn default() -> Self {
        Self::new(Self::DEFAULT_MAX_IN_FLIGHT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn clones_share_one_budget() {
        let limiter = RequestLimiter::new(2);
        let clone = limiter.clone();
        let first = limiter.acquire().await;
        let second = clone.acquire().await;
        assert_eq!(limiter.in_flight(), 2);
        assert!(first.is_some() && second.is_some());
        drop(first);
        assert_eq!(clone.in_flight(), 1);
    }

    #[test]
    fn zero_means_one() {
        assert_eq!(RequestLimiter::new(0).max_in_flight(), 1);
    }
}
