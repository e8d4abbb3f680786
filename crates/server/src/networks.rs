//! The networks this server serves: the built-in ones with the configured overrides,
//! plus the devnet when a manifest is configured (its format: devnet/evm/README.md, "Manifest").

use std::path::Path;

use serde::Deserialize;
use tandem_domain::network::{ChainSettings, DevnetSettings, NetworkName};

use crate::config::Config;
use crate::error::ServerError;
use crate::evm::DevnetExtras;
use crate::validate;

/// The chain settings of every served network, in the API's order.
pub fn served_networks(config: &Config) -> Result<Vec<ChainSettings>, ServerError> {
    let devnet = match &config.devnet_manifest {
        Some(path) => Some(read_devnet_manifest(path)?),
        None if config
            .network_overrides
            .contains_key(&NetworkName::TelosEvmDevnet) =>
        {
            return Err(ServerError::DevnetWithoutManifest);
        }
        None => None,
    };
    let native_devnet = config
        .native_devnet_manifest
        .as_deref()
        .map(crate::native::manifest::read_native_devnet_manifest)
        .transpose()?;
    let networks = NetworkName::ALL
        .into_iter()
        .filter_map(|name| match name {
            NetworkName::TelosEvmDevnet => devnet.clone().map(ChainSettings::devnet),
            NetworkName::TelosNativeDevnet => {
                native_devnet.clone().map(ChainSettings::native_devnet)
            }
            _ => ChainSettings::builtin(name),
        })
        .map(
            |settings| match config.network_overrides.get(&settings.name) {
                Some(overrides) => settings.with_override(overrides),
                None => settings,
            },
        )
        .collect::<Vec<_>>();
    // The server always has a data directory for the default index store.
    crate::config::check_sources(&config.evm_sources, &networks, true)?;
    Ok(networks)
}

/// The manifest fields the server needs; the rest (accounts, seeded facts) is for
/// the tests and is ignored here.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DevnetManifest {
    network: String,
    chain_id: u64,
    rpc_url: String,
    token_list_url: String,
    /// The assets server (additive field).
    #[serde(default)]
    assets_url: Option<String>,
    contracts: ManifestContracts,
    #[serde(default)]
    start_block: u64,
    /// The devnet's recorded price aggregator (additive field).
    #[serde(default)]
    price_aggregator_url: Option<String>,
    /// The devnet's recorded Teloscan-style market data (additive field).
    #[serde(default)]
    market_data_url: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
struct ManifestContracts {
    wtlos: String,
    stlos: String,
    escrow: String,
}

/// Reads and checks the devnet manifest.
pub fn read_devnet_manifest(path: &Path) -> Result<DevnetSettings, ServerError> {
    let text = std::fs::read_to_string(path).map_err(|source| ServerError::ManifestRead {
        path: path.to_owned(),
        source,
    })?;
    parse_devnet_manifest(&text).map_err(|reason| ServerError::ManifestInvalid {
        path: path.to_owned(),
        reason,
    })
}

/// The devnet manifest's facts beyond its chain settings (start block, recorded price
/// services), when a manifest is configured.
pub fn devnet_extras(config: &Config) -> Result<Option<DevnetExtras>, ServerError> {
    let Some(path) = &config.devnet_manifest else {
        return Ok(None);
    };
    let text = std::fs::read_to_string(path).map_err(|source| ServerError::ManifestRead {
        path: path.to_owned(),
        source,
    })?;
    parse_devnet_extras(&text)
        .map(Some)
        .map_err(|reason| ServerError::ManifestInvalid {
            path: path.to_owned(),
            reason,
        })
}

fn parse_devnet_extras(text: &str) -> Result<DevnetExtras, String> {
    let manifest: DevnetManifest = serde_json::from_str(text).map_err(|error| error.to_string())?;
    let url = |field: &str, value: Option<String>| {
        value
            .map(|value| validate::http_url_text(field, &value))
            .transpose()
            .map_err(|error| error.to_string())
    };
    Ok(DevnetExtras {
        start_block: manifest.start_block,
        price_aggregator_url: url("priceAggregatorUrl", manifest.price_aggregator_url)?,
        market_data_url: url("marketDataUrl", manifest.market_data_url)?,
        assets_url: url("assetsUrl", manifest.assets_url)?,
    })
}

