//! The reads behind the source: health against the chain's head, a page's rows with
//! their logs, a contract's facts, and which blocks hold every transaction an owner
//! sent (for the approvals search).

use alloy_primitives::{Address, B256};
use tandem_domain::history::RawLog;
use tandem_domain::time::now_ms;

use super::convert::{self, u64_of};
use super::timeline::Entry;
use super::wire::{
    AddressWire, BlockWire, IndexingWire, LogWire, SmartContractWire, TransactionWire,
};
use super::{BlockscoutClient, Keep, ListSpec, path_address};
use crate::EvmError;
use crate::http::Upstream;
use crate::lookup::ContractFacts;
use crate::source::{ApprovalSearch, ContractRecord, SourceHealth, SourceKind, TransactionRecord};

/// What Blockscout says of its own progress.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexingState {
    /// The newest block it holds and that block's time (ms).
    pub latest: Option<(u64, u64)>,
    /// Whether it has indexed every block (`None` when it did not say).
    pub finished_blocks: Option<bool>,
    /// Share of blocks indexed, 0 to 1, as its decimal text.
    pub blocks_ratio: Option<String>,
}

impl BlockscoutClient {
    /// Its indexing status and newest block (`main-page/indexing-status`,
    /// `main-page/blocks`); the status is optional (not every deployment serves it).
    ///
    /// # Errors
    /// When the newest blocks cannot be read.
    pub async fn indexing(&self) -> Result<IndexingState, EvmError> {
        let (status, blocks) = tokio::join!(
            self.object::<IndexingWire>("api/v2/main-page/indexing-status", &[]),
            self.http
                .get_json::<Vec<BlockWire>>("api/v2/main-page/blocks", &[]),
        );
        let latest = blocks?
            .into_iter()
            .filter_map(|block| Some((u64_of(&block.height)?, convert::ms(&block.timestamp)?)))
            .max();
        let status = status.ok().flatten();
        Ok(IndexingState {
            latest,
            finished_blocks: status
                .as_ref()
                .and_then(|s| s.finished_indexing_blocks.as_ref().copied()),
            blocks_ratio: status
                .and_then(|s| s.indexed_blocks_ratio.into_option())
                .map(|ratio| ratio.0),
        })
    }

    /// Spec §4: how far Blockscout's newest block is behind the chain's head (from the
    /// node, when this client has one; else the wall clock).
    pub(super) async fn health_now(&self) -> Result<SourceHealth, EvmError> {
        let state = self.indexing().await?;
        let Some((block, time_ms)) = state.latest else {
            return Err(EvmError::Decode {
                upstream: Upstream::Blockscout,
                path: "/api/v2/main-page/blocks".to_owned(),
                source: "no block in the answer".into(),
            });
        };
        let behind_ms = match &self.node {
            Some(node) => {
                let head = node.block_head().await?;
                if head.number <= block {
                    0
                } else {
                    head.timestamp
                        .saturating_mul(1000)
                        .saturating_sub(time_ms)
                        .max(1000)
                }
            }
            None => now_ms().saturating_sub(time_ms),
        };
        let note = match (state.finished_blocks, &state.blocks_ratio) {
            (Some(false), Some(ratio)) => Some(format!(
                "{} has indexed {ratio} of the chain's blocks: older history may be incomplete",
                self.name()
            )),
            (Some(false), None) => Some(format!(
                "{} has not indexed every block yet: older history may be incomplete",
                self.name()
            )),
            _ => None,
        };
        Ok(SourceHealth {
            kind: SourceKind::Blockscout,
            success: true,
            block_number: block,
            block_timestamp_ms: time_ms,
            seconds_behind: behind_ms / 1000,
            note,
        })
    }

