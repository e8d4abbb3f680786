//! Checks shared by the config file and the devnet manifest: URLs and EVM addresses,
//! each failing with the name of the field that held the bad value.

use tandem_domain::network::RpcEndpoint;
use url::Url;

use crate::error::ServerError;

/// An absolute `http` or `https` URL with a host.
pub fn http_url(field: &str, value: &str) -> Result<Url, ServerError> {
    let invalid = |reason: String| ServerError::InvalidUrl {
        field: field.to_owned(),
        value: value.to_owned(),
        reason,
    };
    let url = Url::parse(value).map_err(|error| invalid(error.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid(format!(
            "scheme '{}' is not http or https",
            url.scheme()
        )));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(invalid("no host".to_owned()));
    }
    Ok(url)
}

/// The URL as text without the trailing slash `Url` adds to a bare host, so
/// callers can append paths (`{endpoint}/v1/health`).
pub fn http_url_text(field: &str, value: &str) -> Result<String, ServerError> {
    let url = http_url(field, value)?;
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

/// An RPC endpoint split into protocol, host, port and path.
pub fn rpc_endpoint(field: &str, value: &str) -> Result<RpcEndpoint, ServerError> {
    let url = http_url(field, value)?;
    Ok(RpcEndpoint {
        protocol: url.scheme().to_owned(),
        host: url.host_str().unwrap_or_default().to_owned(),
        port: url.port_or_known_default().unwrap_or(443),
        path: url.path().to_owned(),
    })
}

/// A WalletConnect cloud project id: 32 hexadecimal characters. It ends up in the
/// page (the browser sends it to the relay), so anything else is refused here rather
/// than leaking a mistyped secret or breaking every pairing.
pub fn wallet_connect_project_id(field: &str, value: &str) -> Result<String, ServerError> {
    if value.len() == 32 && value.chars().all(|c| c.is_ascii_hexdigit()) {
        Ok(value.to_owned())
    } else {
        Err(ServerError::InvalidProjectId {
            field: field.to_owned(),
            value: value.to_owned(),
        })
    }
}

/// `0x` followed by 40 hex digits; the text is kept as written (checksummed or not).
pub fn evm_address(field: &str, value: &str) -> Result<String, ServerError> {
    let valid = value
        .strip_prefix("0x")
        .is_some_and(|hex| hex.len() == 40 && hex.chars().all(|c| c.is_ascii_hexdigit()));
    if valid {
        Ok(value.to_owned())
    } else {
        Err(ServerError::InvalidAddress {
            field: field.to_owned(),
            value: value.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_urls_must_be_absolute_web_urls() {
        assert!(http_url("f", "https://rpc.telos.net").is_ok());
        assert!(http_url("f", "http://127.0.0.1:8545/evm").is_ok());
        for bad in ["rpc.telos.net", "ftp://x.example", "", "https://"] {
            let error = http_url("networks.telos.rpc_endpoint", bad).expect_err(bad);
            let message = error.to_string();
            assert!(
                message.starts_with("networks.telos.rpc_endpoint: "),
                "{message}"
            );
        }
    }

    #[test]
    fn url_text_drops_the_trailing_root_slash_only() {
        assert_eq!(
            http_url_text("f", "https://api.teloscan.io/").expect("valid"),
            "https://api.teloscan.io"
        );
        assert_eq!(
            http_url_text("f", "https://api.telos.net/v1").expect("valid"),
            "https://api.telos.net/v1"
        );
    }

    #[test]
    fn rpc_endpoints_fill_in_the_default_port() {
        let cases = [
            (
                "https://rpc.telos.net",
                ("https", "rpc.telos.net", 443, "/"),
            ),
            ("http://127.0.0.1:8545", ("http", "127.0.0.1", 8545, "/")),
            (
                "http://node.example/evm",
                ("http", "node.example", 80, "/evm"),
            ),
        ];
        for (url, (protocol, host, port, path)) in cases {
            let endpoint = rpc_endpoint("f", url).expect(url);
            assert_eq!(endpoint.protocol, protocol);
            assert_eq!(endpoint.host, host);
            assert_eq!(endpoint.port, port);
            assert_eq!(endpoint.path, path);
        }
    }

    #[test]
    fn evm_addresses_are_0x_and_forty_hex_digits() {
        let good = "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E";
        assert_eq!(evm_address("f", good).expect("valid"), good);
        for bad in [
            "D102cE6A4dB07D247fcc28F366A623Df0938CA9E",
            "0xD102cE6A4dB07D247fcc28F366A623Df0938CA9",
            "0xZ102cE6A4dB07D247fcc28F366A623Df0938CA9E",
        ] {
            let message = evm_address("contracts.WTLOS", bad)
                .expect_err(bad)
                .to_string();
            assert!(message.starts_with("contracts.WTLOS: "), "{message}");
        }
    }
}
