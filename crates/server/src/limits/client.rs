//! Who a request's client is: the peer's address, or, when the peer is a trusted
//! reverse proxy, the address the proxy saw (from `X-Forwarded-For`).

use std::net::IpAddr;
use std::str::FromStr;

/// A client's address, as the limits count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientIp(pub IpAddr);

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

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|range| range.contains(ip))
    }

    /// The client of a request from `peer` carrying `forwarded_for` (every
    /// `X-Forwarded-For` header value, in order). Only a trusted peer's header counts, and
    /// it is read from the right: each proxy appends the address it saw, so the first
    /// hop that is not itself a trusted proxy is the client (entries further left were
    /// written by the client and prove nothing).
    #[must_use]
    pub fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> ClientIp {
        if !self.trusts(peer) {
            return ClientIp(peer);
        }
        let hops = forwarded_for
            .iter()
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .rev();
        let mut client = peer;
        for hop in hops {
            match hop.parse::<IpAddr>() {
                Ok(ip) => {
                    client = ip;
                    if !self.trusts(ip) {
                        break;
                    }
                }
                // A malformed hop ends what can be believed; the last good one stands.
                Err(_) => break,
            }
        }
        ClientIp(client)
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

    #[test]
    fn ranges_match_their_prefix() {
        let proxies = TrustedProxies::parse(["10.0.0.0/8", "::1", "192.168.1.7"]).unwrap();
        assert!(proxies.trusts(ip("10.200.3.4")));
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
        let untrusted = ip("203.0.113.9");
        assert_eq!(proxies.client(untrusted, &["1.2.3.4"]), ClientIp(untrusted));
        let proxy = ip("127.0.0.1");
        assert_eq!(proxies.client(proxy, &[]), ClientIp(proxy));
        assert_eq!(
            proxies.client(proxy, &["198.51.100.1"]),
            ClientIp(ip("198.51.100.1"))
        );
        // A client's own header is left of what the proxies appended: not believed.
        assert_eq!(
            proxies.client(proxy, &["6.6.6.6, 198.51.100.1", "10.1.1.1"]),
            ClientIp(ip("198.51.100.1"))
        );
        assert_eq!(
            proxies.client(proxy, &["junk, 198.51.100.1"]),
            ClientIp(ip("198.51.100.1"))
        );
        assert_eq!(
            proxies.client(proxy, &["198.51.100.1, junk"]),
            ClientIp(proxy)
        );
    }
}
