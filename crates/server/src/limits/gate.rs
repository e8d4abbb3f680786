//! [`ExpensiveGate`]: caps on expensive operations running at once (on-demand account
//! fills, the heaviest uncached reads, exports), per client and in total. A caller over
//! either cap is refused at once rather than queued, so one client's pile of slow
//! requests never holds up another client's. The same gate counts open connections
//! per client ([`ExpensiveGate::counting`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::ClientIp;

/// Why an expensive operation was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Busy {
    /// This client already runs as many as one client may.
    Client,
    /// The server runs as many as it allows in total.
    Server,
}

/// Running expensive operations, by client.
#[derive(Debug, Clone)]
pub struct ExpensiveGate {
    inner: Arc<GateInner>,
}

#[derive(Debug)]
struct GateInner {
    per_client: usize,
    total: usize,
    /// The gauge of what is running.
    gauge: &'static str,
    running: Mutex<Running>,
}

#[derive(Debug, Default)]
struct Running {
    total: usize,
    /// Only clients with something running (so the map is bounded by `total`).
    by_client: HashMap<ClientIp, usize>,
}

/// One running expensive operation; dropping it frees its slot.
#[derive(Debug)]
#[must_use = "the slot is freed when the permit is dropped"]
pub struct ExpensivePermit {
    gate: Arc<GateInner>,
    client: ClientIp,
}

impl ExpensiveGate {
    /// At most `per_client` per client and `total` in all (each at least 1).
    #[must_use]
    pub fn new(per_client: u32, total: u32) -> Self {
        Self::counting(per_client, total, "tandem_expensive_in_flight")
    }

    /// The same caps, what runs counted in the gauge `gauge`.
    #[must_use]
    pub fn counting(per_client: u32, total: u32, gauge: &'static str) -> Self {
        let size = |n: u32| usize::try_from(n.max(1)).unwrap_or(usize::MAX);
        Self {
            inner: Arc::new(GateInner {
                per_client: size(per_client),
                total: size(total),
                gauge,
                running: Mutex::new(Running::default()),
            }),
        }
    }

    /// A slot for `client`.
    ///
    /// # Errors
    /// [`Busy`] when the client or the server is at its cap.
    pub fn try_acquire(&self, client: ClientIp) -> Result<ExpensivePermit, Busy> {
        let mut running = self.inner.lock();
        let mine = running.by_client.get(&client).copied().unwrap_or(0);
        if mine >= self.inner.per_client {
            return Err(Busy::Client);
        }
        if running.total >= self.inner.total {
            return Err(Busy::Server);
        }
        running.total += 1;
        running.by_client.insert(client, mine + 1);
        metrics::gauge!(self.inner.gauge).increment(1.0);
        Ok(ExpensivePermit {
            gate: Arc::clone(&self.inner),
            client,
        })
    }

    /// Operations running now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.inner.lock().total
    }
}

impl GateInner {
    fn lock(&self) -> MutexGuard<'_, Running> {
        // Counts are updated whole under the lock; a panic elsewhere leaves them valid.
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for ExpensivePermit {
    fn drop(&mut self) {
        let mut running = self.gate.lock();
        running.total = running.total.saturating_sub(1);
        if let Some(count) = running.by_client.get_mut(&self.client) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                running.by_client.remove(&self.client);
            }
        }
        metrics::gauge!(self.gate.gauge).decrement(1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_hold_per_client_and_in_total_and_slots_come_back() {
        let gate = ExpensiveGate::new(2, 3);
        let (a, b) = (
            ClientIp::Address("192.0.2.1".parse().unwrap()),
            ClientIp::Unidentified,
        );
        let first = gate.try_acquire(a).unwrap();
        let _second = gate.try_acquire(a).unwrap();
        assert_eq!(gate.try_acquire(a).unwrap_err(), Busy::Client);
        let _third = gate.try_acquire(b).unwrap();
        assert_eq!(gate.try_acquire(b).unwrap_err(), Busy::Server);
        drop(first);
        assert_eq!(gate.running(), 2);
        assert!(gate.try_acquire(b).is_ok(), "a freed slot is reused");
    }
}
