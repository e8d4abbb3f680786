//! NFT reads (spec §3 "NFT", §4 "NFT transfer"): the tokens an account holds, and one
//! token in full — its record and metadata, its owner (ERC-721, read from the chain) or
//! owners (ERC-1155, the source's holders with chain-read amounts), supply, collection
//! name, and who may move it.

use std::collections::HashMap;
use std::sync::Arc;

use alloy_primitives::{Address, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::EvmError;
use tandem_evm::source::{
    ApprovalRecord, ContractInterface, EvmSource, HolderQuery, NftRecord, PageRequest,
    TokenStandard,
};

use super::EvmNetwork;
use super::account_reads::{MAX_LIMIT, nft_record, resolve_contracts};
use super::coverage::{FillSlots, IndexContext};
use crate::error::ServiceError;

/// Owners whose operators are looked up, at most (an ERC-1155 id may have thousands).
const MAX_OWNERS_CHECKED: usize = 50;

/// What an account holds: the records (amounts above zero), and the names of their
/// collections where known, sorted by collection name, address and token id.
#[derive(Debug, Clone, Default)]
pub struct Holdings {
    /// One record per token held.
    pub records: Vec<NftRecord>,
    /// Collection names by contract.
    pub names: HashMap<Address, String>,
    /// The own index's side, on a network whose primary it is: the owner's coverage (NFTs
    /// received before the index's start are missing until it is complete) and the
    /// index's lag.
    pub index: Option<IndexContext>,
}

/// One NFT with everything its details page shows.
#[derive(Debug, Clone)]
pub struct NftDetails {
    /// The token's record: owner and amount held (ERC-721), supply and amount held in
    /// total (ERC-1155).
    pub record: NftRecord,
    /// The collection contract's name, when known.
    pub collection_name: Option<String>,
    /// ERC-1155 holders with their amounts; `None` for an ERC-721.
    pub owners: Option<Vec<(Address, U256)>>,
    /// The one address approved for this token (ERC-721 `getApproved`), if any.
    pub approved: Option<Address>,
    /// `(owner, operator)` pairs: operators its owners approved for the collection.
    pub operators: Vec<(Address, Address)>,
}

impl EvmNetwork {
    /// The ERC-721 and ERC-1155 tokens `owner` holds, of one `collection` or all; on an
    /// own-index network, a fill of the owner's earlier activity takes its slot from `slots`.
    ///
    /// # Errors
    /// When the source cannot list NFTs.
    pub async fn holdings(
        &self,
        owner: Address,
        collection: Option<Address>,
        slots: &dyn FillSlots,
    ) -> Result<Holdings, ServiceError> {
        let index = self.index_context(owner, slots).await?;
        let source = self.source();
        let everything = PageRequest {
            offset: 0,
            limit: MAX_LIMIT,
        };
        let mut records = Vec::new();
        for standard in [NftStandard::Erc721, NftStandard::Erc1155] {
            let owned = source.nfts_owned(owner, standard, everything).await?;
            records.extend(
                owned
                    .into_iter()
                    .filter(|r| collection.is_none_or(|c| r.contract == c) && !r.amount.is_zero())
                    .map(|mut r| {
                        // The account holds what it is listed with: an ERC-721's owner is it.
                        if standard == NftStandard::Erc721 {
                            r.owner = Some(owner);
                        }
                        r
                    }),
            );
        }
        let mut collections: Vec<(Address, Option<ContractInterface>)> = Vec::new();
        for record in &records {
            if !collections.iter().any(|(a, _)| *a == record.contract) {
                collections.push((record.contract, None));
            }
        }
        let names: HashMap<Address, String> = resolve_contracts(self.resolver(), &collections)
            .await
            .into_iter()
            .filter_map(|(address, contract)| Some((address, contract.record.name.clone()?)))
            .collect();
        records.sort_by(|a, b| {
            let name = |address: &Address| names.get(address).map(|n| n.to_lowercase());
            (name(&a.contract), a.contract, a.token_id).cmp(&(
                name(&b.contract),
                b.contract,
                b.token_id,
            ))
        });
        Ok(Holdings {
            records,
            names,
            index,
        })
    }

    /// Forgets what is cached of one NFT (after a transfer).
    pub fn forget_nft(&self, contract: Address, token_id: U256) {
        self.account_caches()
            .nft_records
            .forget(&(contract, token_id));
    }

    /// Token `id` of `contract` in full.
    ///
    /// # Errors
    /// [`ServiceError::NftNotFound`] for a token that does not exist; a domain refusal
    /// when `contract` is no NFT collection; when the source or the node cannot answer.
    pub async fn nft_details(
        &self,
        contract: Address,
        id: U256,
    ) -> Result<NftDetails, ServiceError> {
        let (collection, standard) = self.resolver().resolve_nft_collection(contract).await?;
        let source = self.source();
        let cached = nft_record(self.account_caches(), &source, contract, id).await;
        let record = cached.as_ref().and_then(|r| r.as_ref().clone());
        let name = collection.record.name.clone();
        let mut details = match standard {
            NftStandard::Erc721 => self.erc721(&source, contract, record, id).await?,
            NftStandard::Erc1155 => self.erc1155(&source, contract, record, id).await?,
        };
        details.collection_name = name;
        Ok(details)
    }

    async fn erc721(
        &self,
        source: &Arc<dyn EvmSource>,
        contract: Address,
        record: Option<NftRecord>,
        id: U256,
    ) -> Result<NftDetails, ServiceError> {
        let reader = self.reader();
        let owner = match reader.owner_of(contract, id).await {
            Ok(owner) => Some(owner),
            // ownerOf reverts for a token that does not exist (or was burnt).
            Err(EvmError::ContractCall { .. }) if record.is_none() => {
                return Err(not_found(contract, id));
            }
            Err(error) => {
                tracing::warn!(%contract, %id, %error, "ownerOf failed; using the source's owner");
                record.as_ref().and_then(|r| r.owner)
            }
        };
        let mut record = record.unwrap_or_else(|| bare_record(contract, NftStandard::Erc721, id));
        record.owner = owner;
        record.amount = U256::from(1);
        record.supply = Some(U256::from(1));
        let approved = match reader.get_approved(contract, id).await {
            Ok(approved) => (!approved.is_zero()).then_some(approved),
            Err(error) => {
                tracing::warn!(%contract, %id, %error, "getApproved failed");
                None
            }
        };
        let owners: Vec<Address> = owner.into_iter().collect();
        let operators = self
            .operators_of(source, contract, TokenStandard::Erc721, &owners)
            .await;
        Ok(NftDetails {
            record,
            collection_name: None,
            owners: None,
            approved,
            operators,
        })
    }

    async fn erc1155(
        &self,
        source: &Arc<dyn EvmSource>,
        contract: Address,
        record: Option<NftRecord>,
        id: U256,
    ) -> Result<NftDetails, ServiceError> {
        let query = HolderQuery::TokenId {
            token_id: id,
            limit: MAX_LIMIT,
        };
        let mut holders: Vec<(Address, U256)> = source
            .token_holders(contract, &query)
            .await?
            .into_iter()
            .filter(|h| h.token_id.is_none_or(|t| t == id))
            .map(|h| (h.address, h.balance))
            .collect();
        // The chain's amounts win over a lagging index.
        let pairs: Vec<(Address, U256)> = holders.iter().map(|&(holder, _)| (holder, id)).collect();
        if !pairs.is_empty() {
            match self
                .reader()
                .erc1155_balance_of_batch(contract, &pairs)
                .await
            {
                Ok(amounts) => {
                    for (holder, amount) in holders.iter_mut().zip(amounts) {
                        holder.1 = amount;
                    }
                }
                Err(error) => tracing::warn!(%contract, %id, %error, "balanceOfBatch failed"),
            }
        }
        holders.retain(|(_, amount)| !amount.is_zero());
        if holders.is_empty() && record.is_none() {
            return Err(not_found(contract, id));
        }
        let mut record = record.unwrap_or_else(|| bare_record(contract, NftStandard::Erc1155, id));
        let held: U256 = holders
            .iter()
            .fold(U256::ZERO, |sum, (_, amount)| sum.saturating_add(*amount));
        record.supply = record.supply.or(Some(held));
        record.amount = held;
        let owners: Vec<Address> = holders.iter().map(|&(holder, _)| holder).collect();
        let operators = self
            .operators_of(source, contract, TokenStandard::Erc1155, &owners)
            .await;
        Ok(NftDetails {
            record,
            collection_name: None,
            owners: Some(holders),
            approved: None,
            operators,
        })
    }

    /// The operators each of `owners` approved on `contract` (from the source), confirmed
    /// by `isApprovedForAll` when the chain answers.
    async fn operators_of(
        &self,
        source: &Arc<dyn EvmSource>,
        contract: Address,
        standard: TokenStandard,
        owners: &[Address],
    ) -> Vec<(Address, Address)> {
        let mut operators = Vec::new();
        for &owner in owners.iter().take(MAX_OWNERS_CHECKED) {
            let approvals = match source.approvals(owner, standard).await {
                Ok(approvals) => approvals,
                Err(error) => {
                    tracing::warn!(%owner, %error, "operator approvals unavailable");
                    continue;
                }
            };
            for approval in approvals {
                let ApprovalRecord::Operator {
                    contract: c,
                    operator,
                    approved: true,
                    ..
                } = approval
                else {
                    continue;
                };
                if c != contract {
                    continue;
                }
                let confirmed = self
                    .reader()
                    .is_approved_for_all(contract, owner, operator)
                    .await
                    .unwrap_or(true);
                if confirmed {
                    operators.push((owner, operator));
                }
            }
        }
        operators
    }
}

fn not_found(contract: Address, token_id: U256) -> ServiceError {
    ServiceError::NftNotFound { contract, token_id }
}

/// A record for a token the source does not list (metadata unknown).
fn bare_record(contract: Address, standard: NftStandard, id: U256) -> NftRecord {
    NftRecord {
        standard,
        contract,
        token_id: id,
        amount: U256::from(1),
        owner: None,
        supply: None,
        token_uri: None,
        metadata: None,
        minter: None,
        block_minted: None,
        updated_ms: None,
    }
}
