//! Abuse limits for a public deployment (`[limits]`): who the client is ([`client`]),
//! a request rate per client ([`rate`]), and caps on concurrent expensive work per
//! client and in total ([`gate`]). Every check is a few atomic operations on a bounded
//! table and happens before any work, so a flood from one client is turned away without
//! slowing the others; the HTTP side (429 with `Retry-After` and the JSON error body) is
//! `api/limits.rs`.

pub mod client;
pub mod gate;
pub mod rate;

use std::net::IpAddr;

pub use client::{ClientIp, TrustedProxies};
pub use gate::{Busy, ExpensiveGate, ExpensivePermit};
pub use rate::{RateLimiter, RetryAfter};

/// The `[limits]` settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitsConfig {
    /// Requests per second one client may sustain on `/api`; 0 switches the limit off.
    pub requests_per_second: u32,
    /// Requests one client may send at once above that rate.
    pub burst: u32,
    /// Peers whose `X-Forwarded-For` names the client (a reverse proxy in front).
    pub trusted_proxies: TrustedProxies,
    /// Whether clients on loopback (the demo, the tests, the benches, a health check on
    /// the same host) are exempt from every limit.
    pub exempt_loopback: bool,
    /// Expensive operations one client may have running at once.
    pub expensive_per_client: u32,
    /// Expensive operations running at once, all clients together.
    pub expensive_total: u32,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        Self {
            requests_per_second: 20,
            burst: 60,
            trusted_proxies: TrustedProxies::default(),
            exempt_loopback: true,
            expensive_per_client: 8,
            expensive_total: 64,
        }
    }
}

/// The limits of this server, shared by every request.
#[derive(Debug)]
pub struct Limits {
    config: LimitsConfig,
    rate: Option<RateLimiter>,
    gate: ExpensiveGate,
}

impl Limits {
    /// Limits as configured.
    #[must_use]
    pub fn new(config: LimitsConfig) -> Self {
        let rate = (config.requests_per_second > 0)
            .then(|| RateLimiter::new(config.requests_per_second, config.burst));
        let gate = ExpensiveGate::new(config.expensive_per_client, config.expensive_total);
        Self { config, rate, gate }
    }

    /// The client behind a request from `peer` with these `X-Forwarded-For` values.
    #[must_use]
    pub fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> ClientIp {
        self.config.trusted_proxies.client(peer, forwarded_for)
    }

    /// Whether `client` is held to the limits.
    #[must_use]
    pub fn applies_to(&self, client: ClientIp) -> bool {
        !(self.config.exempt_loopback && client.0.is_loopback())
    }

    /// Counts one request of `client`.
    ///
    /// # Errors
    /// [`RetryAfter`] when the client is over its rate.
    pub fn admit(&self, client: ClientIp) -> Result<(), RetryAfter> {
        match &self.rate {
            Some(rate) if self.applies_to(client) => rate.check(client.0),
            _ => Ok(()),
        }
    }

    /// A slot for one expensive operation of `client` (`None` for an exempt client, or
    /// one that is not known: a request that did not come over the network).
    ///
    /// # Errors
    /// [`Busy`] when the client, or the server as a whole, has as many running as allowed.
    pub fn expensive(&self, client: Option<ClientIp>) -> Result<Option<ExpensivePermit>, Busy> {
        match client {
            Some(client) if self.applies_to(client) => self.gate.try_acquire(client.0).map(Some),
            _ => Ok(None),
        }
    }

    /// The configuration in force.
    #[must_use]
    pub fn config(&self) -> &LimitsConfig {
        &self.config
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::new(LimitsConfig::default())
    }
}
