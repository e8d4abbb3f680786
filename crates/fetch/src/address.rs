//! Which addresses a fetch on a stranger's say-so may connect to: public unicast ones only.
//! Everything that reaches the server's own host, its network or a cloud's metadata service
//! is refused — loopback, RFC 1918 and the other private and shared ranges, link-local
//! (169.254.169.254), CGNAT, IPv6 unique-local and link-local, multicast, `0.0.0.0` and
//! the unspecified `::` — and so are the IPv6 forms that carry an IPv4 address inside
//! (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`,
//! 6to4 `2002::/16`), judged by the address they carry, since a host or a gateway may
//! hand them to IPv4.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Whether `ip` is a public unicast address a fetch may connect to.
#[must_use]
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

/// IPv4 ranges that are not the public internet (IANA's special-purpose registry).
const NON_PUBLIC_V4: &[(u32, u8)] = &[
    (0x0000_0000, 8),  // 0.0.0.0/8 "this network", 0.0.0.0 itself
    (0x0a00_0000, 8),  // 10.0.0.0/8 private
    (0x6440_0000, 10), // 100.64.0.0/10 shared address space (CGNAT)
    (0x7f00_0000, 8),  // 127.0.0.0/8 loopback
    (0xa9fe_0000, 16), // 169.254.0.0/16 link-local (cloud metadata services)
    (0xac10_0000, 12), // 172.16.0.0/12 private
    (0xc000_0000, 24), // 192.0.0.0/24 IETF protocol assignments
    (0xc000_0200, 24), // 192.0.2.0/24 documentation
    (0xc058_6300, 24), // 192.88.99.0/24 6to4 relay anycast
    (0xc0a8_0000, 16), // 192.168.0.0/16 private
    (0xc612_0000, 15), // 198.18.0.0/15 benchmarking
    (0xc633_6400, 24), // 198.51.100.0/24 documentation
    (0xcb00_7100, 24), // 203.0.113.0/24 documentation
    (0xe000_0000, 4),  // 224.0.0.0/4 multicast
    (0xf000_0000, 4),  // 240.0.0.0/4 reserved, 255.255.255.255 broadcast
];

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let bits = ip.to_bits();
    !NON_PUBLIC_V4
        .iter()
        .any(|&(network, prefix)| bits >> (32 - prefix) == network >> (32 - prefix))
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return is_public_v4(v4);
    }
    let bits = ip.to_bits();
    let within = |network: u128, prefix: u32| bits >> (128 - prefix) == network >> (128 - prefix);
    let non_public = [
        (0, 96),                                     // ::/96 unspecified, loopback, IPv4-compatible
        (0x0064_ff9b_0001 << 80, 48),                // 64:ff9b:1::/48 local-use NAT64
        (0x0100 << 112, 64),                         // 100::/64 discard
        (0x2001 << 112, 23), // 2001::/23 IETF protocol assignments (Teredo, …)
        ((0x2001_u128 << 112) | (0x0db8 << 96), 32), // 2001:db8::/32 documentation
        (0xfc00 << 112, 7),  // fc00::/7 unique local
        (0xfe80 << 112, 10), // fe80::/10 link-local
        (0xfec0 << 112, 10), // fec0::/10 site-local (deprecated)
        (0xff00 << 112, 8),  // ff00::/8 multicast
    ];
    !non_public
        .iter()
        .any(|&(network, prefix)| within(network, prefix))
}

/// The IPv4 address an IPv6 address stands for, where it carries one: IPv4-mapped
/// (`::ffff:0:0/96`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`, bits 16–47).
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return Some(v4);
    }
    let bits = ip.to_bits();
    let low32 = |value: u128| Ipv4Addr::from_bits((value & 0xffff_ffff) as u32);
    if bits >> 32 == 0x0064_ff9b_u128 << 64 {
        return Some(low32(bits));
    }
    if bits >> 112 == 0x2002 {
        return Some(low32(bits >> 80));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn public(text: &str) -> bool {
        is_public(text.parse().unwrap())
    }

    #[test]
    fn internal_addresses_are_refused_in_every_form() {
        for internal in [
            "127.0.0.1",
            "127.255.255.254",
            "10.0.0.1",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "100.127.255.255",
            "0.0.0.0",
            "0.1.2.3",
            "224.0.0.1",
            "239.255.255.250",
            "255.255.255.255",
            "240.0.0.1",
            "192.0.2.10",
            "198.18.0.1",
            "::1",
            "::",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::a00:1",
            "64:ff9b:1::1",
            "2002:7f00:1::1",
            "2002:a9fe:a9fe::1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
            "2001::1",
            "100::1",
        ] {
            assert!(!public(internal), "{internal} must be refused");
        }
    }

    #[test]
    fn public_addresses_pass() {
        for outside in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "172.32.0.1",
            "100.128.0.1",
            "169.255.0.1",
            "11.0.0.1",
            "2606:4700:4700::1111",
            "2a00:1450:4001:80b::200e",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
        ] {
            assert!(public(outside), "{outside} must pass");
        }
    }
}
