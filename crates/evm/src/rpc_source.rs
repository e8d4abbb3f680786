//! [`RpcSource`]: the [`EvmSource`] that reads the chain directly. It is the fallback
//! while the indexer is unhealthy (spec §4: balances come from per-token chain reads),
//! so it answers what plain reads can answer — balances of a configured token set,
//! contracts, one account's holdings — and says [`EvmError::Unsupported`] for
//! history (transactions, transfers, approvals), which needs an index of logs.

use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

use alloy::primitives::{Address, U256};
use async_trait::async_trait;
use tandem_domain::nft::NftStandard;

use crate::EvmError;
use crate::reads::{ChainReader, KnownNft, NftFacts};
use crate::source::{
    ApprovalKind, ApprovalRecord, ContractInterface, ContractRecord, EvmSource, HolderQuery,
    HolderRecord, NftRecord, Page, PageRequest, SourceHealth, SourceKind, TokenBalance,
    TransactionQuery, TransactionRecord, TransferQuery, TransferRecord,
};

/// Plain JSON-RPC reads behind the [`EvmSource`] interface.
#[derive(Debug, Clone)]
pub struct RpcSource {
    reader: ChainReader,
    tokens: Vec<Address>,
    known: HashMap<Address, ContractRecord>,
    nfts: Vec<KnownNft>,
}

impl RpcSource {
    /// A source reading through `reader`, with no tokens or NFTs configured yet.
    #[must_use]
    pub fn new(reader: ChainReader) -> Self {
        Self {
            reader,
            tokens: Vec::new(),
            known: HashMap::new(),
            nfts: Vec::new(),
        }
    }

    /// The ERC-20 tokens whose balances [`balances`](EvmSource::balances) reads (from
    /// the token list), and what is already known of contracts (name, decimals, logo),
    /// attached to balances and merged into probed contracts.
    #[must_use]
    pub fn with_tokens(mut self, tokens: Vec<Address>, known: Vec<ContractRecord>) -> Self {
        let mut seen = std::collections::HashSet::new();
        self.tokens = tokens
            .into_iter()
            .filter(|token| seen.insert(*token))
            .collect();
        self.known = known
            .into_iter()
            .map(|record| (record.address, record))
            .collect();
        self
    }

    /// The NFT ids [`nfts_owned`](EvmSource::nfts_owned),
    /// [`collection_nfts`](EvmSource::collection_nfts) and
    /// [`token_holders`](EvmSource::token_holders) check; without them those answer
    /// [`EvmError::Unsupported`], since RPC cannot enumerate NFTs.
    #[must_use]
    pub fn with_nfts(mut self, nfts: Vec<KnownNft>) -> Self {
        self.nfts = nfts;
        self
    }

    /// The reader, for typed reads the interface does not cover (staking, escrow).
    #[must_use]
    pub fn reader(&self) -> &ChainReader {
        &self.reader
    }

    fn unsupported(capability: &'static str) -> EvmError {
        EvmError::Unsupported {
            kind: SourceKind::Rpc,
            capability,
        }
    }

    fn known_nfts(&self, keep: impl Fn(&KnownNft) -> bool) -> Vec<KnownNft> {
        self.nfts.iter().copied().filter(keep).collect()
    }

    /// The token standard of `contract`: from the configured records and NFT ids,
    /// else probed.
    async fn interface_of(&self, contract: Address) -> Result<Option<ContractInterface>, EvmError> {
        if let Some(nft) = self.nfts.iter().find(|nft| nft.contract == contract) {
            return Ok(Some(nft_interface(nft.standard)));
        }
        if let Some(interface) = self
            .known
            .get(&contract)
            .and_then(|record| record.interfaces.first())
        {
            return Ok(Some(*interface));
        }
        let probed = self.reader.probe_contract(contract).await?;
        Ok(probed.and_then(|record| record.interfaces.first().copied()))
    }
}

#[async_trait]
impl EvmSource for RpcSource {
    fn kind(&self) -> SourceKind {
        SourceKind::Rpc
    }

    /// The node's latest block against the wall clock; `success` whenever the node answers.
    async fn health(&self) -> Result<SourceHealth, EvmError> {
        let head = self.reader.block_head().await?;
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        Ok(SourceHealth {
            kind: SourceKind::Rpc,
            success: true,
            block_number: head.number,
            block_timestamp_ms: head.timestamp.saturating_mul(1000),
            seconds_behind: now.saturating_sub(head.timestamp),
            note: None,
        })
    }

