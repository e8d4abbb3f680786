//! Who a request's client is, as the limits count it: the peer's address, or, when the
//! peer is a trusted reverse proxy, the address the proxy saw (from `X-Forwarded-For`).
//!
//! Addresses are counted the way one party holds them: an IPv4-mapped IPv6 address
//! (`::ffff:a.b.c.d`, what a dual-stack socket reports) is the IPv4 client, and IPv6
//! clients are grouped by their /64 (`ipv6_prefix`), since one subscriber is handed a whole
//! /64 and may take a new address from it for every request. A trusted proxy that names no
//! usable client (no header, or a garbled hop where the client should be) is not the
//! proxy's own address — loopback, so exempt — but one shared, unidentified client.

use std::net::{IpAddr, Ipv6Addr};
use std::str::FromStr;

/// A client, as the limits count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClientIp {
    /// An address: IPv4, or an IPv6 network of `ipv6_prefix` bits (host bits zero).
    Address(IpAddr),
    /// Requests a trusted proxy forwarded without a usable client address: one client
    /// for all of them, never exempt.
    Unidentified,
}

impl ClientIp {
    /// Whether this is a loopback client (the demo, the tests, a local health check).
    #[must_use]
    pub fn is_loopback(self) -> bool {
        matches!(self, Self::Address(ip) if ip.is_loopback())
    }
}

impl std::fmt::Display for ClientIp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Address(ip) => ip.fmt(f),
            Self::Unidentified => f.write_str("(unidentified, behind a trusted proxy)"),
        }
    }
}

/// How an address becomes a client: IPv4-mapped addresses as IPv4, IPv6 by network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressGrouping {
    /// Leading bits of an IPv6 address that name its client (64: one subscriber's /64).
    pub ipv6_prefix: u8,
}

impl Default for AddressGrouping {
    fn default() -> Self {
        Self { ipv6_prefix: 64 }
    }
}

impl AddressGrouping {
    /// The client `ip` belongs to.
    #[must_use]
    pub fn client_of(self, ip: IpAddr) -> ClientIp {
        ClientIp::Address(match ip {
            IpAddr::V4(v4) => IpAddr::V4(v4),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                // Loopback stays itself (::1 is one host, not a network).
                None if v6.is_loopback() => IpAddr::V6(v6),
                None => IpAddr::V6(network(v6, self.ipv6_prefix)),
            },
        })
    }
}

fn network(ip: Ipv6Addr, prefix: u8) -> Ipv6Addr {
    let prefix = u32::from(prefix.min(128));
    let mask = u128::MAX.checked_shl(128 - prefix).unwrap_or(0);
    Ipv6Addr::from_bits(ip.to_bits() & mask)
}

/// The reverse proxies whose `X-Forwarded-For` is believed (`[limits] trusted_proxies`:
/// addresses or CIDR ranges).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpRange>);

/// One address range: an address and how many leading bits must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct IpRange {
    network: IpAddr,
    prefix: u8,
}

impl TrustedProxies {
    /// Proxies from entries such as `10.0.0.0/8`, `127.0.0.1` or `::1`.
    ///
    /// # Errors
    /// The first entry that is not an address or range.
    pub fn parse<'a>(entries: impl IntoIterator<Item = &'a str>) -> Result<Self, String> {
        entries
            .into_iter()
            .map(|entry| IpRange::from_str(entry).map_err(|()| entry.to_owned()))
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }

    /// Whether `ip` is one of the proxies (an IPv4-mapped address as its IPv4 one).
    #[must_use]
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|range| range.contains(ip))
    }

    /// The client of a request from `peer` carrying `forwarded_for` (every
    /// `X-Forwarded-For` header value, in order), grouped by `grouping`. Only a trusted
    /// peer's header counts, and it is read from the right: each proxy appends the address
    /// it saw, so the first hop that is not itself a trusted proxy is the client (entries
    /// further left were written by the client and prove nothing). A trusted peer whose
    /// header names no such hop — none at all, or a garbled entry before one is found —
    /// forwarded a client it could not name: [`ClientIp::Unidentified`].
    #[must_use]
    pub fn client(
        &self,
        peer: IpAddr,
        forwarded_for: &[&str],
        grouping: AddressGrouping,
    ) -> ClientIp {
        if !self.trusts(peer) {
            return grouping.client_of(peer);
        }
        let hops = forwarded_for
            .iter()
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .rev();
        for hop in hops {
            match hop.parse::<IpAddr>() {
                Ok(ip) if self.trusts(ip) => {}
                Ok(ip) => return grouping.client_of(ip),
                Err(_) => return ClientIp::Unidentified,
            }
        }
        ClientIp::Unidentified
    }
}

