//! [`EvmSource`] over the indexer's v1 endpoints, with the parameters spec §7 and §9 fix
//! (balances limit 50, approvals `all=true&limit=10000`, NFT types in upper case, …).

use alloy_primitives::{Address, U256};
use async_trait::async_trait;
use tandem_domain::nft::NftStandard;

use super::wire::{ApprovalWire, BalanceWire, HealthWire, HolderWire, NftWire, TransferWire};
use super::{ListAnswer, TeloscanClient, convert, path_address};
use crate::EvmError;
use crate::source::{
    ApprovalKind, ApprovalRecord, ContractRecord, EvmSource, HolderQuery, HolderRecord, NftRecord,
    Page, PageRequest, SortOrder, SourceHealth, SourceKind, TokenBalance, TokenStandard,
    TransactionQuery, TransactionRecord, TransferQuery, TransferRecord,
};

/// Spec §9: balances are fetched 50 at a time.
const BALANCES_LIMIT: u64 = 50;
/// Spec §9: allowances are fetched up to 10000.
const APPROVALS_LIMIT: u64 = 10_000;

fn standard_param(standard: TokenStandard) -> &'static str {
    match standard {
        TokenStandard::Erc20 => "erc20",
        TokenStandard::Erc721 => "erc721",
        TokenStandard::Erc1155 => "erc1155",
    }
}

fn nft_type_param(standard: NftStandard) -> &'static str {
    match standard {
        NftStandard::Erc721 => "ERC721",
        NftStandard::Erc1155 => "ERC1155",
    }
}

fn paging(page: PageRequest) -> [(&'static str, String); 2] {
    [
        ("limit", page.limit.to_string()),
        ("offset", page.offset.to_string()),
    ]
}

/// A page from an answer: `more` as sent, else worked out from the total.
fn page_of<T>(rows: Vec<T>, answer: &ListAnswer, page: PageRequest) -> Page<T> {
    let seen = page.offset.saturating_add(rows.len() as u64);
    let more = answer
        .more
        .unwrap_or_else(|| answer.total.is_some_and(|total| total > seen));
    Page {
        rows,
        total: answer.total,
        more,
    }
}

#[async_trait]
impl EvmSource for TeloscanClient {
    fn kind(&self) -> SourceKind {
        SourceKind::TeloscanIndexer
    }

    async fn health(&self) -> Result<SourceHealth, EvmError> {
        let health: HealthWire = self.http.get_json("v1/health", &[]).await?;
        Ok(convert::health(&health))
    }

    async fn balances(&self, owner: Address) -> Result<Vec<TokenBalance>, EvmError> {
        let query = [
            ("limit", BALANCES_LIMIT.to_string()),
            ("offset", "0".to_owned()),
            ("includePagination", "false".to_owned()),
        ];
        let path = format!("v1/account/{}/balances", path_address(owner));
        let mut answer = self.list(&path, &query).await?;
        let contracts = convert::contracts_map(answer.contracts.take());
        Ok(self.keep(&answer, |wire: BalanceWire| {
            convert::balance(wire, &contracts)
        }))
    }

    async fn transactions(
        &self,
        address: Address,
        query: &TransactionQuery,
    ) -> Result<Page<TransactionRecord>, EvmError> {
        let mut params = paging(query.page).to_vec();
        params.extend([
            ("includeAbi", "false".to_owned()),
            ("includePagination", "true".to_owned()),
            ("full", "true".to_owned()),
            (
                "sort",
                match query.sort {
                    SortOrder::Ascending => "asc",
                    SortOrder::Descending => "desc",
                }
                .to_owned(),
            ),
        ]);
        if let Some(topic) = query.log_topic {
            params.push(("logTopic", format!("{topic:#x}")));
        }
        let path = format!("v1/address/{}/transactions", path_address(address));
        let answer = self.list(&path, &params).await?;
        let rows = self.keep(&answer, convert::transaction);
        Ok(page_of(rows, &answer, query.page))
    }

    async fn transfers(
        &self,
        account: Address,
        query: &TransferQuery,
    ) -> Result<Page<TransferRecord>, EvmError> {
        let mut params = paging(query.page).to_vec();
        params.extend([
            ("type", standard_param(query.standard).to_owned()),
            ("includePagination", "true".to_owned()),
            ("includeAbi", "false".to_owned()),
        ]);
        if let Some(contract) = query.contract {
            params.push(("contract", path_address(contract)));
        }
        if let Some(start) = query.start_block {
            params.push(("startBlock", start.to_string()));
        }
        if let Some(end) = query.end_block {
            params.push(("endBlock", end.to_string()));
        }
        let path = format!("v1/account/{}/transfers", path_address(account));
        let answer = self.list(&path, &params).await?;
        let standard = query.standard;
        let rows = self.keep(&answer, |wire: TransferWire| {
            convert::transfer(wire, standard)
        });
        Ok(page_of(rows, &answer, query.page))
    }

    async fn approvals(
        &self,
        owner: Address,
        kind: ApprovalKind,
    ) -> Result<Vec<ApprovalRecord>, EvmError> {
        let params = [
            ("type", standard_param(kind).to_owned()),
            ("all", "true".to_owned()),
            ("limit", APPROVALS_LIMIT.to_string()),
        ];
        let path = format!("v1/account/{}/approvals", path_address(owner));
        let answer = self.list(&path, &params).await?;
        Ok(self.keep(&answer, |wire: ApprovalWire| convert::approval(wire, kind)))
    }

    async fn nfts_owned(
        &self,
        owner: Address,
        standard: NftStandard,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        let mut params = paging(page).to_vec();
        params.extend([
            ("type", nft_type_param(standard).to_owned()),
            ("includeTokenIdSupply", "true".to_owned()),
        ]);
        let path = format!("v1/account/{}/nfts", path_address(owner));
        let answer = self.list(&path, &params).await?;
        Ok(self.keep(&answer, |wire: NftWire| convert::nft(wire, standard)))
    }

    async fn collection_nfts(
        &self,
        contract: Address,
        token_id: Option<U256>,
        page: PageRequest,
    ) -> Result<Vec<NftRecord>, EvmError> {
        let mut params = paging(page).to_vec();
        if let Some(id) = token_id {
            params.push(("tokenId", id.to_string()));
        }
        let path = format!("v1/contract/{}/nfts", path_address(contract));
        let mut answer = self.list(&path, &params).await?;
        let contracts = convert::contracts_map(answer.contracts.take());
        let collection = contracts.get(&contract);
        Ok(self.keep(&answer, |wire: NftWire| {
            let standard = convert::collection_standard(&wire, collection);
            convert::nft(wire, standard)
        }))
    }

    async fn token_holders(
        &self,
        contract: Address,
        query: &HolderQuery,
    ) -> Result<Vec<HolderRecord>, EvmError> {
        let params = match query {
            HolderQuery::All { limit } => vec![("limit", limit.to_string())],
            HolderQuery::TokenId { token_id, limit } => vec![
                ("limit", limit.to_string()),
                ("token_id", token_id.to_string()),
            ],
            HolderQuery::Account(owner) => vec![("account", path_address(*owner))],
        };
        let path = format!("v1/token/{}/holders", path_address(contract));
        let answer = self.list(&path, &params).await?;
        Ok(self.keep(&answer, |wire: HolderWire| convert::holder(wire)))
    }

    async fn contract(&self, address: Address) -> Result<Option<ContractRecord>, EvmError> {
        Ok(self
            .contract_details(address)
            .await?
            .map(|facts| facts.record))
    }
}
