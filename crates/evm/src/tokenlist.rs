//! The EVM token list (spec §7 "Token list"): the standard token-list JSON
//! (`tokens[]{chainId, address, symbol, name, decimals, logoURI}`), filtered by chain id,
//! with `ipfs://` logos rewritten to the configured HTTP gateway. Bad entries are
//! skipped and counted; entries of other chains are left out silently.

use std::collections::HashMap;

use alloy_primitives::Address;
use async_trait::async_trait;
use serde::Deserialize;
use serde_json::value::RawValue;
use tandem_domain::nft::IpfsGateway;

use crate::EvmError;
use crate::http::tolerant::{Lenient, NumberText, parse_address};
use crate::http::{HttpClient, Upstream};
use crate::lookup::{ContractFacts, ContractFactsSource, LookupStep};
use crate::source::{ContractInterface, ContractRecord};

/// One token of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenListEntry {
    /// Token contract.
    pub address: Address,
    /// Symbol.
    pub symbol: String,
    /// Name.
    pub name: String,
    /// Decimals.
    pub decimals: u8,
    /// Logo URL (an `ipfs://` link already rewritten to the gateway).
    pub logo_uri: Option<String>,
}

impl TokenListEntry {
    /// The entry as a contract record (an ERC-20 token).
    #[must_use]
    pub fn to_contract_record(&self) -> ContractRecord {
        ContractRecord {
            address: self.address,
            name: Some(self.name.clone()),
            symbol: Some(self.symbol.clone()),
            decimals: Some(self.decimals),
            interfaces: vec![ContractInterface::Erc20],
            logo_uri: self.logo_uri.clone(),
            ..ContractRecord::default()
        }
    }
}

#[derive(Debug, Deserialize)]
struct ListWire {
    tokens: Vec<Box<RawValue>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct EntryWire {
    #[serde(default)]
    chain_id: Lenient<NumberText>,
    #[serde(default)]
    address: Lenient<String>,
    #[serde(default)]
    symbol: Lenient<String>,
    #[serde(default)]
    name: Lenient<String>,
    #[serde(default)]
    decimals: Lenient<NumberText>,
    #[serde(default, rename = "logoURI")]
    logo_uri: Lenient<String>,
}

/// The tokens of one chain from a token list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TokenList {
    tokens: Vec<TokenListEntry>,
    by_address: HashMap<Address, usize>,
    skipped: usize,
}

impl TokenList {
    /// Reads a token list for `chain_id`.
    ///
    /// # Errors
    /// [`EvmError::Decode`] when the document has no `tokens` list at all.
    pub fn parse(json: &[u8], chain_id: u64, gateway: &IpfsGateway) -> Result<Self, EvmError> {
        let list: ListWire = serde_json::from_slice(json).map_err(|error| EvmError::Decode {
            upstream: Upstream::TokenList,
            path: String::new(),
            source: error.into(),
        })?;
        let mut out = Self::default();
        for raw in &list.tokens {
            let Ok(wire) = serde_json::from_str::<EntryWire>(raw.get()) else {
                out.skipped += 1;
                continue;
            };
            match wire.chain_id.as_ref().and_then(NumberText::to_u64) {
                Some(id) if id == chain_id => {}
                Some(_) => continue,
                None => {
                    out.skipped += 1;
                    continue;
                }
            }
            match entry(wire, gateway) {
                Some(entry) if !out.by_address.contains_key(&entry.address) => {
                    out.by_address.insert(entry.address, out.tokens.len());
                    out.tokens.push(entry);
                }
                // A second entry for the same address: the first one stands.
                Some(_) | None => out.skipped += 1,
            }
        }
        if out.skipped > 0 {
            tracing::warn!(
                skipped = out.skipped,
                "token list entries skipped as unreadable"
            );
        }
        Ok(out)
    }

    /// Downloads and reads the token list at `url`.
    ///
    /// # Errors
    /// Transport errors, a non-2xx status, or a document without `tokens`.
    pub async fn fetch(
        client: reqwest::Client,
        url: &str,
        chain_id: u64,
        gateway: &IpfsGateway,
    ) -> Result<Self, EvmError> {
        let http = HttpClient::new(client, Upstream::TokenList, url, None)?;
        let answer = http.get_ok("", &[]).await?;
        Self::parse(&answer.body, chain_id, gateway).map_err(|error| match error {
            EvmError::Decode {
                upstream, source, ..
            } => EvmError::Decode {
                upstream,
                path: answer.path.clone(),
                source,
            },
            other => other,
        })
    }

    /// The tokens of the chain, in list order.
    #[must_use]
    pub fn tokens(&self) -> &[TokenListEntry] {
        &self.tokens
    }

    /// The token at `address`, if listed.
    #[must_use]
    pub fn get(&self, address: Address) -> Option<&TokenListEntry> {
        self.by_address
            .get(&address)
            .and_then(|i| self.tokens.get(*i))
    }

    /// How many entries were unreadable (or duplicates) and skipped.
    #[must_use]
    pub fn skipped(&self) -> usize {
        self.skipped
    }
}

fn entry(wire: EntryWire, gateway: &IpfsGateway) -> Option<TokenListEntry> {
    let non_empty = |field: Lenient<String>| field.into_option().filter(|s| !s.trim().is_empty());
    Some(TokenListEntry {
        address: wire.address.as_ref().and_then(|a| parse_address(a))?,
        symbol: non_empty(wire.symbol)?,
        name: non_empty(wire.name)?,
        decimals: wire
            .decimals
            .as_ref()
            .and_then(NumberText::to_u64)
            .and_then(|d| u8::try_from(d).ok())?,
        logo_uri: non_empty(wire.logo_uri).map(|logo| gateway.rewrite(&logo)),
    })
}

#[async_trait]
impl ContractFactsSource for TokenList {
    fn step(&self) -> LookupStep {
        LookupStep::TokenList
    }

    async fn contract_facts(&self, address: Address) -> Result<Option<ContractFacts>, EvmError> {
        Ok(self.get(address).map(|entry| ContractFacts {
            record: entry.to_contract_record(),
            abi: None,
        }))
    }
}