fn parse_devnet_manifest(text: &str) -> Result<DevnetSettings, String> {
    let manifest: DevnetManifest = serde_json::from_str(text).map_err(|error| error.to_string())?;
    if manifest.network != NetworkName::TelosEvmDevnet.as_str() {
        return Err(format!(
            "network: '{}' is not '{}'",
            manifest.network,
            NetworkName::TelosEvmDevnet
        ));
    }
    let contracts = &manifest.contracts;
    let checked = || -> Result<DevnetSettings, ServerError> {
        Ok(DevnetSettings {
            chain_id: manifest.chain_id,
            rpc_endpoint: validate::rpc_endpoint("rpcUrl", &manifest.rpc_url)?,
            token_list_url: validate::http_url_text("tokenListUrl", &manifest.token_list_url)?,
            wrapped_token_address: validate::evm_address("contracts.WTLOS", &contracts.wtlos)?,
            staked_token_address: validate::evm_address("contracts.STLOS", &contracts.stlos)?,
            escrow_address: validate::evm_address("contracts.ESCROW", &contracts.escrow)?,
        })
    };
    checked().map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use tandem_domain::network::{ChainId, ChainSettingsOverride};

    use super::*;

    const WTLOS: &str = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

    fn manifest_json(network: &str, rpc_url: &str, wtlos: &str) -> String {
        serde_json::json!({
            "version": 1,
            "network": network,
            "chainId": 41,
            "rpcUrl": rpc_url,
            "assetsUrl": "http://127.0.0.1:9100",
            "tokenListUrl": "http://127.0.0.1:9100/tokenlist.json",
            "startBlock": 0,
            "contracts": {
                "WTLOS": wtlos,
                "STLOS": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
                "ESCROW": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
                "TUSD": "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9"
            },
            "accounts": [],
            "seeded": {}
        })
        .to_string()
    }

    #[test]
    fn a_valid_manifest_becomes_devnet_settings() {
        let text = manifest_json("telos-evm-devnet", "http://127.0.0.1:8545", WTLOS);
        let devnet = parse_devnet_manifest(&text).expect("valid manifest");
        assert_eq!(devnet.chain_id, 41);
        assert_eq!(devnet.rpc_endpoint.url(), "http://127.0.0.1:8545");
        assert_eq!(
            devnet.token_list_url,
            "http://127.0.0.1:9100/tokenlist.json"
        );
        assert_eq!(devnet.wrapped_token_address, WTLOS);
    }

    #[test]
    fn price_urls_and_start_block_come_from_the_manifest_when_present() {
        let text = manifest_json("telos-evm-devnet", "http://127.0.0.1:8545", WTLOS);
        let bare = parse_devnet_extras(&text).expect("without price URLs");
        assert_eq!(
            bare,
            DevnetExtras {
                assets_url: Some("http://127.0.0.1:9100".to_owned()),
                ..DevnetExtras::default()
            },
            "the assets server, the one local host fetches may reach on the devnet"
        );
        let mut manifest: serde_json::Value = serde_json::from_str(&text).expect("json");
        manifest["startBlock"] = 5.into();
        manifest["priceAggregatorUrl"] = "http://127.0.0.1:9100/prices/aggregator".into();
        manifest["marketDataUrl"] = "http://127.0.0.1:9100/prices/indexer/".into();
        let extras = parse_devnet_extras(&manifest.to_string()).expect("with price URLs");
        assert_eq!(extras.start_block, 5);
        assert_eq!(
            extras.price_aggregator_url.as_deref(),
            Some("http://127.0.0.1:9100/prices/aggregator")
        );
        assert_eq!(
            extras.market_data_url.as_deref(),
            Some("http://127.0.0.1:9100/prices/indexer")
        );
        manifest["marketDataUrl"] = "not a url".into();
        let reason = parse_devnet_extras(&manifest.to_string()).expect_err("bad URL");
        assert!(reason.starts_with("marketDataUrl: 'not a url'"), "{reason}");
    }

    #[test]
    fn invalid_manifests_say_what_is_wrong() {
        let cases = [
            (
                manifest_json("telos-evm", "http://127.0.0.1:8545", WTLOS),
                "network: 'telos-evm' is not 'telos-evm-devnet'",
            ),
            (
                manifest_json("telos-evm-devnet", "127.0.0.1:8545", WTLOS),
                "rpcUrl: '127.0.0.1:8545'",
            ),
            (
                manifest_json("telos-evm-devnet", "http://127.0.0.1:8545", "0xabc"),
                "contracts.WTLOS: '0xabc'",
            ),
            (
                "{\"network\": \"telos-evm-devnet\"}".to_owned(),
                "missing field",
            ),
            ("not json".to_owned(), "expected"),
        ];
        for (text, expected) in cases {
            let reason = parse_devnet_manifest(&text).expect_err(expected);
            assert!(reason.contains(expected), "{reason}");
        }
    }

    #[test]
    fn served_networks_add_the_devnet_only_with_a_manifest() {
        let without = served_networks(&Config::default()).expect("built-in networks");
        assert_eq!(without.len(), 8);

        let file = tempfile::NamedTempFile::new().expect("temp file");
        let text = manifest_json("telos-evm-devnet", "http://127.0.0.1:8545", WTLOS);
        std::fs::write(file.path(), text).expect("write manifest");
        let config = Config {
            devnet_manifest: Some(file.path().to_owned()),
            ..Config::default()
        };
        let with = served_networks(&config).expect("with devnet");
        let devnet = with.last().expect("devnet listed last");
        assert_eq!(devnet.name, NetworkName::TelosEvmDevnet);
        assert_eq!(devnet.chain_id, ChainId::Evm(41));
    }

    #[test]
    fn overrides_are_applied_and_devnet_overrides_need_a_manifest() {
        let overrides = ChainSettingsOverride {
            explorer_url: Some("https://explorer.example".to_owned()),
            ..ChainSettingsOverride::default()
        };
        let mut config = Config::default();
        config
            .network_overrides
            .insert(NetworkName::Wax, overrides.clone());
        let networks = served_networks(&config).expect("valid");
        let wax = networks
            .iter()
            .find(|settings| settings.name == NetworkName::Wax)
            .expect("wax served");
        assert_eq!(
            wax.explorer_url.as_deref(),
            Some("https://explorer.example")
        );

        config
            .network_overrides
            .insert(NetworkName::TelosEvmDevnet, overrides);
        let error = served_networks(&config).expect_err("no manifest");
        assert!(matches!(error, ServerError::DevnetWithoutManifest));
    }

    #[test]
    fn an_unreadable_manifest_names_its_path() {
        let config = Config {
            devnet_manifest: Some("/nonexistent/manifest.json".into()),
            ..Config::default()
        };
        let message = served_networks(&config)
            .expect_err("unreadable")
            .to_string();
        assert!(
            message.starts_with("cannot read devnet manifest /nonexistent/manifest.json"),
            "{message}"
        );
    }
}
