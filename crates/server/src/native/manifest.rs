//! The native devnet's manifest (devnet/native/README.md): the few facts the server needs
//! to serve `telos-native-devnet`. Accounts, keys and seeded facts are for the tests.

use std::path::Path;

use serde::Deserialize;
use tandem_domain::network::{NativeDevnetSettings, NetworkName};

use crate::error::ServerError;
use crate::validate;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct NativeManifest {
    network: String,
    chain_id: String,
    rpc_url: String,
    history_url: String,
    sponsor_url: String,
    #[serde(default)]
    token_list_url: Option<String>,
    #[serde(default)]
    product_api_url: Option<String>,
}

/// Reads and checks the native devnet manifest.
pub fn read_native_devnet_manifest(path: &Path) -> Result<NativeDevnetSettings, ServerError> {
    let text = std::fs::read_to_string(path).map_err(|source| ServerError::ManifestRead {
        path: path.to_owned(),
        source,
    })?;
    parse(&text).map_err(|reason| ServerError::ManifestInvalid {
        path: path.to_owned(),
        reason,
    })
}

fn parse(text: &str) -> Result<NativeDevnetSettings, String> {
    let manifest: NativeManifest = serde_json::from_str(text).map_err(|error| error.to_string())?;
    let expected = NetworkName::TelosNativeDevnet.as_str();
    if manifest.network != expected {
        return Err(format!(
            "network: '{}' is not '{expected}'",
            manifest.network
        ));
    }
    let is_chain_id =
        manifest.chain_id.len() == 64 && manifest.chain_id.bytes().all(|b| b.is_ascii_hexdigit());
    if !is_chain_id {
        return Err(format!(
            "chainId: '{}' is not 64 hex digits",
            manifest.chain_id
        ));
    }
    let checked = || -> Result<NativeDevnetSettings, ServerError> {
        Ok(NativeDevnetSettings {
            chain_id: manifest.chain_id.to_ascii_lowercase(),
            rpc_endpoint: validate::rpc_endpoint("rpcUrl", &manifest.rpc_url)?,
            history_endpoint: validate::http_url_text("historyUrl", &manifest.history_url)?,
            fuel_rpc: validate::http_url_text("sponsorUrl", &manifest.sponsor_url)?,
            token_list_url: manifest
                .token_list_url
                .as_deref()
                .map(|url| validate::http_url_text("tokenListUrl", url))
                .transpose()?,
            api_endpoint: manifest
                .product_api_url
                .as_deref()
                .map(|url| validate::http_url_text("productApiUrl", url))
                .transpose()?,
        })
    };
    checked().map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest(network: &str, chain_id: &str, rpc: &str) -> String {
        serde_json::json!({
            "version": 1, "network": network, "chainId": chain_id, "rpcUrl": rpc,
            "historyUrl": "http://127.0.0.1:8888", "sponsorUrl": "http://127.0.0.1:8888/fuel",
            "accounts": [], "seeded": {}
        })
        .to_string()
    }

    const CHAIN: &str = "8a34ec7df1b8cd06ff4a8abbaa7cc50300823350cadc59ab296cb00d104d2b8f";

    #[test]
    fn reads_the_facts_and_names_what_is_wrong() {
        let settings = parse(&manifest(
            "telos-native-devnet",
            CHAIN,
            "http://127.0.0.1:8888",
        ))
        .expect("valid");
        assert_eq!(settings.rpc_endpoint.url(), "http://127.0.0.1:8888");
        assert_eq!(settings.fuel_rpc, "http://127.0.0.1:8888/fuel");
        let cases = [
            (manifest("telos-evm-devnet", CHAIN, "http://x"), "network:"),
            (
                manifest("telos-native-devnet", "abc", "http://x"),
                "chainId:",
            ),
            (manifest("telos-native-devnet", CHAIN, "x"), "rpcUrl:"),
            ("{}".to_owned(), "missing field"),
        ];
        for (text, expected) in cases {
            let reason = parse(&text).expect_err(expected);
            assert!(reason.contains(expected), "{reason}");
        }
    }
}
