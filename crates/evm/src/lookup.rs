//! Contract lookup in the spec's order (§4 "Contract lookup order"): cache, then the
//! indexer (or the history service when the indexer is unhealthy or fails), then
//! verified metadata, then the token list, then a suspected type, then an empty
//! contract, then marked non-existent.
//!
//! Each step is a [`ContractFactsSource`] in an optional slot, so any of them can be
//! left out and new ones (chain reads through an [`EvmSource`]) plugged in.
//!
//! Choices where the spec is silent:
//! - The indexer's record, when it has one, is the answer; later steps only run when it
//!   has none, or is unhealthy or failing (then the history service stands in for it).
//! - Later steps fill what earlier ones left empty (first answer wins per field).
//! - "Chain reads" (optional) run right after the indexer / history step.
//! - An *empty contract* is returned when steps failed and none answered: an upstream
//!   outage is not proof that nothing is there. Only when every step answered "no" is
//!   the address marked non-existent (negatively cached).

use std::sync::Arc;
use std::time::Duration;

use alloy_primitives::{Address, B256, keccak256};
use async_trait::async_trait;
use tandem_domain::DomainError;
use tandem_domain::nft::NftStandard;
use tandem_domain::validate::validate_evm_address;

use crate::EvmError;
use crate::source::{ContractInterface, ContractRecord, EvmSource};

mod cache;

pub use cache::{CacheTtl, LookupCache, MapLookupCache};

/// What one lookup step knows of a contract: the record and, when known, its ABI as
/// JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContractFacts {
    /// The contract record.
    pub record: ContractRecord,
    /// The ABI (a JSON array, as text), when the step has one.
    pub abi: Option<String>,
}

/// The steps of a lookup, in the spec's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LookupStep {
    /// An earlier answer.
    Cache,
    /// The Teloscan indexer.
    Indexer,
    /// The history service (while the indexer is unhealthy or failing).
    HistoryService,
    /// Reads against the chain (an RPC source).
    ChainReads,
    /// The verified-contracts bucket.
    Verified,
    /// The token list.
    TokenList,
    /// The type the caller suspected (e.g. from a log's shape).
    Suspected,
    /// Nothing known, but the upstreams could not be asked.
    Empty,
}

/// One lookup step.
#[async_trait]
pub trait ContractFactsSource: Send + Sync + std::fmt::Debug {
    /// Which step this is.
    fn step(&self) -> LookupStep;

    /// What the step knows of `address`; `Ok(None)` when it knows nothing.
    async fn contract_facts(&self, address: Address) -> Result<Option<ContractFacts>, EvmError>;
}

#[async_trait]
impl ContractFactsSource for crate::teloscan::TeloscanClient {
    fn step(&self) -> LookupStep {
        LookupStep::Indexer
    }

    async fn contract_facts(&self, address: Address) -> Result<Option<ContractFacts>, EvmError> {
        self.contract_details(address).await
    }
}

/// Any [`EvmSource`] as a lookup step (e.g. the RPC source as [`LookupStep::ChainReads`]).
#[derive(Debug, Clone)]
pub struct SourceFacts {
    source: Arc<dyn EvmSource>,
    step: LookupStep,
}

impl SourceFacts {
    /// `source` answering as `step`.
    #[must_use]
    pub fn new(source: Arc<dyn EvmSource>, step: LookupStep) -> Self {
        Self { source, step }
    }
}

#[async_trait]
impl ContractFactsSource for SourceFacts {
    fn step(&self) -> LookupStep {
        self.step
    }

    async fn contract_facts(&self, address: Address) -> Result<Option<ContractFacts>, EvmError> {
        let record = self.source.contract(address).await?;
        Ok(record.map(|record| ContractFacts { record, abi: None }))
    }
}

/// Whether the indexer may be asked (the source selector implements it).
pub trait IndexerStatus: Send + Sync + std::fmt::Debug {
    /// True while the indexer is healthy.
    fn indexer_healthy(&self) -> bool;
}

/// A found contract and which step found it first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedContract {
    /// What is known.
    pub record: ContractRecord,
    /// The ABI as JSON text, when any step had it.
    pub abi: Option<String>,
    /// The first step that knew something (or [`LookupStep::Cache`] on a cache hit).
    pub found_by: LookupStep,
}

/// The outcome of a lookup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContractLookup {
    /// A contract (possibly an empty or suspected one).
    Found(Arc<ResolvedContract>),
    /// No step knows the address as a contract.
    NotAContract,
}

type Step = Option<Arc<dyn ContractFactsSource>>;

/// Looks contracts up through the configured steps, caching answers.
#[derive(Debug)]
pub struct ContractResolver {
    indexer: Step,
    history: Step,
    chain_reads: Step,
    verified: Step,
    token_list: Step,
    health: Option<Arc<dyn IndexerStatus>>,
    ttl: CacheTtl,
    cache: Arc<dyn LookupCache>,
}

