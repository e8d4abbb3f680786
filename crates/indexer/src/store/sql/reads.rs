//! The store's reads ([`StoreReads`]): each opens a read on the backend and runs one of
//! the query modules' statements there.

use alloy_primitives::{Address, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::source::{
    ApprovalKind, ApprovalRecord, ContractRecord, HolderQuery, HolderRecord, NftRecord, Page,
    PageRequest, TokenBalance, TransactionQuery, TransactionRecord, TransferQuery, TransferRecord,
};

use super::{Backend, SqlStore, fill, first_block, history_query, meta, nft_query, query};
use crate::IndexerError;
use crate::store::{BlockRef, Coverage, HeadSeen, StoreReads};

impl<B: Backend> StoreReads for SqlStore<B> {
    fn cursor(&self) -> Result<Option<BlockRef>, IndexerError> {
        Ok(self.backend.read(|sql| {
            first_block(&sql.query(
                "SELECT number, hash, timestamp FROM blocks ORDER BY number DESC LIMIT 1",
                &[],
            )?)
        })?)
    }

    fn head(&self) -> Result<Option<HeadSeen>, IndexerError> {
        let Some(text) = self.backend.read(|sql| meta(sql, "head"))? else {
            return Ok(None);
        };
        let parts: Vec<u64> = text
            .split(' ')
            .filter_map(|part| part.parse().ok())
            .collect();
        Ok(match parts.as_slice() {
            [number, timestamp, observed_ms] => Some(HeadSeen {
                number: *number,
                timestamp: *timestamp,
                observed_ms: *observed_ms,
            }),
            _ => None,
        })
    }

    fn coverage(&self, account: Address) -> Result<Coverage, IndexerError> {
        Ok(self.backend.read(|sql| fill::coverage(sql, account))?)
    }

    fn touched_since(
        &self,
        account: Address,
        contracts: &[Address],
        after_block: u64,
    ) -> Result<bool, IndexerError> {
        Ok(self
            .backend
            .read(|sql| history_query::touched_since(sql, account, contracts, after_block))?)
    }

    fn native_balance(&self, owner: Address) -> Result<Option<TokenBalance>, IndexerError> {
        Ok(self.backend.read(|sql| query::native_balance(sql, owner))?)
    }

    fn token_balances(&self, owner: Address) -> Result<Vec<TokenBalance>, IndexerError> {
        Ok(self.backend.read(|sql| query::token_balances(sql, owner))?)
    }

    fn transactions(
        &self,
        address: Address,
        query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, IndexerError> {
        Ok(self
            .backend
            .read(|sql| history_query::transactions(sql, address, query))?)
    }

    fn transfers(
        &self,
        account: Address,
        query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, IndexerError> {
        Ok(self
            .backend
            .read(|sql| history_query::transfers(sql, account, query))?)
    }

    fn approvals(
        &self,
        owner: Address,
        kinds: &[ApprovalKind],
    ) -> Result<Vec<ApprovalRecord>, IndexerError> {
        Ok(self
            .backend
            .read(|sql| query::approvals(sql, owner, kinds))?)
    }

    fn nfts_owned(
        &self,
        owner: Address,
        standard: NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, IndexerError> {
        Ok(self
            .backend
            .read(|sql| nft_query::nfts_owned(sql, owner, standard, page))?)
    }

    fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, IndexerError> {
        Ok(self
            .backend
            .read(|sql| nft_query::collection_nfts(sql, contract, token_id, page))?)
    }

    fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, IndexerError> {
        Ok(self
            .backend
            .read(|sql| nft_query::token_holders(sql, contract, query))?)
    }

    fn contract(&self, address: Address) -> Result<Option<ContractRecord>, IndexerError> {
        Ok(self.backend.read(|sql| query::contract(sql, address))?)
    }
}
