//! Verified-contract metadata from the trusted bucket (spec §7 "Contract metadata"):
//! `GET {bucket}/{ChecksumAddress}/metadata.json`, the metadata under `content` (a JSON
//! object or a string holding one). A file that exists means "verified"; 403 and 404
//! (what S3 answers for a missing key) mean "not verified".

use std::collections::BTreeMap;

use alloy_primitives::Address;
use async_trait::async_trait;
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::EvmError;
use crate::http::tolerant::{Embedded, Lenient};
use crate::http::{HttpClient, RequestLimiter, Upstream};
use crate::lookup::{ContractFacts, ContractFactsSource, LookupStep};
use crate::source::ContractRecord;

/// What the verified metadata says of a contract.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct VerifiedMetadata {
    /// The contract name (the compilation target, or a `name` field).
    pub name: Option<String>,
    /// The ABI as JSON text.
    pub abi: Option<String>,
}

#[derive(Debug, Deserialize)]
struct FileWire {
    #[serde(default)]
    content: Lenient<Embedded<ContentWire>>,
}

/// Solidity compiler metadata, plus the flat `name`/`abi` some uploads carry.
#[derive(Debug, Deserialize)]
struct ContentWire {
    #[serde(default)]
    name: Lenient<String>,
    #[serde(default)]
    abi: Lenient<Embedded<Box<RawValue>>>,
    #[serde(default)]
    output: Lenient<OutputWire>,
    #[serde(default)]
    settings: Lenient<SettingsWire>,
}

#[derive(Debug, Deserialize)]
struct OutputWire {
    #[serde(default)]
    abi: Lenient<Box<RawValue>>,
}

#[derive(Debug, Deserialize)]
struct SettingsWire {
    #[serde(default, rename = "compilationTarget")]
    compilation_target: Lenient<BTreeMap<String, String>>,
}

impl ContentWire {
    fn into_metadata(self) -> VerifiedMetadata {
        let target = self
            .settings
            .into_option()
            .and_then(|s| s.compilation_target.into_option())
            .and_then(|targets| targets.into_values().next());
        let abi = self
            .abi
            .into_option()
            .map(|embedded| embedded.0)
            .or_else(|| self.output.into_option().and_then(|o| o.abi.into_option()))
            .map(|raw| raw.get().to_owned());
        VerifiedMetadata {
            name: self.name.into_option().or(target).filter(|n| !n.is_empty()),
            abi,
        }
    }
}

/// A client for the verified-contracts bucket.
#[derive(Debug, Clone)]
pub struct VerifiedContracts {
    http: HttpClient,
}

impl VerifiedContracts {
    /// A client for the bucket at `bucket_url` (e.g.
    /// `https://verified-evm-contracts.s3.amazonaws.com`).
    ///
    /// # Errors
    /// [`EvmError::InvalidUpstreamUrl`] for an unusable URL.
    pub fn new(
        client: reqwest::Client,
        bucket_url: &str,
        limiter: Option<RequestLimiter>,
    ) -> Result<Self, EvmError> {
        let http = HttpClient::new(client, Upstream::VerifiedContracts, bucket_url, limiter)?;
        Ok(Self { http })
    }

    /// The metadata of a verified contract; `None` when it is not verified.
    ///
    /// # Errors
    /// Transport errors or statuses other than 2xx, 403 and 404. A file whose `content`
    /// is unreadable still counts as verified, with no name or ABI.
    pub async fn metadata(&self, address: Address) -> Result<Option<VerifiedMetadata>, EvmError> {
        let path = format!("{}/metadata.json", address.to_checksum(None));
        let Some(answer) = self.http.get_unless(&path, &[], &[403, 404]).await? else {
            return Ok(None);
        };
        let file: FileWire = self.http.decode(&answer)?;
        Ok(Some(
            file.content
                .into_option()
                .map(|content| content.0.into_metadata())
                .unwrap_or_default(),
        ))
    }
}

#[async_trait]
impl ContractFactsSource for VerifiedContracts {
    fn step(&self) -> LookupStep {
        LookupStep::Verified
    }

    async fn contract_facts(&self, address: Address) -> Result<Option<ContractFacts>, EvmError> {
        Ok(self.metadata(address).await?.map(|metadata| ContractFacts {
            record: ContractRecord {
                address,
                name: metadata.name,
                verified: true,
                ..ContractRecord::default()
            },
            abi: metadata.abi,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> VerifiedMetadata {
        let file: FileWire = serde_json::from_str(json).unwrap();
        file.content.into_option().unwrap().0.into_metadata()
    }

    #[test]
    fn compiler_metadata_as_a_string() {
        let content = serde_json::json!({
            "compiler": {"version": "0.8.19"},
            "output": {"abi": [{"type": "function", "name": "deposit"}]},
            "settings": {"compilationTarget": {"contracts/WTLOS.sol": "WTLOS"}}
        })
        .to_string();
        let file = serde_json::json!({ "content": content }).to_string();
        let metadata = parse(&file);
        assert_eq!(metadata.name.as_deref(), Some("WTLOS"));
        assert!(metadata.abi.unwrap().contains("deposit"));
    }

    #[test]
    fn flat_object_content() {
        let metadata = parse(r#"{"content":{"name":"Escrow","abi":"[]"}}"#);
        assert_eq!(metadata.name.as_deref(), Some("Escrow"));
        assert_eq!(metadata.abi.as_deref(), Some("[]"));
    }
}
