//! `primary` and `[networks.<name>.index]`: an EVM network's data source, read as loose
//! TOML values and checked here so every refusal names its key
//! (`networks.telos-evm.index.start_block: …`), whatever type the operator wrote.

use serde::Deserialize;
use tandem_domain::network::{ChainSettings, NetworkKind, NetworkName};
use tandem_indexer::{Backfill, StoreUrl};

use crate::error::ServerError;
use crate::evm::data_source::{IndexSettings, Primary, SourceSettings, StartBlock};

/// `[networks.<name>.index]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct IndexFile {
    store: Option<toml::Value>,
    start_block: Option<toml::Value>,
    write: Option<toml::Value>,
    backfill: Option<toml::Value>,
    fill_concurrency: Option<toml::Value>,
}

fn invalid(field: String, reason: impl Into<String>) -> ServerError {
    ServerError::InvalidSetting {
        field,
        reason: reason.into(),
    }
}

fn text<'a>(field: &str, value: &'a toml::Value) -> Result<&'a str, ServerError> {
    value
        .as_str()
        .ok_or_else(|| invalid(field.to_owned(), format!("{value} is not a string")))
}

/// The source settings of `network` from its `primary` and `index` keys; `None` when
/// neither is set.
pub(super) fn resolve(
    network: NetworkName,
    primary: Option<toml::Value>,
    index: Option<IndexFile>,
) -> Result<Option<SourceSettings>, ServerError> {
    let field = |key: &str| format!("networks.{network}.{key}");
    if primary.is_none() && index.is_none() {
        return Ok(None);
    }
    if network.kind() != NetworkKind::Evm {
        let key = if primary.is_some() {
            "primary"
        } else {
            "index"
        };
        return Err(invalid(
            field(key),
            format!("{network} is a native network; only EVM networks choose a data source"),
        ));
    }
    let primary = primary
        .map(|value| {
            let word = text(&field("primary"), &value)?;
            Primary::parse(word).ok_or_else(|| {
                invalid(
                    field("primary"),
                    format!("{value} is not \"blockscout\", \"teloscan\", \"own\" or \"rpc\""),
                )
            })
        })
        .transpose()?;
    let index = index
        .map(|file| file.resolve(&|key| field(&format!("index.{key}"))))
        .transpose()?;
    Ok(Some(SourceSettings { primary, index }))
}

impl IndexFile {
    fn resolve(self, field: &dyn Fn(&str) -> String) -> Result<IndexSettings, ServerError> {
        let defaults = IndexSettings::default();
        let store = self
            .store
            .map(|value| {
                let url = text(&field("store"), &value)?;
                url.parse::<StoreUrl>()
                    .map_err(|error| invalid(field("store"), error.to_string()))
            })
            .transpose()?;
        let start_block = self
            .start_block
            .map(|value| match &value {
                toml::Value::Integer(number) => u64::try_from(*number)
                    .map(StartBlock::Number)
                    .map_err(|_| invalid(field("start_block"), format!("{value} is below 0"))),
                toml::Value::String(word) if word == "head" => Ok(StartBlock::Head),
                _ => Err(invalid(
                    field("start_block"),
                    format!("{value} is not a block number or \"head\""),
                )),
            })
            .transpose()?;
        let write = self
            .write
            .map(|value| {
                value
                    .as_bool()
                    .ok_or_else(|| invalid(field("write"), format!("{value} is not true or false")))
            })
            .transpose()?
            .unwrap_or(defaults.write);
        let backfill = self
            .backfill
            .map(|value| {
                text(&field("backfill"), &value)?
                    .parse::<Backfill>()
                    .map_err(|_| {
                        invalid(
                            field("backfill"),
                            format!("{value} is not \"counts\", \"logs\" or \"full\""),
                        )
                    })
            })
            .transpose()?
            .unwrap_or(defaults.backfill);
        let fill_concurrency = self
            .fill_concurrency
            .map(|value| {
                value
                    .as_integer()
                    .and_then(|number| usize::try_from(number).ok())
                    .filter(|number| (1..=256).contains(number))
                    .ok_or_else(|| {
                        invalid(
                            field("fill_concurrency"),
                            format!("{value} is not a whole number from 1 to 256"),
                        )
                    })
            })
            .transpose()?
            .unwrap_or(defaults.fill_concurrency);
        Ok(IndexSettings {
            store,
            start_block,
            write,
            backfill,
            fill_concurrency,
        })
    }
}

