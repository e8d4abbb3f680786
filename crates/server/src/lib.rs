//! # tandem-server
//!
//! The HTTP API (`/api/v1`) and the host of the built web app. `main.rs` only wires
//! configuration, logging and signals around [`app::router`].

pub mod api;
pub mod app;
pub mod apy;
pub mod cache;
pub mod config;
pub mod error;
pub mod evm;
pub mod export;
pub mod limits;
pub mod media;
pub mod native;
pub mod networks;
pub mod ops;
pub mod prices;
mod security;
mod serve;
mod spa;
pub mod staking_yield;
pub mod state;
mod validate;

use std::net::SocketAddr;

use tokio::net::TcpListener;

pub use error::ServerError;
pub use serve::serve;

/// Binds the listening socket; a taken port fails with the address in the message.
pub async fn bind(address: SocketAddr) -> Result<TcpListener, ServerError> {
    TcpListener::bind(address)
        .await
        .map_err(|source| ServerError::Bind { address, source })
}

/// The URL to print for a bound address: an unspecified IP (0.0.0.0, ::) is reached
/// locally through loopback.
#[must_use]
pub fn local_url(address: SocketAddr) -> String {
    let ip = match address.ip() {
        ip if !ip.is_unspecified() => ip,
        std::net::IpAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
        std::net::IpAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
    };
    format!("http://{}", SocketAddr::new(ip, address.port()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_urls_point_unspecified_addresses_at_loopback() {
        let cases = [
            ("127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("0.0.0.0:80", "http://127.0.0.1:80"),
            ("[::]:9000", "http://[::1]:9000"),
            ("192.168.1.2:1", "http://192.168.1.2:1"),
        ];
        for (address, url) in cases {
            let address: SocketAddr = address.parse().expect(address);
            assert_eq!(local_url(address), url);
        }
    }
}
