//! A per-client request rate: the generic cell rate algorithm (GCRA). Each client has
//! one number, the time its next request would be "on schedule"; a request is admitted
//! while that time is at most `burst` requests ahead of now. One compare-and-swap per
//! request, no queue: a client over its rate is told at once how long to wait.
//!
//! Clients live in a bounded table (moka) and are forgotten once idle longer than it
//! takes a full burst to drain, so a flood of distinct addresses cannot grow memory.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use moka::sync::Cache;

use super::ClientIp;

/// Clients tracked at once; beyond that the least recently seen are forgotten (they
/// start again with a full burst).
const MAX_CLIENTS: u64 = 100_000;

/// How long to wait before asking again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub Duration);

impl RetryAfter {
    /// Whole seconds, rounded up and at least 1 (the `Retry-After` header's unit).
    #[must_use]
    pub fn seconds(self) -> u64 {
        let whole = self.0.as_secs();
        if self.0.subsec_nanos() > 0 || whole == 0 {
            whole + 1
        } else {
            whole
        }
    }
}

/// Per-client request rates.
#[derive(Debug)]
pub struct RateLimiter {
    /// Time between requests at the sustained rate, in nanoseconds.
    interval: u64,
    /// How far ahead of now a client's schedule may run, in nanoseconds.
    tolerance: u64,
    started: Instant,
    /// Each client's schedule: nanoseconds since `started`.
    schedules: Cache<ClientIp, Arc<AtomicU64>>,
}

impl RateLimiter {
    /// `per_second` requests a second sustained, `burst` at once (at least 1 each).
    #[must_use]
    pub fn new(per_second: u32, burst: u32) -> Self {
        let interval = 1_000_000_000 / u64::from(per_second.max(1));
        let tolerance = interval.saturating_mul(u64::from(burst.max(1)));
        Self {
            interval,
            tolerance,
            started: Instant::now(),
            schedules: Cache::builder()
                .max_capacity(MAX_CLIENTS)
                .time_to_idle(Duration::from_nanos(tolerance) + Duration::from_secs(1))
                .build(),
        }
    }

    /// Counts one request of `client`.
    ///
    /// # Errors
    /// [`RetryAfter`] when admitting it would put the client more than a burst ahead.
    pub fn check(&self, client: ClientIp) -> Result<(), RetryAfter> {
        let now = u64::try_from(self.started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let schedule = self
            .schedules
            .get_with(client, || Arc::new(AtomicU64::new(now)));
        let mut current = schedule.load(Ordering::Acquire);
        loop {
            let next = current.max(now).saturating_add(self.interval);
            let ahead = next.saturating_sub(now);
            if ahead > self.tolerance {
                return Err(RetryAfter(Duration::from_nanos(ahead - self.tolerance)));
            }
            match schedule.compare_exchange_weak(current, next, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) => return Ok(()),
                Err(actual) => current = actual,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_rate_holds_and_clients_are_apart() {
        let limiter = RateLimiter::new(1, 3);
        let (alice, bob) = (
            ClientIp::Address("192.0.2.1".parse().unwrap()),
            ClientIp::Address("192.0.2.2".parse().unwrap()),
        );
        for _ in 0..3 {
            assert_eq!(limiter.check(alice), Ok(()));
        }
        let refused = limiter.check(alice).unwrap_err();
        assert!(
            refused.0 <= Duration::from_secs(1) && refused.0 > Duration::ZERO,
            "{refused:?}"
        );
        assert_eq!(refused.seconds(), 1);
        assert_eq!(
            limiter.check(bob),
            Ok(()),
            "another client has its own budget"
        );
    }

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        assert_eq!(RetryAfter(Duration::from_millis(1)).seconds(), 1);
        assert_eq!(RetryAfter(Duration::from_secs(2)).seconds(), 2);
        assert_eq!(RetryAfter(Duration::from_millis(2001)).seconds(), 3);
    }
}
