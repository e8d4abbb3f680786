//! Abuse limits for a public deployment (`[limits]`): who the client is ([`client`]),
//! a request rate per client ([`rate`]), caps on concurrent expensive work per client
//! and in total ([`gate`]), and on a client's open connections, with the time limits
//! every connection and request is held to ([`Timeouts`], applied by `crate::serve`). Every check is a few atomic operations on a bounded
//! table and happens before any work, so a flood from one client is turned away without
//! slowing the others; the HTTP side (429 with `Retry-After` and the JSON error body) is
//! `api/limits.rs`.

pub mod client;
pub mod gate;
pub mod rate;

use std::net::IpAddr;
use std::time::Duration;

pub use client::{AddressGrouping, ClientIp, TrustedProxies};
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
    /// How addresses become clients (IPv6 by network).
    pub grouping: AddressGrouping,
    /// Connections one peer address (grouped) may hold open at once; more are closed as
    /// they arrive. Trusted proxies are not held to it.
    pub connections_per_client: u32,
    /// Connections open at once in all.
    pub connections_total: u32,
    /// The time limits of connections and requests.
    pub timeouts: Timeouts,
}

/// How long a connection or request may take (`[limits]` `*_timeout_seconds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// To send a request's headers, and for an idle kept-alive connection to send the
    /// next request's: past it the connection is closed.
    pub header: Duration,
    /// The longest wait for the next bytes of a request's body.
    pub body: Duration,
    /// To answer a request (streamed exports: to send their head).
    pub request: Duration,
    /// A streamed export's whole body.
    pub export: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Self {
            header: Duration::from_secs(10),
            body: Duration::from_secs(10),
            request: Duration::from_secs(30),
            export: Duration::from_secs(600),
        }
    }
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
            grouping: AddressGrouping::default(),
            connections_per_client: 64,
            connections_total: 1024,
            timeouts: Timeouts::default(),
        }
    }
}

/// The limits of this server, shared by every request.
#[derive(Debug)]
pub struct Limits {
    config: LimitsConfig,
    rate: Option<RateLimiter>,
    gate: ExpensiveGate,
    connections: ExpensiveGate,
}

impl Limits {
    /// Limits as configured.
    #[must_use]
    pub fn new(config: LimitsConfig) -> Self {
        let rate = (config.requests_per_second > 0)
            .then(|| RateLimiter::new(config.requests_per_second, config.burst));
        let gate = ExpensiveGate::new(config.expensive_per_client, config.expensive_total);
        let connections = ExpensiveGate::counting(
            config.connections_per_client,
            config.connections_total,
            "tandem_connections_open",
        );
        Self {
            config,
            rate,
            gate,
            connections,
        }
    }

    /// The client behind a request from `peer` with these `X-Forwarded-For` values.
    #[must_use]
    pub fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> ClientIp {
        self.config
            .trusted_proxies
            .client(peer, forwarded_for, self.config.grouping)
    }

    /// Whether `client` is held to the limits (an unidentified client always is).
    #[must_use]
    pub fn applies_to(&self, client: ClientIp) -> bool {
        !(self.config.exempt_loopback && client.is_loopback())
    }

    /// Counts one request of `client`.
    ///
    /// # Errors
    /// [`RetryAfter`] when the client is over its rate.
    pub fn admit(&self, client: ClientIp) -> Result<(), RetryAfter> {
        match &self.rate {
            Some(rate) if self.applies_to(client) => rate.check(client),
            _ => Ok(()),
        }
    }

    /// A slot for one connection from `peer`, held while it is open (`None`: a trusted
    /// proxy, which carries many clients, or an exempt loopback peer).
    ///
    /// # Errors
    /// [`Busy`] when the peer, or the server as a whole, has as many open as allowed.
    pub fn connection(&self, peer: IpAddr) -> Result<Option<ExpensivePermit>, Busy> {
        if self.config.trusted_proxies.trusts(peer) {
            return Ok(None);
        }
        let client = self.config.grouping.client_of(peer);
        if !self.applies_to(client) {
            return Ok(None);
        }
        self.connections.try_acquire(client).map(Some)
    }

    /// A slot for one expensive operation of `client` (`None` for an exempt client, or
    /// one that is not known: a request that did not come over the network).
    ///
    /// # Errors
    /// [`Busy`] when the client, or the server as a whole, has as many running as allowed.
    pub fn expensive(&self, client: Option<ClientIp>) -> Result<Option<ExpensivePermit>, Busy> {
        match client {
            Some(client) if self.applies_to(client) => self.gate.try_acquire(client).map(Some),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits::new(LimitsConfig {
            requests_per_second: 1,
            burst: 2,
            ..LimitsConfig::default()
        })
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn two_addresses_of_one_ipv6_64_share_a_budget() {
        let limits = limits();
        let first = limits.client(ip("2001:db8:7:1::1"), &[]);
        let second = limits.client(ip("2001:db8:7:1:ffff:ffff:ffff:fffe"), &[]);
        assert_eq!(limits.admit(first), Ok(()));
        assert_eq!(limits.admit(second), Ok(()));
        assert!(limits.admit(first).is_err(), "the /64's burst is spent");
        assert!(limits.admit(second).is_err());
        let neighbour = limits.client(ip("2001:db8:7:2::1"), &[]);
        assert_eq!(
            limits.admit(neighbour),
            Ok(()),
            "another /64 is another client"
        );
    }

    #[test]
    fn an_ipv4_mapped_address_is_the_ipv4_client() {
        let limits = limits();
        let mapped = limits.client(ip("::ffff:198.51.100.20"), &[]);
        let plain = limits.client(ip("198.51.100.20"), &[]);
        assert_eq!(mapped, plain);
        assert_eq!(limits.admit(mapped), Ok(()));
        assert_eq!(limits.admit(plain), Ok(()));
        assert!(limits.admit(mapped).is_err());
        // A mapped loopback address is loopback, and exempt like it.
        assert!(!limits.applies_to(limits.client(ip("::ffff:127.0.0.1"), &[])));
    }

    #[test]
    fn connections_are_capped_per_address_but_not_for_a_trusted_proxy() {
        let limits = Limits::new(LimitsConfig {
            connections_per_client: 2,
            exempt_loopback: false,
            trusted_proxies: TrustedProxies::parse(["10.0.0.1"]).unwrap(),
            ..LimitsConfig::default()
        });
        let held: Vec<_> = (0..2)
            .map(|_| limits.connection(ip("198.51.100.1")).unwrap())
            .collect();
        assert_eq!(
            limits.connection(ip("198.51.100.1")).unwrap_err(),
            Busy::Client
        );
        assert!(
            limits.connection(ip("::ffff:198.51.100.1")).is_err(),
            "the same client"
        );
        assert!(limits.connection(ip("198.51.100.2")).is_ok());
        for _ in 0..10 {
            assert!(limits.connection(ip("10.0.0.1")).unwrap().is_none());
        }
        drop(held);
        assert!(
            limits.connection(ip("198.51.100.1")).is_ok(),
            "slots come back"
        );
    }
}
