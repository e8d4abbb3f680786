//! [`EvmSource`] over Blockscout's v2 REST routes.

use alloy_primitives::{Address, B256, U256};
use async_trait::async_trait;
use tandem_domain::nft::NftStandard;

use super::convert::{self, nft_standard, type_param};
use super::wire::{
    AddressWire, HolderWire, InstanceWire, TokenBalanceWire, TokenTransferWire, TokenWire,
};
use super::{BlockscoutClient, Keep, ListSpec, path_address};
use crate::EvmError;
use crate::lookup::{ContractFacts, ContractFactsSource, LookupStep};
use crate::reads::KnownNft;
use crate::source::{
    ApprovalKind, ApprovalRecord, ContractRecord, EvmSource, HolderQuery, HolderRecord, NftRecord,
    Page, PageRequest, SortOrder, SourceHealth, SourceKind, TokenBalance, TokenStandard,
    TransactionQuery, TransactionRecord, TransferQuery, TransferRecord,
};

impl BlockscoutClient {
    fn unsupported(&self, capability: &'static str) -> EvmError {
        EvmError::Unsupported {
            kind: SourceKind::Blockscout,
            capability,
        }
    }

    /// `rows` with what Blockscout's lists leave out read from the node, when this
    /// client has one (one batch): each token's URI, and an ERC-1155 id's supply.
    async fn with_chain_facts(&self, mut rows: Vec<NftRecord>) -> Vec<NftRecord> {
        let Some(node) = &self.node else {
            return rows;
        };
        let nfts: Vec<KnownNft> = rows
            .iter()
            .map(|row| KnownNft {
                contract: row.contract,
                standard: row.standard,
                token_id: row.token_id,
            })
            .collect();
        match node.nft_facts(&nfts).await {
            Ok(facts) => {
                for (row, facts) in rows.iter_mut().zip(facts) {
                    row.token_uri = row.token_uri.take().or(facts.token_uri);
                    if row.standard == NftStandard::Erc1155 {
                        row.supply = facts.supply.or(row.supply);
                    }
                }
            }
            Err(error) => tracing::warn!(%error, "NFT URIs and supplies not read"),
        }
        rows
    }

    /// The standard of the collection `contract` (`tokens/{c}`); `None` when
    /// Blockscout knows no such token or it is not an NFT collection.
    async fn collection_standard(
        &self,
        contract: Address,
    ) -> Result<Option<NftStandard>, EvmError> {
        let token: Option<TokenWire> = self
            .object(&format!("api/v2/tokens/{}", path_address(contract)), &[])
            .await?;
        Ok(token
            .as_ref()
            .and_then(convert::token_standard)
            .and_then(nft_standard))
    }
}

#[async_trait]
impl EvmSource for BlockscoutClient {
    fn kind(&self) -> SourceKind {
        SourceKind::Blockscout
    }

    async fn health(&self) -> Result<SourceHealth, EvmError> {
        self.health_now().await
    }

    /// The native balance (from the node when this client has one: Blockscout's can
    /// trail the head) and every ERC-20 balance Blockscout lists.
    async fn balances(&self, owner: Address) -> Result<Vec<TokenBalance>, EvmError> {
        let account = path_address(owner);
        let native = async {
            match &self.node {
                Some(node) => node.native_balance(owner).await.map(Some),
                None => {
                    let path = format!("api/v2/addresses/{account}");
                    let wire: Option<AddressWire> = self.object(&path, &[]).await?;
                    // Blockscout answers 404 for an address it never saw: nothing held.
                    Ok(Some(
                        wire.and_then(|w| convert::u256(&w.coin_balance))
                            .unwrap_or(U256::ZERO),
                    ))
                }
            }
        };
        let spec = ListSpec::new(
            format!("api/v2/addresses/{account}/tokens"),
            vec![("type", type_param(TokenStandard::Erc20).to_owned())],
        );
        let tokens = self.all(
            &spec,
            |wire: TokenBalanceWire| convert::balance(wire).map(|b| vec![b]),
            |_| Keep::Yes,
        );
        let (native, tokens) = tokio::join!(native, tokens);
        let tokens = match tokens {
            Err(EvmError::Status { status: 404, .. }) => Vec::new(),
            other => other?,
        };
        let mut balances: Vec<TokenBalance> = native?
            .into_iter()
            .map(|amount| TokenBalance {
                token: None,
                amount,
                contract: None,
                updated_ms: None,
            })
            .collect();
        balances.extend(tokens);
        Ok(balances)
    }