    /// The rows of `entries` with their logs: from the node when this client has one
    /// (three batched requests a page; a transaction the node does not know is left
    /// out), else from Blockscout (the transaction where the list lacked it, and its
    /// logs, a request each).
    pub(super) async fn rows(&self, entries: &[Entry]) -> Result<Vec<TransactionRecord>, EvmError> {
        if let Some(node) = &self.node {
            let hashes: Vec<B256> = entries.iter().map(|entry| entry.hash).collect();
            let found = node.transaction_records(&hashes).await?;
            for (entry, row) in entries.iter().zip(&found) {
                if row.is_none() {
                    tracing::warn!(hash = %entry.hash, "a transaction Blockscout lists is unknown to the node; left out");
                }
            }
            return Ok(found.into_iter().flatten().collect());
        }
        let rows = futures_util::future::try_join_all(entries.iter().map(|entry| async move {
            let row = match &entry.row {
                Some(row) => Some(row.clone()),
                None => self.transaction_row(entry.hash).await?,
            };
            let Some(mut row) = row else {
                return Ok(None);
            };
            row.transaction.logs = self.logs(entry.hash).await?;
            row.tx_index = row.tx_index.or(entry.position);
            Ok::<_, EvmError>(Some(row))
        }))
        .await?;
        Ok(rows.into_iter().flatten().collect())
    }

    /// `transactions/{hash}` without logs; `None` when Blockscout does not know it.
    pub(super) async fn transaction_row(
        &self,
        hash: B256,
    ) -> Result<Option<TransactionRecord>, EvmError> {
        let wire: Option<TransactionWire> = self
            .object(&format!("api/v2/transactions/{hash:#x}"), &[])
            .await?;
        Ok(wire.and_then(convert::transaction))
    }

    /// `transactions/{hash}/logs`, every page, in block order.
    pub(super) async fn logs(&self, hash: B256) -> Result<Vec<RawLog>, EvmError> {
        let spec = ListSpec::new(format!("api/v2/transactions/{hash:#x}/logs"), Vec::new());
        let mut logs = self
            .all(
                &spec,
                |wire: LogWire| convert::log(wire).map(|l| vec![l]),
                |_| Keep::Yes,
            )
            .await?;
        logs.sort_by_key(|(index, _)| *index);
        Ok(logs.into_iter().map(|(_, log)| log).collect())
    }

    /// What Blockscout knows of the contract at `address`, with its verified ABI;
    /// `None` when the address is not a contract it knows.
    pub async fn contract_details(
        &self,
        address: Address,
    ) -> Result<Option<ContractFacts>, EvmError> {
        let path = format!("api/v2/addresses/{}", path_address(address));
        let Some(wire) = self.object::<AddressWire>(&path, &[]).await? else {
            return Ok(None);
        };
        if wire.is_contract.as_ref() != Some(&true) {
            return Ok(None);
        }
        let verified = wire.is_verified.as_ref().copied().unwrap_or(false);
        let token = wire
            .token
            .into_option()
            .and_then(|token| convert::token(token, Some(address)));
        let mut record = token.unwrap_or(ContractRecord {
            address,
            ..ContractRecord::default()
        });
        record.address = address;
        record.verified = verified;
        record.creator = wire
            .creator_address_hash
            .as_ref()
            .and_then(|text| crate::http::tolerant::parse_address(text));
        record.creation_transaction = convert::hash_of(&wire.creation_transaction_hash);
        if record.name.is_none() {
            record.name = wire.name.into_option().filter(|n| !n.trim().is_empty());
        }
        let mut abi = None;
        if verified {
            let contract: Option<SmartContractWire> = self
                .object(
                    &format!("api/v2/smart-contracts/{}", path_address(address)),
                    &[],
                )
                .await?;
            if let Some(contract) = contract {
                abi = contract.abi.into_option().map(|raw| raw.get().to_owned());
                if record.name.is_none() {
                    record.name = contract.name.into_option().filter(|n| !n.trim().is_empty());
                }
            }
        }
        Ok(Some(ContractFacts { record, abi }))
    }

