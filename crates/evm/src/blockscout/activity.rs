//! An account's activity below a block, as Blockscout lists it, for the own index's
//! fill to confirm against the chain ([`ActivitySource`]): its transactions, its token
//! transfers and the transactions that moved native value to or from it inside a call.

use std::collections::BTreeMap;

use alloy_primitives::{Address, B256};
use async_trait::async_trait;

use super::convert::{self, hash_of, u64_of};
use super::wire::{InternalWire, TokenTransferWire, TransactionWire};
use super::{BlockscoutClient, Keep, ListSpec, path_address};
use crate::EvmError;
use crate::source::TransferRecord;
use crate::source::activity::{
    AccountActivity, ActivitySource, ActivityUnusable, ListedTransaction,
};

/// Pages a fill reads of each list at most (50 rows each): a million rows.
const FILL_PAGES: u64 = 20_000;

impl BlockscoutClient {
    fn list(&self, account: Address, list: &str) -> ListSpec<'static> {
        let mut spec = ListSpec::new(
            format!("api/v2/addresses/{}/{list}", path_address(account)),
            Vec::new(),
        );
        spec.max_pages = FILL_PAGES;
        spec
    }
}

fn below_only(block: u64, below: u64) -> Keep {
    if block < below { Keep::Yes } else { Keep::No }
}

#[async_trait]
impl ActivitySource for BlockscoutClient {
    fn name(&self) -> String {
        BlockscoutClient::name(self)
    }

    async fn ready_below(&self, below: u64) -> Result<Result<(), ActivityUnusable>, EvmError> {
        let state = self.indexing().await?;
        if state.finished_blocks == Some(false) {
            let share = state
                .blocks_ratio
                .map_or_else(String::new, |ratio| format!(" (indexed: {ratio})"));
            return Ok(Err(ActivityUnusable::NotIndexed(format!(
                "{} has not indexed every block yet{share}",
                self.name()
            ))));
        }
        match state.latest {
            Some((latest, _)) if latest.saturating_add(1) >= below => Ok(Ok(())),
            Some((latest, _)) => Ok(Err(ActivityUnusable::NotIndexed(format!(
                "{} holds blocks up to {latest} only",
                self.name()
            )))),
            None => Ok(Err(ActivityUnusable::NotIndexed(format!(
                "{} names no newest block",
                self.name()
            )))),
        }
    }

    async fn activity(&self, account: Address, below: u64) -> Result<AccountActivity, EvmError> {
        let (sent_list, transfer_list, internal_list) = (
            self.list(account, "transactions"),
            self.list(account, "token-transfers"),
            self.list(account, "internal-transactions"),
        );
        let (sent, transfers, internal) = tokio::try_join!(
            self.all(
                &sent_list,
                |wire: TransactionWire| {
                    Some(vec![ListedTransaction {
                        hash: hash_of(&wire.hash)?,
                        block_number: u64_of(&wire.block_number).or_else(|| u64_of(&wire.block))?,
                        from: convert::address_of(&wire.from),
                    }])
                },
                |row: &ListedTransaction| below_only(row.block_number, below),
            ),
            self.all(
                &transfer_list,
                |wire: TokenTransferWire| convert::transfers(wire),
                |row: &TransferRecord| below_only(row.block_number, below),
            ),
            self.all(
                &internal_list,
                |wire: InternalWire| convert::internal(wire).map(|i| vec![i]),
                |row: &convert::InternalTransfer| below_only(row.block_number, below),
            ),
        )?;
        let mut transactions: BTreeMap<B256, ListedTransaction> = BTreeMap::new();
        let listed = sent
            .into_iter()
            .chain(transfers.iter().map(|t| ListedTransaction {
                hash: t.transaction,
                block_number: t.block_number,
                from: None,
            }))
            .chain(internal.iter().map(|i| ListedTransaction {
                hash: i.transaction,
                block_number: i.block_number,
                from: None,
            }));
        for row in listed {
            let known = transactions.entry(row.hash).or_insert_with(|| row.clone());
            known.from = known.from.or(row.from);
        }
        let mut transactions: Vec<ListedTransaction> = transactions.into_values().collect();
        transactions.sort_by_key(|t| (t.block_number, t.hash));
        Ok(AccountActivity {
            transactions,
            transfers,
        })
    }
}