    /// The account's transactions, token transfers and internal value moves merged into
    /// one history (see `timeline`), each row with its receipt's logs.
    async fn transactions(
        &self,
        address: Address,
        query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, EvmError> {
        if query.log_topic.is_some() {
            return Err(self.unsupported("transactions filtered by log topic"));
        }
        let offset = usize::try_from(query.page.offset).unwrap_or(usize::MAX);
        let limit = usize::try_from(query.page.limit).unwrap_or(usize::MAX);
        let end = offset.saturating_add(limit);
        let timeline = self.timelines.of(address);
        let mut timeline = timeline.lock().await;
        let (entries, more) = match query.sort {
            SortOrder::Descending => {
                timeline
                    .extend(self, address, end.saturating_add(1))
                    .await?;
                let entries = &timeline.entries;
                let page = entries.get(offset.min(entries.len())..end.min(entries.len()));
                (page.unwrap_or_default().to_vec(), entries.len() > end)
            }
            SortOrder::Ascending => {
                timeline.extend(self, address, usize::MAX).await?;
                let oldest_first: Vec<_> = timeline.entries.iter().rev().cloned().collect();
                let page =
                    oldest_first.get(offset.min(oldest_first.len())..end.min(oldest_first.len()));
                (page.unwrap_or_default().to_vec(), oldest_first.len() > end)
            }
        };
        drop(timeline);
        let rows = self.rows(&entries).await?;
        Ok(Page {
            rows,
            total: None,
            more,
        })
    }

    async fn transfers(
        &self,
        account: Address,
        query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, EvmError> {
        let mut params = vec![("type", type_param(query.standard).to_owned())];
        if let Some(contract) = query.contract {
            params.push(("token", path_address(contract)));
        }
        let mut spec = ListSpec::new(
            format!("api/v2/addresses/{}/token-transfers", path_address(account)),
            params,
        );
        let (start, end) = (query.start_block, query.end_block);
        spec.filter_key = format!("{start:?}..{end:?}");
        let standard = query.standard;
        let walked = self
            .walk(
                &spec,
                query.page.offset,
                query.page.limit,
                |wire: TokenTransferWire| convert::transfers(wire),
                // Newest first: past the start block nothing more can match.
                |row: &TransferRecord| {
                    if start.is_some_and(|s| row.block_number < s) {
                        Keep::Stop
                    } else if end.is_some_and(|e| row.block_number > e) || row.standard != standard
                    {
                        Keep::No
                    } else {
                        Keep::Yes
                    }
                },
            )
            .await?;
        Ok(Page {
            rows: walked.rows,
            total: None,
            more: walked.more,
        })
    }

    async fn approvals(
        &self,
        owner: Address,
        kind: ApprovalKind,
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        self.approvals_of_kinds(owner, &[kind]).await
    }

    /// Blockscout keeps no approvals: they come from the finder this client was given,
    /// told which blocks hold the owner's own transactions when Blockscout's list of
    /// them is complete; without a finder, the source says it cannot answer.
    async fn approvals_of_kinds(
        &self,
        owner: Address,
        kinds: &[ApprovalKind],
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        let Some(finder) = &self.approvals else {
            return Err(self.unsupported("approvals"));
        };
        let search = self.approval_search(owner).await;
        finder.find(owner, kinds, &search).await
    }

    async fn nfts_owned(
        &self,
        owner: Address,
        standard: NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        let token_standard = match standard {
            NftStandard::Erc721 => TokenStandard::Erc721,
            NftStandard::Erc1155 => TokenStandard::Erc1155,
        };
        let spec = ListSpec::new(
            format!("api/v2/addresses/{}/nft", path_address(owner)),
            vec![("type", type_param(token_standard).to_owned())],
        );
        let walked = self
            .walk(
                &spec,
                page.offset,
                page.limit,
                |wire: InstanceWire| {
                    convert::nft(wire, Some(standard), None, Some(owner)).map(|n| vec![n])
                },
                |row: &NftRecord| {
                    if row.standard == standard {
                        Keep::Yes
                    } else {
                        Keep::No
                    }
                },
            )
            .await;
        match walked {
            Err(EvmError::Status { status: 404, .. }) => Ok(Vec::new()),
            other => Ok(self.with_chain_facts(other?.rows).await),
        }
    }

    async fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        let Some(standard) = self.collection_standard(contract).await? else {
            return Ok(Vec::new());
        };
        let collection = path_address(contract);
        if let Some(id) = token_id {
            if page.offset > 0 {
                return Ok(Vec::new());
            }
            let path = format!("api/v2/tokens/{collection}/instances/{id}");
            let wire: Option<InstanceWire> = self.object(&path, &[]).await?;
            let rows = wire
                .and_then(|w| convert::nft(w, Some(standard), Some(contract), None))
                .into_iter()
                .collect();
            return Ok(self.with_chain_facts(rows).await);
        }
        let spec = ListSpec::new(format!("api/v2/tokens/{collection}/instances"), Vec::new());
        let walked = self
            .walk(
                &spec,
                page.offset,
                page.limit,
                |wire: InstanceWire| {
                    convert::nft(wire, Some(standard), Some(contract), None).map(|n| vec![n])
                },
                |_| Keep::Yes,
            )
            .await?;
        Ok(self.with_chain_facts(walked.rows).await)
    }

    async fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, EvmError> {
        let collection = path_address(contract);
        let (spec, limit, id) = match query {
            HolderQuery::All { limit } => (
                ListSpec::new(format!("api/v2/tokens/{collection}/holders"), Vec::new()),
                *limit,
                None,
            ),
            HolderQuery::TokenId { token_id, limit } => (
                ListSpec::new(
                    format!("api/v2/tokens/{collection}/instances/{token_id}/holders"),
                    Vec::new(),
                ),
                *limit,
                Some(*token_id),
            ),
            HolderQuery::Account(owner) => {
                let spec = ListSpec::new(
                    format!("api/v2/addresses/{}/tokens", path_address(*owner)),
                    Vec::new(),
                );
                let owner = *owner;
                let rows = self
                    .all(
                        &spec,
                        move |wire: TokenBalanceWire| {
                            let held = wire.token.as_ref().and_then(|t| {
                                crate::http::tolerant::parse_address(
                                    t.address_hash.as_ref().or(t.address.as_ref())?,
                                )
                            });
                            (held == Some(contract)).then_some(())?;
                            Some(vec![HolderRecord {
                                address: owner,
                                token_id: convert::u256(&wire.token_id),
                                balance: convert::u256(&wire.value)?,
                                updated_ms: None,
                            }])
                        },
                        |_| Keep::Yes,
                    )
                    .await;
                return match rows {
                    Err(EvmError::Status { status: 404, .. }) => Ok(Vec::new()),
                    other => other,
                };
            }
        };
        let walked = self
            .walk(
                &spec,
                0,
                limit,
                |wire: HolderWire| {
                    convert::holder(wire).map(|mut h| {
                        h.token_id = h.token_id.or(id);
                        vec![h]
                    })
                },
                |_| Keep::Yes,
            )
            .await;
        match walked {
            Err(EvmError::Status { status: 404, .. }) => Ok(Vec::new()),
            other => Ok(other?.rows),
        }
    }

    async fn contract(&self, address: Address) -> Result<Option<ContractRecord>, EvmError> {
        Ok(self
            .contract_details(address)
            .await?
            .map(|facts| facts.record))
    }

    async fn transaction(&self, hash: B256) -> Result<Option<TransactionRecord>, EvmError> {
        if let Some(node) = &self.node {
            let found = node.transaction_records(&[hash]).await?;
            return Ok(found.into_iter().next().flatten());
        }
        let Some(mut row) = self.transaction_row(hash).await? else {
            return Ok(None);
        };
        row.transaction.logs = self.logs(hash).await?;
        Ok(Some(row))
    }
}

#[async_trait]
impl ContractFactsSource for BlockscoutClient {
    fn step(&self) -> LookupStep {
        LookupStep::Indexer
    }

    async fn contract_facts(&self, address: Address) -> Result<Option<ContractFacts>, EvmError> {
        self.contract_details(address).await
    }
}