    /// Where to look for `owner`'s approvals: the blocks of every transaction it sent
    /// up to Blockscout's newest block, when their number equals the owner's nonce
    /// there (so none is missing), and every block after it; else the whole chain.
    pub(super) async fn approval_search(&self, owner: Address) -> ApprovalSearch {
        match self.sent_blocks(owner).await {
            Ok(Some(search)) => search,
            Ok(None) => ApprovalSearch::default(),
            Err(error) => {
                tracing::warn!(%owner, %error, "approvals searched over the whole chain");
                ApprovalSearch::default()
            }
        }
    }

    async fn sent_blocks(&self, owner: Address) -> Result<Option<ApprovalSearch>, EvmError> {
        let Some(node) = &self.node else {
            return Ok(None);
        };
        let Some((latest, _)) = self.indexing().await?.latest else {
            return Ok(None);
        };
        let spec = ListSpec::new(
            format!("api/v2/addresses/{}/transactions", path_address(owner)),
            vec![("filter", "from".to_owned())],
        );
        let sent = self
            .all(
                &spec,
                |wire: TransactionWire| {
                    let from = convert::address_of(&wire.from)?;
                    let block = u64_of(&wire.block_number).or_else(|| u64_of(&wire.block))?;
                    Some(vec![(from, block)])
                },
                |(from, block)| {
                    if *from == owner && *block <= latest {
                        Keep::Yes
                    } else {
                        Keep::No
                    }
                },
            )
            .await?;
        let nonce = node.transaction_count_at(owner, latest).await?;
        if nonce != sent.len() as u64 {
            tracing::info!(%owner, nonce, listed = sent.len(), "Blockscout's list of sent transactions is incomplete");
            return Ok(None);
        }
        let mut blocks: Vec<u64> = sent.into_iter().map(|(_, block)| block).collect();
        blocks.sort_unstable();
        blocks.dedup();
        Ok(Some(ApprovalSearch {
            blocks,
            from_block: latest.saturating_add(1),
        }))
    }
}

/// US dollar prices: each token's `exchange_rate` (`tokens/{c}`) and the native coin's
/// `coin_price` (`stats`), stamped with the time they were read (Blockscout says none).
#[async_trait::async_trait]
impl crate::market::MarketFeed for BlockscoutClient {
    async fn market_data(
        &self,
        tokens: &[crate::market::MarketQuery],
        fiat: &str,
    ) -> Result<Vec<crate::market::MarketData>, EvmError> {
        if !fiat.eq_ignore_ascii_case("USD") {
            return Ok(Vec::new());
        }
        let read = now_ms();
        let rows = futures_util::future::try_join_all(tokens.iter().map(|token| async move {
            let (price, market_cap, volume, holders, decimals) = match token.address {
                Some(address) => {
                    let path = format!("api/v2/tokens/{}", path_address(address));
                    let Some(wire) = self.object::<super::wire::TokenWire>(&path, &[]).await?
                    else {
                        return Ok(None);
                    };
                    (
                        wire.exchange_rate.into_option(),
                        wire.circulating_market_cap.into_option().map(|v| v.0),
                        wire.volume_24h.into_option().map(|v| v.0),
                        u64_of(&wire.holders_count),
                        u64_of(&wire.decimals).and_then(|d| u8::try_from(d).ok()),
                    )
                }
                None => {
                    let Some(stats) = self
                        .object::<super::wire::StatsWire>("api/v2/stats", &[])
                        .await?
                    else {
                        return Ok(None);
                    };
                    (
                        stats.coin_price.into_option(),
                        stats.market_cap.into_option().map(|v| v.0),
                        None,
                        None,
                        Some(18),
                    )
                }
            };
            let price = price
                .and_then(|p| tandem_domain::price::MarketPrice::from_decimal_str(&p.0, read).ok());
            Ok::<_, EvmError>(price.map(|price| crate::market::MarketData {
                address: token.address,
                symbol: Some(token.symbol.clone()),
                price: Some(price),
                updated_ms: Some(read),
                decimals,
                volume,
                market_cap,
                holders,
            }))
        }))
        .await?;
        Ok(rows.into_iter().flatten().collect())
    }
}