/// Checks what can only be checked against the served networks' settings: Blockscout or
/// Teloscan as the primary needs an indexer, and index settings need the own index as
/// the primary.
pub fn check_against(
    sources: &std::collections::BTreeMap<NetworkName, SourceSettings>,
    networks: &[ChainSettings],
    has_data_dir: bool,
) -> Result<(), ServerError> {
    for settings in networks {
        let Some(configured) = sources.get(&settings.name) else {
            continue;
        };
        let field = |key: &str| format!("networks.{}.{key}", settings.name);
        let primary = Primary::effective(configured.primary, settings, has_data_dir);
        if matches!(primary, Primary::Teloscan | Primary::Blockscout)
            && settings.indexer_endpoint.is_none()
        {
            return Err(invalid(
                field("primary"),
                format!("\"{primary}\" needs an indexer_endpoint for this network"),
            ));
        }
        if configured.index.is_some() && primary != Primary::Own {
            return Err(invalid(
                field("index"),
                format!(
                    "the own index is not used while primary is \"{primary}\"; set primary = \"own\""
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::config::Config;

    fn parse(text: &str) -> Result<Config, ServerError> {
        Config::from_toml(Path::new("tandem.toml"), text)
    }

    #[test]
    fn every_key_is_read() {
        let config = parse(
            r#"
            [networks.telos-evm]
            primary = "own"

            [networks.telos-evm.index]
            store = "postgres://tandem@db/index"
            start_block = "head"
            write = false
            backfill = "logs"
            fill_concurrency = 8

            [networks.telos-evm-testnet]
            primary = "rpc"

            [networks.telos-evm-testnet.index]
            start_block = 120
            "#,
        )
        .expect("valid");
        let mainnet = &config.evm_sources[&NetworkName::TelosEvm];
        assert_eq!(mainnet.primary, Some(Primary::Own));
        assert_eq!(
            mainnet.index,
            Some(IndexSettings {
                store: Some(StoreUrl::Postgres("postgres://tandem@db/index".into())),
                start_block: Some(StartBlock::Head),
                write: false,
                backfill: Backfill::Logs,
                fill_concurrency: 8,
            })
        );
        let testnet = &config.evm_sources[&NetworkName::TelosEvmTestnet];
        let index = testnet.index.clone().expect("index");
        assert_eq!(index.start_block, Some(StartBlock::Number(120)));
        assert!(index.write, "writes by default");
        assert_eq!(index.backfill, Backfill::Counts);
        assert!(!config.evm_sources.contains_key(&NetworkName::Telos));
    }

    #[test]
    fn bad_values_name_their_key() {
        let cases = [
            (
                "primary = \"graph\"",
                "networks.telos-evm.primary: \"graph\" is not \"blockscout\", \"teloscan\", \"own\" or \"rpc\"",
            ),
            (
                "primary = 1",
                "networks.telos-evm.primary: 1 is not a string",
            ),
            (
                "[networks.telos-evm.index]\nstart_block = -5",
                "networks.telos-evm.index.start_block: -5 is below 0",
            ),
            (
                "[networks.telos-evm.index]\nstart_block = \"genesis\"",
                "networks.telos-evm.index.start_block: \"genesis\" is not a block number or \"head\"",
            ),
            (
                "[networks.telos-evm.index]\nstart_block = 1.5",
                "networks.telos-evm.index.start_block: 1.5 is not a block number",
            ),
            (
                "[networks.telos-evm.index]\nstore = \"mysql://db/index\"",
                "networks.telos-evm.index.store: ",
            ),
            (
                "[networks.telos-evm.index]\nstore = 7",
                "networks.telos-evm.index.store: 7 is not a string",
            ),
            (
                "[networks.telos-evm.index]\nwrite = \"yes\"",
                "networks.telos-evm.index.write: \"yes\" is not true or false",
            ),
            (
                "[networks.telos-evm.index]\nbackfill = \"sparse\"",
                "networks.telos-evm.index.backfill: \"sparse\" is not \"counts\", \"logs\" or \"full\"",
            ),
            (
                "[networks.telos-evm.index]\nfill_concurrency = 0",
                "networks.telos-evm.index.fill_concurrency: 0 is not a whole number from 1 to 256",
            ),
            (
                "[networks.telos-evm.index]\nfill_concurrency = \"4\"",
                "networks.telos-evm.index.fill_concurrency: \"4\" is not a whole number",
            ),
            (
                "[networks.telos-evm.index]\nstart = 5",
                "unknown field `start`",
            ),
        ];
        for (section, expected) in cases {
            let text = if section.starts_with('[') {
                format!("[networks.telos-evm]\nprimary = \"own\"\n{section}")
            } else {
                format!("[networks.telos-evm]\n{section}")
            };
            let message = parse(&text).expect_err(expected).to_string();
            assert!(message.contains(expected), "{text:?} gave: {message}");
        }
        let native = parse("[networks.telos]\nprimary = \"own\"")
            .expect_err("native")
            .to_string();
        assert!(
            native.starts_with("networks.telos.primary: telos is a native network"),
            "{native}"
        );
    }

    #[test]
    fn settings_are_checked_against_the_network() {
        let config = parse(
            "[networks.telos-evm]\nindexer_endpoint = \"https://teloscan.io\"\n[networks.telos-evm.index]\nstart_block = 5",
        )
        .expect("parsed");
        let networks = crate::networks::served_networks(&config).expect_err("index without own");
        assert_eq!(
            networks.to_string(),
            "networks.telos-evm.index: the own index is not used while primary is \"blockscout\"; set primary = \"own\""
        );
        let mut settings = ChainSettings::builtin(NetworkName::TelosEvm).expect("builtin");
        settings.indexer_endpoint = None;
        let sources = [(
            NetworkName::TelosEvm,
            SourceSettings {
                primary: Some(Primary::Teloscan),
                index: None,
            },
        )]
        .into();
        let message = check_against(&sources, &[settings], true)
            .expect_err("no indexer")
            .to_string();
        assert_eq!(
            message,
            "networks.telos-evm.primary: \"teloscan\" needs an indexer_endpoint for this network"
        );
        let own = parse(
            "[networks.telos-evm]\nprimary = \"own\"\n[networks.telos-evm.index]\nstart_block = 5",
        )
        .expect("own");
        assert!(crate::networks::served_networks(&own).is_ok());
    }
}