impl Default for ContractResolver {
    fn default() -> Self {
        Self {
            indexer: None,
            history: None,
            chain_reads: None,
            verified: None,
            token_list: None,
            health: None,
            ttl: CacheTtl::default(),
            cache: Arc::new(MapLookupCache::default()),
        }
    }
}

impl ContractResolver {
    /// A resolver with no steps (add them with the `with_*` methods).
    #[must_use]
    pub fn new(ttl: CacheTtl) -> Self {
        Self {
            ttl,
            ..Self::default()
        }
    }

    /// Answers kept in `cache` instead of the default map.
    #[must_use]
    pub fn with_cache(mut self, cache: Arc<dyn LookupCache>) -> Self {
        self.cache = cache;
        self
    }

    /// The indexer step, skipped while `health` says it is unhealthy.
    #[must_use]
    pub fn with_indexer(
        mut self,
        indexer: Arc<dyn ContractFactsSource>,
        health: Option<Arc<dyn IndexerStatus>>,
    ) -> Self {
        self.indexer = Some(indexer);
        self.health = health;
        self
    }

    /// The history-service step (when the indexer is unhealthy, fails or is absent).
    #[must_use]
    pub fn with_history(mut self, history: Arc<dyn ContractFactsSource>) -> Self {
        self.history = Some(history);
        self
    }

    /// A chain-reads step, after the indexer / history step.
    #[must_use]
    pub fn with_chain_reads(mut self, reads: Arc<dyn ContractFactsSource>) -> Self {
        self.chain_reads = Some(reads);
        self
    }

    /// The verified-metadata step.
    #[must_use]
    pub fn with_verified(mut self, verified: Arc<dyn ContractFactsSource>) -> Self {
        self.verified = Some(verified);
        self
    }

    /// The token-list step.
    #[must_use]
    pub fn with_token_list(mut self, token_list: Arc<dyn ContractFactsSource>) -> Self {
        self.token_list = Some(token_list);
        self
    }

    /// Looks up a contract address as typed: empty is `contract_data_required`, a
    /// malformed address the domain's address error.
    ///
    /// # Errors
    /// [`DomainError::ContractDataRequired`], or the address validation errors.
    pub async fn resolve_text(
        &self,
        address: &str,
        suspected: Option<ContractInterface>,
    ) -> Result<ContractLookup, EvmError> {
        if address.trim().is_empty() {
            return Err(DomainError::ContractDataRequired.into());
        }
        let checked = validate_evm_address(address.trim())?;
        Ok(self.resolve(checked.address, suspected).await)
    }

    /// An NFT collection and its standard.
    ///
    /// # Errors
    /// [`DomainError::InvalidNftContractType`] when the contract is unknown or neither
    /// ERC-721 nor ERC-1155.
    pub async fn resolve_nft_collection(
        &self,
        address: Address,
    ) -> Result<(Arc<ResolvedContract>, NftStandard), EvmError> {
        let ContractLookup::Found(contract) = self.resolve(address, None).await else {
            return Err(DomainError::InvalidNftContractType.into());
        };
        let names: Vec<&str> = contract
            .record
            .interfaces
            .iter()
            .map(|i| match i {
                ContractInterface::Erc20 => "erc20",
                ContractInterface::Erc721 => "erc721",
                ContractInterface::Erc1155 => "erc1155",
            })
            .collect();
        let standard = NftStandard::from_supported_interfaces(&names)?;
        Ok((contract, standard))
    }

    /// Looks `address` up; `suspected` is the type the caller guesses from what it saw
    /// (see [`suspect_from_log`]). Never fails: failing steps are skipped.
    pub async fn resolve(
        &self,
        address: Address,
        suspected: Option<ContractInterface>,
    ) -> ContractLookup {
        if let Some(hit) = self.cached(address).await {
            return hit;
        }
        let mut merged = Merged::new(address);
        let indexer_healthy = self.health.as_ref().is_none_or(|h| h.indexer_healthy());
        let indexer = self.indexer.as_ref().filter(|_| indexer_healthy);
        let mut indexer_answered = false;
        if let Some(indexer) = indexer {
            indexer_answered = merged.ask(indexer.as_ref()).await;
        }
        // The index lists a contract as soon as it sees it and probes it (interfaces, name)
        // a little later: an unprobed record is completed from the next steps and cached
        // briefly, so its name is never hidden for the long lifetime of a full answer.
        let probed = !merged.record.unprobed
            && (merged.record.name.is_some() || !merged.record.interfaces.is_empty());
        if merged.found_by == Some(LookupStep::Indexer) && probed {
            return self
                .remember(address, merged.finish(suspected), self.ttl.found)
                .await;
        }
        let later = [&self.chain_reads, &self.verified, &self.token_list];
        let history = if indexer_answered {
            None
        } else {
            self.history.as_ref()
        };
        for step in history.into_iter().chain(later.into_iter().flatten()) {
            merged.ask(step.as_ref()).await;
        }
        let lookup = merged.finish(suspected);
        let ttl = match lookup {
            ContractLookup::NotAContract => self.ttl.missing,
            ContractLookup::Found(_) => self.ttl.degraded,
        };
        self.remember(address, lookup, ttl).await
    }