impl FromStr for IpRange {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        let (address, prefix) = match text.trim().split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text.trim(), None),
        };
        let network: IpAddr = address.parse().map_err(|_| ())?;
        let bits = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(prefix) => prefix.parse::<u8>().map_err(|_| ())?,
            None => bits,
        };
        if prefix > bits {
            return Err(());
        }
        Ok(Self { network, prefix })
    }
}

impl IpRange {
    fn contains(&self, ip: IpAddr) -> bool {
        let (network, ip, bits) = match (self.network, ip) {
            (IpAddr::V4(network), IpAddr::V4(ip)) => {
                (u128::from(network.to_bits()), u128::from(ip.to_bits()), 32)
            }
            (IpAddr::V6(network), IpAddr::V6(ip)) => (network.to_bits(), ip.to_bits(), 128),
            _ => return false,
        };
        let shift = bits - u32::from(self.prefix);
        shift >= bits || (network >> shift) == (ip >> shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn client(proxies: &TrustedProxies, peer: &str, forwarded: &[&str]) -> ClientIp {
        proxies.client(ip(peer), forwarded, AddressGrouping::default())
    }

    #[test]
    fn ranges_match_their_prefix() {
        let proxies = TrustedProxies::parse(["10.0.0.0/8", "::1", "192.168.1.7"]).unwrap();
        assert!(proxies.trusts(ip("10.200.3.4")));
        assert!(
            proxies.trusts(ip("::ffff:10.200.3.4")),
            "an IPv4-mapped proxy"
        );
        assert!(!proxies.trusts(ip("11.0.0.1")));
        assert!(proxies.trusts(ip("::1")));
        assert!(proxies.trusts(ip("192.168.1.7")));
        assert!(!proxies.trusts(ip("192.168.1.8")));
        assert!(
            TrustedProxies::parse(["0.0.0.0/0"])
                .unwrap()
                .trusts(ip("8.8.8.8"))
        );
        for bad in ["10.0.0.0/33", "proxy", "10.0.0.0/x", ""] {
            assert_eq!(TrustedProxies::parse([bad]), Err(bad.to_owned()));
        }
    }

    #[test]
    fn only_a_trusted_peer_names_the_client() {
        let proxies = TrustedProxies::parse(["127.0.0.1", "10.0.0.0/8"]).unwrap();
        let at = |text| ClientIp::Address(ip(text));
        assert_eq!(
            client(&proxies, "203.0.113.9", &["1.2.3.4"]),
            at("203.0.113.9")
        );
        assert_eq!(
            client(&proxies, "127.0.0.1", &["198.51.100.1"]),
            at("198.51.100.1")
        );
        // A client's own header is left of what the proxies appended: not believed.
        assert_eq!(
            client(
                &proxies,
                "127.0.0.1",
                &["6.6.6.6, 198.51.100.1", "10.1.1.1"]
            ),
            at("198.51.100.1")
        );
        assert_eq!(
            client(&proxies, "127.0.0.1", &["junk, 198.51.100.1"]),
            at("198.51.100.1")
        );
    }

    #[test]
    fn a_trusted_proxy_without_a_usable_hop_is_one_unidentified_client_never_itself() {
        let proxies = TrustedProxies::parse(["127.0.0.1", "10.0.0.0/8"]).unwrap();
        for forwarded in [
            &[][..],
            &["198.51.100.1, junk"],
            &["10.1.1.1"],
            &[""],
            &["unknown"],
        ] {
            let found = client(&proxies, "127.0.0.1", forwarded);
            assert_eq!(found, ClientIp::Unidentified, "{forwarded:?}");
            assert!(!found.is_loopback(), "never the exempt proxy");
        }
    }

    #[test]
    fn ipv6_clients_are_their_64_and_mapped_addresses_their_ipv4() {
        let proxies = TrustedProxies::default();
        assert_eq!(
            client(&proxies, "2001:db8:1:2:aaaa::1", &[]),
            client(&proxies, "2001:db8:1:2:ffff:1:2:3", &[]),
            "one /64, one client"
        );
        assert_ne!(
            client(&proxies, "2001:db8:1:2::1", &[]),
            client(&proxies, "2001:db8:1:3::1", &[])
        );
        assert_eq!(
            client(&proxies, "::ffff:198.51.100.7", &[]),
            ClientIp::Address(ip("198.51.100.7"))
        );
        assert!(client(&proxies, "::1", &[]).is_loopback());
        let wide = AddressGrouping { ipv6_prefix: 48 };
        assert_eq!(
            wide.client_of(ip("2001:db8:1:2::1")),
            wide.client_of(ip("2001:db8:1:ffff::1"))
        );
        let exact = AddressGrouping { ipv6_prefix: 128 };
        assert_ne!(
            exact.client_of(ip("2001:db8::1")),
            exact.client_of(ip("2001:db8::2"))
        );
    }
}
