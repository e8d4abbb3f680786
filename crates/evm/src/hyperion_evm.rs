//! The history service's EVM routes (Hyperion v2, spec §7 "EVM history service"):
//! contract creation facts, the fallback for contract lookups while the indexer is
//! unhealthy (spec §4), and function/event signatures by selector.

use alloy_primitives::{Address, B256};
use async_trait::async_trait;
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::EvmError;
use crate::http::tolerant::{Embedded, Lenient, NumberText, parse_address, parse_b256};
use crate::http::{HttpClient, RequestLimiter, Upstream};
use crate::lookup::{ContractFacts, ContractFactsSource, LookupStep};
use crate::source::ContractRecord;

/// Who created a contract, and when.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContractCreation {
    /// The contract.
    pub address: Address,
    /// The deployer.
    pub creator: Option<Address>,
    /// The creation transaction.
    pub transaction: Option<B256>,
    /// The creation block.
    pub block: Option<u64>,
    /// The creation time, milliseconds since the epoch.
    pub timestamp_ms: Option<u64>,
    /// The ABI as JSON text, when the service has one.
    pub abi: Option<String>,
}

/// Which kind of signature a selector names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureKind {
    /// A 4-byte function selector.
    Function,
    /// A 32-byte event topic.
    Event,
}

#[derive(Debug, Deserialize)]
struct ContractWire {
    #[serde(default)]
    creator: Lenient<String>,
    #[serde(default)]
    creation_trx: Lenient<String>,
    #[serde(default)]
    transaction: Lenient<String>,
    #[serde(default)]
    block_num: Lenient<NumberText>,
    #[serde(default)]
    block: Lenient<NumberText>,
    #[serde(default)]
    timestamp: Lenient<NumberText>,
    #[serde(default)]
    abi: Lenient<Embedded<Box<RawValue>>>,
}

#[derive(Debug, Deserialize)]
struct SignatureWire {
    #[serde(default)]
    text_signature: Lenient<String>,
}

/// A client for one history service's EVM routes.
#[derive(Debug, Clone)]
pub struct HyperionEvmClient {
    http: HttpClient,
}

impl HyperionEvmClient {
    /// A client at `base_url` (e.g. `https://mainnet.telos.net`), sharing `client` and
    /// the history-service `limiter`.
    ///
    /// # Errors
    /// [`EvmError::InvalidUpstreamUrl`] for an unusable base URL.
    pub fn new(
        client: reqwest::Client,
        base_url: &str,
        limiter: RequestLimiter,
    ) -> Result<Self, EvmError> {
        let http = HttpClient::new(client, Upstream::HistoryService, base_url, Some(limiter))?;
        Ok(Self { http })
    }

    /// `GET /v2/evm/get_contract?contract=`: creation facts, or `None` when the service
    /// knows no creation for the address (404, or an answer with neither creator nor
    /// transaction).
    ///
    /// # Errors
    /// Transport errors, other statuses, or an unreadable body.
    pub async fn contract_creation(
        &self,
        address: Address,
    ) -> Result<Option<ContractCreation>, EvmError> {
        let query = [("contract", format!("{address:#x}"))];
        let Some(answer) = self
            .http
            .get_unless("v2/evm/get_contract", &query, &[404])
            .await?
        else {
            return Ok(None);
        };
        let wire: ContractWire = self.http.decode(&answer)?;
        let hash = |field: &Lenient<String>| field.as_ref().and_then(|t| parse_b256(t));
        let creation = ContractCreation {
            address,
            creator: wire.creator.as_ref().and_then(|c| parse_address(c)),
            transaction: hash(&wire.creation_trx).or_else(|| hash(&wire.transaction)),
            block: wire
                .block_num
                .as_ref()
                .or(wire.block.as_ref())
                .and_then(NumberText::to_u64),
            timestamp_ms: wire
                .timestamp
                .as_ref()
                .and_then(NumberText::to_timestamp_ms),
            abi: wire
                .abi
                .into_option()
                .map(|embedded| embedded.0.get().to_owned()),
        };
        if creation.creator.is_none() && creation.transaction.is_none() {
            return Ok(None);
        }
        Ok(Some(creation))
    }

    /// `GET /v2/evm/get_abi_signature?type=function|event&hex=`: the text signature of a
    /// selector (`transfer(address,uint256)`), or `None` when unknown.
    ///
    /// # Errors
    /// Transport errors, statuses other than 2xx and 404, or an unreadable body.
    pub async fn signature(
        &self,
        kind: SignatureKind,
        selector: &[u8],
    ) -> Result<Option<String>, EvmError> {
        let hex: String = selector.iter().map(|b| format!("{b:02x}")).collect();
        let query = [
            (
                "type",
                match kind {
                    SignatureKind::Function => "function",
                    SignatureKind::Event => "event",
                }
                .to_owned(),
            ),
            ("hex", format!("0x{hex}")),
        ];
        let Some(answer) = self
            .http
            .get_unless("v2/evm/get_abi_signature", &query, &[404])
            .await?
        else {
            return Ok(None);
        };
        let wire: SignatureWire = self.http.decode(&answer)?;
        Ok(wire
            .text_signature
            .into_option()
            .filter(|s| !s.trim().is_empty()))
    }
}

#[async_trait]
impl ContractFactsSource for HyperionEvmClient {
    fn step(&self) -> LookupStep {
        LookupStep::HistoryService
    }

    async fn contract_facts(&self, address: Address) -> Result<Option<ContractFacts>, EvmError> {
        Ok(self
            .contract_creation(address)
            .await?
            .map(|creation| ContractFacts {
                record: ContractRecord {
                    address,
                    creator: creation.creator,
                    creation_transaction: creation.transaction,
                    creation_block: creation.block,
                    ..ContractRecord::default()
                },
                abi: creation.abi,
            }))
    }
}