    /// Forgets what is cached for `address`.
    pub async fn invalidate(&self, address: Address) {
        self.cache.invalidate(address).await;
    }

    async fn cached(&self, address: Address) -> Option<ContractLookup> {
        let lookup = self.cache.get(address).await?;
        Some(match &lookup {
            ContractLookup::Found(contract) => ContractLookup::Found(Arc::new(ResolvedContract {
                found_by: LookupStep::Cache,
                ..ResolvedContract::clone(contract)
            })),
            ContractLookup::NotAContract => ContractLookup::NotAContract,
        })
    }

    async fn remember(
        &self,
        address: Address,
        lookup: ContractLookup,
        ttl: Duration,
    ) -> ContractLookup {
        self.cache.put(address, lookup.clone(), ttl).await;
        lookup
    }
}

/// Facts gathered so far.
struct Merged {
    record: ContractRecord,
    abi: Option<String>,
    found_by: Option<LookupStep>,
    failed: bool,
}

impl Merged {
    fn new(address: Address) -> Self {
        Self {
            record: ContractRecord {
                address,
                ..ContractRecord::default()
            },
            abi: None,
            found_by: None,
            failed: false,
        }
    }

    /// Asks one step; true when it answered (found or not), false when it failed.
    async fn ask(&mut self, step: &dyn ContractFactsSource) -> bool {
        match step.contract_facts(self.record.address).await {
            Ok(Some(facts)) => {
                self.add(facts, step.step());
                true
            }
            Ok(None) => true,
            Err(error) => {
                tracing::warn!(step = ?step.step(), %error, "contract lookup step failed");
                self.failed = true;
                false
            }
        }
    }

    fn add(&mut self, facts: ContractFacts, step: LookupStep) {
        let mine = &mut self.record;
        let new = facts.record;
        mine.name = mine.name.take().or(new.name);
        mine.symbol = mine.symbol.take().or(new.symbol);
        mine.decimals = mine.decimals.or(new.decimals);
        for interface in new.interfaces {
            if !mine.interfaces.contains(&interface) {
                mine.interfaces.push(interface);
            }
        }
        mine.creator = mine.creator.or(new.creator);
        mine.creation_transaction = mine.creation_transaction.or(new.creation_transaction);
        mine.creation_block = mine.creation_block.or(new.creation_block);
        mine.verified |= new.verified;
        mine.logo_uri = mine.logo_uri.take().or(new.logo_uri);
        mine.supply = mine.supply.or(new.supply);
        // Still unread only while every step that answered had not read it either.
        mine.unprobed = if self.found_by.is_none() {
            new.unprobed
        } else {
            mine.unprobed && new.unprobed
        };
        self.abi = self.abi.take().or(facts.abi);
        self.found_by.get_or_insert(step);
    }

    fn finish(mut self, suspected: Option<ContractInterface>) -> ContractLookup {
        if let Some(interface) = suspected.filter(|_| self.record.interfaces.is_empty()) {
            self.record.interfaces.push(interface);
            self.found_by.get_or_insert(LookupStep::Suspected);
        }
        let found_by = match self.found_by {
            Some(step) => step,
            None if self.failed => LookupStep::Empty,
            None => return ContractLookup::NotAContract,
        };
        ContractLookup::Found(Arc::new(ResolvedContract {
            record: self.record,
            abi: self.abi,
            found_by,
        }))
    }
}

/// The contract type a log suggests: `Transfer` with 3 topics is ERC-20, with 4 ERC-721;
/// `TransferSingle` / `TransferBatch` are ERC-1155.
#[must_use]
pub fn suspect_from_log(topics: &[B256]) -> Option<ContractInterface> {
    let signature = *topics.first()?;
    if signature == keccak256("Transfer(address,address,uint256)") {
        match topics.len() {
            3 => Some(ContractInterface::Erc20),
            4 => Some(ContractInterface::Erc721),
            _ => None,
        }
    } else if signature == keccak256("TransferSingle(address,address,address,uint256,uint256)")
        || signature == keccak256("TransferBatch(address,address,address,uint256[],uint256[])")
    {
        Some(ContractInterface::Erc1155)
    } else {
        None
    }
}