    /// The native balance (always) and every configured token with a non-zero
    /// balance. A token whose `balanceOf` reverts is left out rather than failing
    /// the whole answer.
    async fn balances(&self, owner: Address) -> Result<Vec<TokenBalance>, EvmError> {
        let (native, amounts) = self.reader.account_balances(owner, &self.tokens).await?;
        let mut balances = vec![TokenBalance {
            token: None,
            amount: native,
            contract: None,
            updated_ms: None,
        }];
        for entry in amounts {
            match entry.amount {
                Ok(amount) if !amount.is_zero() => balances.push(TokenBalance {
                    token: Some(entry.token),
                    amount,
                    contract: self.known.get(&entry.token).cloned(),
                    updated_ms: None,
                }),
                Ok(_) => {}
                Err(failure) => {
                    tracing::debug!(token = %entry.token, %failure, "balanceOf failed; token left out");
                }
            }
        }
        Ok(balances)
    }

    async fn transactions(
        &self,
        _address: Address,
        _query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, EvmError> {
        Err(Self::unsupported("account histories"))
    }

    async fn transfers(
        &self,
        _account: Address,
        _query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, EvmError> {
        Err(Self::unsupported("token transfers"))
    }

    async fn approvals(
        &self,
        _owner: Address,
        _kind: ApprovalKind,
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        Err(Self::unsupported("approvals"))
    }

    /// The configured NFT ids of `standard` that `owner` holds, with URIs.
    async fn nfts_owned(
        &self,
        owner: Address,
        standard: NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        let candidates = self.known_nfts(|nft| nft.standard == standard);
        if candidates.is_empty() {
            return Err(Self::unsupported("NFT holdings"));
        }
        let held = self.reader.nfts_held(owner, &candidates).await?;
        let held = paged(held, page);
        let nfts: Vec<KnownNft> = held.iter().map(|holding| holding.nft).collect();
        let facts = self.reader.nft_facts(&nfts).await?;
        Ok(held
            .iter()
            .zip(facts)
            .map(|(holding, facts)| NftRecord {
                owner: (standard == NftStandard::Erc721).then_some(owner),
                ..nft_record(facts, holding.amount)
            })
            .collect())
    }

    /// The configured ids of `contract` (or just `token_id`, which for ERC-721 need
    /// not be configured), with owner (ERC-721) or supply (ERC-1155, when the
    /// contract reports it; `amount` is then the supply, else zero) and URI.
    /// ERC-721 ids that do not exist are left out.
    async fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        let configured = self.known_nfts(|nft| {
            nft.contract == contract && token_id.is_none_or(|id| id == nft.token_id)
        });
        let candidates = match (configured.is_empty(), token_id) {
            (false, _) => configured,
            (true, Some(token_id)) => match self.interface_of(contract).await? {
                Some(ContractInterface::Erc721) => vec![KnownNft {
                    contract,
                    standard: NftStandard::Erc721,
                    token_id,
                }],
                _ => {
                    return Err(Self::unsupported(
                        "collection_nfts without configured NFT ids",
                    ));
                }
            },
            (true, None) => {
                return Err(Self::unsupported(
                    "collection_nfts without configured NFT ids",
                ));
            }
        };
        let facts = self.reader.nft_facts(&candidates).await?;
        let existing = facts
            .into_iter()
            .filter(|facts| facts.nft.standard == NftStandard::Erc1155 || facts.owner.is_some());
        Ok(paged(existing.collect(), page)
            .into_iter()
            .map(|facts| {
                let amount = match facts.nft.standard {
                    NftStandard::Erc721 => U256::from(1_u8),
                    NftStandard::Erc1155 => facts.supply.unwrap_or_default(),
                };
                nft_record(facts, amount)
            })
            .collect())
    }

    /// One account's holdings (ERC-20 balance; ERC-721 configured ids it owns, or its
    /// NFT count; ERC-1155 configured ids), or the owner of one ERC-721 id. Listing
    /// every holder needs an index: [`EvmError::Unsupported`].
    async fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, EvmError> {
        let interface = self.interface_of(contract).await?;
        match (query, interface) {
            (HolderQuery::Account(account), Some(ContractInterface::Erc20)) => {
                let balance = self.reader.balance_of(contract, *account).await?;
                Ok(holder_rows(*account, None, balance))
            }
            (
                HolderQuery::Account(account),
                Some(ContractInterface::Erc721 | ContractInterface::Erc1155),
            ) => {
                let ids = self.known_nfts(|nft| nft.contract == contract);
                if ids.is_empty() && interface == Some(ContractInterface::Erc721) {
                    let count = self.reader.balance_of(contract, *account).await?;
                    return Ok(holder_rows(*account, None, count));
                }
                if ids.is_empty() {
                    return Err(Self::unsupported(
                        "ERC-1155 holdings without configured NFT ids",
                    ));
                }
                let held = self.reader.nfts_held(*account, &ids).await?;
                Ok(held
                    .into_iter()
                    .map(|holding| HolderRecord {
                        address: *account,
                        token_id: Some(holding.nft.token_id),
                        balance: holding.amount,
                        updated_ms: None,
                    })
                    .collect())
            }
            (HolderQuery::TokenId { token_id, .. }, Some(ContractInterface::Erc721)) => {
                let owner = self.reader.owner_of(contract, *token_id).await?;
                Ok(holder_rows(owner, Some(*token_id), U256::from(1_u8)))
            }
            (HolderQuery::Account(_), None) => Ok(Vec::new()),
            _ => Err(Self::unsupported("token holders")),
        }
    }

    /// The probed contract, with what the configured records add (logo, token-list
    /// name and decimals where the chain gave none).
    async fn contract(&self, address: Address) -> Result<Option<ContractRecord>, EvmError> {
        let probed = self.reader.probe_contract(address).await?;
        Ok(probed.map(|probed| match self.known.get(&address) {
            Some(known) => merge_known(probed, known),
            None => probed,
        }))
    }
}

fn nft_interface(standard: NftStandard) -> ContractInterface {
    match standard {
        NftStandard::Erc721 => ContractInterface::Erc721,
        NftStandard::Erc1155 => ContractInterface::Erc1155,
    }
}

fn nft_record(facts: NftFacts, amount: U256) -> NftRecord {
    NftRecord {
        standard: facts.nft.standard,
        contract: facts.nft.contract,
        token_id: facts.nft.token_id,
        amount,
        owner: facts.owner,
        supply: facts.supply,
        token_uri: facts.token_uri,
        metadata: None,
        minter: None,
        block_minted: None,
        updated_ms: None,
    }
}

fn holder_rows(address: Address, token_id: Option<U256>, balance: U256) -> Vec<HolderRecord> {
    if balance.is_zero() {
        return Vec::new();
    }
    vec![HolderRecord {
        address,
        token_id,
        balance,
        updated_ms: None,
    }]
}

/// Chain facts win; the configured record fills what the chain did not say.
fn merge_known(probed: ContractRecord, known: &ContractRecord) -> ContractRecord {
    let mut merged = probed;
    merged.name = merged.name.or_else(|| known.name.clone());
    merged.symbol = merged.symbol.or_else(|| known.symbol.clone());
    merged.decimals = merged.decimals.or(known.decimals);
    if merged.interfaces.is_empty() {
        merged.interfaces.clone_from(&known.interfaces);
    }
    merged.logo_uri = merged.logo_uri.or_else(|| known.logo_uri.clone());
    merged.verified |= known.verified;
    merged.creator = merged.creator.or(known.creator);
    merged.creation_transaction = merged.creation_transaction.or(known.creation_transaction);
    merged.creation_block = merged.creation_block.or(known.creation_block);
    merged.supply = merged.supply.or(known.supply);
    merged
}

fn paged<T>(rows: Vec<T>, page: PageRequest) -> Vec<T> {
    let offset = usize::try_from(page.offset).unwrap_or(usize::MAX);
    let limit = usize::try_from(page.limit).unwrap_or(usize::MAX);
    rows.into_iter().skip(offset).take(limit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_skips_and_limits() {
        let page = |offset, limit| PageRequest { offset, limit };
        assert_eq!(paged(vec![1, 2, 3, 4], page(1, 2)), vec![2, 3]);
        assert_eq!(paged(vec![1, 2], page(5, 2)), Vec::<i32>::new());
        assert_eq!(paged(vec![1, 2], page(0, u64::MAX)), vec![1, 2]);
    }

    #[test]
    fn chain_facts_win_over_configured_ones() {
        let address = Address::repeat_byte(7);
        let probed = ContractRecord {
            address,
            name: Some("Chain".to_owned()),
            decimals: None,
            interfaces: vec![ContractInterface::Erc20],
            ..ContractRecord::default()
        };
        let known = ContractRecord {
            address,
            name: Some("List".to_owned()),
            decimals: Some(6),
            logo_uri: Some("https://logo".to_owned()),
            ..ContractRecord::default()
        };
        let merged = merge_known(probed, &known);
        assert_eq!(merged.name.as_deref(), Some("Chain"));
        assert_eq!(merged.decimals, Some(6));
        assert_eq!(merged.logo_uri.as_deref(), Some("https://logo"));
        assert_eq!(merged.interfaces, vec![ContractInterface::Erc20]);
    }
}
