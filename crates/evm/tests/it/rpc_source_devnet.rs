//! `RpcSource` (the `EvmSource` of plain chain reads) against the real seeded devnet.
//! One devnet per test binary, so the checks run in one test.

use std::collections::{BTreeMap, BTreeSet};

use crate::rpc_support::{account, address, address_of, amount, contract, rows, text};
use alloy::primitives::{Address, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::reads::{ChainReader, KnownNft};
use tandem_evm::rpc_source::RpcSource;
use tandem_evm::source::{
    ContractInterface, ContractRecord, HolderQuery, PageRequest, SortOrder, TokenStandard,
    TransactionQuery, TransferQuery,
};
use tandem_evm::{EvmError, EvmSource, SourceKind};
use tandem_testkit::{EvmDevnet, EvmManifest};

const ALL: PageRequest = PageRequest {
    offset: 0,
    limit: 100,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rpc_source_answers_from_the_seeded_chain() {
    let devnet = EvmDevnet::start().expect("devnet starts");
    let manifest = devnet.manifest();
    let source = source_for(manifest, devnet.rpc_url());

    assert_eq!(source.kind(), SourceKind::Rpc);
    let health = source.health().await.expect("health");
    assert!(health.success);
    assert_eq!(health.kind, SourceKind::Rpc);
    let head = source.reader().block_head().await.expect("head");
    assert_eq!(health.block_number, head.number);
    assert_eq!(health.block_timestamp_ms, head.timestamp * 1000);

    check_balances(&source, manifest).await;
    check_contracts(&source, manifest).await;
    check_holders(&source, manifest).await;
    check_nfts(&source, manifest).await;
    check_unsupported(&source, manifest).await;
}

/// The source as the server configures it for the devnet: every seeded ERC-20 as
/// the token set (TUSD with its token-list logo), the seeded NFT ids as the catalogue.
fn source_for(manifest: &EvmManifest, rpc_url: &str) -> RpcSource {
    let tokens: BTreeSet<Address> = rows(manifest, "balances")
        .iter()
        .map(|row| address_of(row, "tokenAddress"))
        .collect();
    let tusd = ContractRecord {
        address: contract(manifest, "TUSD"),
        logo_uri: Some("http://assets/tusd.svg".to_owned()),
        ..ContractRecord::default()
    };
    let reader = ChainReader::connect(rpc_url).expect("valid url");
    RpcSource::new(reader)
        .with_tokens(tokens.into_iter().collect(), vec![tusd])
        .with_nfts(known_nfts(manifest))
}

fn known_nfts(manifest: &EvmManifest) -> Vec<KnownNft> {
    let art = rows(manifest, "nftTokens").iter().map(|row| KnownNft {
        contract: address_of(row, "contract"),
        standard: NftStandard::Erc721,
        token_id: amount(&row["tokenId"]),
    });
    let items = rows(manifest, "items").iter().map(|row| KnownNft {
        contract: address_of(row, "contract"),
        standard: NftStandard::Erc1155,
        token_id: amount(&row["id"]),
    });
    art.chain(items).collect()
}

async fn check_balances(source: &RpcSource, manifest: &EvmManifest) {
    let mut expected: BTreeMap<Address, BTreeMap<Address, U256>> = BTreeMap::new();
    for row in rows(manifest, "balances") {
        expected
            .entry(address_of(row, "address"))
            .or_default()
            .insert(address_of(row, "tokenAddress"), amount(&row["amount"]));
    }
    for row in rows(manifest, "nativeBalances") {
        expected.entry(address_of(row, "address")).or_default();
    }
    let natives: BTreeMap<Address, U256> = rows(manifest, "nativeBalances")
        .iter()
        .map(|row| (address_of(row, "address"), amount(&row["amount"])))
        .collect();
    let tusd = contract(manifest, "TUSD");
    for (owner, tokens) in &expected {
        let balances = source.balances(*owner).await.expect("balances");
        let native: Vec<_> = balances.iter().filter(|b| b.token.is_none()).collect();
        assert_eq!(native.len(), 1, "native always present for {owner}");
        if let Some(seeded) = natives.get(owner) {
            assert_eq!(native[0].amount, *seeded, "native of {owner}");
        }
        let got: BTreeMap<Address, U256> = balances
            .iter()
            .filter_map(|balance| Some((balance.token?, balance.amount)))
            .collect();
        let non_zero: BTreeMap<Address, U256> = tokens
            .iter()
            .filter(|(_, amount)| !amount.is_zero())
            .map(|(token, amount)| (*token, *amount))
            .collect();
        assert_eq!(got, non_zero, "token balances of {owner}");
        for balance in &balances {
            let has_logo = balance.contract.as_ref().and_then(|c| c.logo_uri.as_ref());
            assert_eq!(has_logo.is_some(), balance.token == Some(tusd));
        }
    }
    // An account the seed never touched: native only.
    let stranger = source
        .balances(Address::repeat_byte(0x42))
        .await
        .expect("balances");
    assert_eq!(stranger.len(), 1);
    assert_eq!(stranger[0].token, None);
    assert!(stranger[0].amount.is_zero());
}

async fn check_contracts(source: &RpcSource, manifest: &EvmManifest) {
    let tusd = source
        .contract(contract(manifest, "TUSD"))
        .await
        .expect("probe");
    let tusd = tusd.expect("TUSD is a contract");
    assert_eq!(tusd.interfaces, vec![ContractInterface::Erc20]);
    assert_eq!(tusd.decimals, Some(6));
    assert_eq!(tusd.name.as_deref(), Some("Tandem USD"));
    assert_eq!(tusd.logo_uri.as_deref(), Some("http://assets/tusd.svg"));
    let gems = source
        .contract(contract(manifest, "GEMS"))
        .await
        .expect("probe");
    assert_eq!(gems.expect("GEMS").decimals, Some(18));
    let art = source
        .contract(contract(manifest, "ART"))
        .await
        .expect("probe");
    assert_eq!(
        art.expect("ART").interfaces,
        vec![ContractInterface::Erc721]
    );
    let items = source
        .contract(contract(manifest, "ITEMS"))
        .await
        .expect("probe");
    assert_eq!(
        items.expect("ITEMS").interfaces,
        vec![ContractInterface::Erc1155]
    );
    let eoa = source
        .contract(account(manifest, "alice"))
        .await
        .expect("probe");
    assert_eq!(eoa, None);
}

async fn check_holders(source: &RpcSource, manifest: &EvmManifest) {
    for row in rows(manifest, "balances") {
        let (token, owner) = (address_of(row, "tokenAddress"), address_of(row, "address"));
        let rows = source
            .token_holders(token, &HolderQuery::Account(owner))
            .await
            .expect("holder");
        let seeded = amount(&row["amount"]);
        let got: Vec<U256> = rows.iter().map(|holder| holder.balance).collect();
        let want: Vec<U256> = if seeded.is_zero() {
            vec![]
        } else {
            vec![seeded]
        };
        assert_eq!(got, want, "{row}");
    }
    let art = contract(manifest, "ART");
    for row in rows(manifest, "erc721Owners") {
        let id = amount(&row["tokenId"]);
        let query = HolderQuery::TokenId {
            token_id: id,
            limit: 10,
        };
        let holders = source.token_holders(art, &query).await.expect("owner");
        assert_eq!(holders.len(), 1);
        assert_eq!(holders[0].address, address_of(row, "ownerAddress"));
        assert_eq!(holders[0].token_id, Some(id));
    }
    let items = contract(manifest, "ITEMS");
    for name in ["alice", "bob", "carol"] {
        let owner = account(manifest, name);
        let holders = source
            .token_holders(items, &HolderQuery::Account(owner))
            .await
            .expect("1155 holdings");
        let want: BTreeMap<U256, U256> = rows(manifest, "erc1155Balances")
            .iter()
            .filter(|row| address_of(row, "address") == owner && !amount(&row["amount"]).is_zero())
            .map(|row| (amount(&row["id"]), amount(&row["amount"])))
            .collect();
        let got: BTreeMap<U256, U256> = holders
            .iter()
            .map(|holder| (holder.token_id.expect("id"), holder.balance))
            .collect();
        assert_eq!(got, want, "{name}");
    }
}

async fn check_nfts(source: &RpcSource, manifest: &EvmManifest) {
    let uris: BTreeMap<U256, &str> = rows(manifest, "nftTokens")
        .iter()
        .map(|row| (amount(&row["tokenId"]), text(row, "tokenUri")))
        .collect();
    for named in &manifest.accounts {
        let owner = address(&named.address);
        let owned = source
            .nfts_owned(owner, NftStandard::Erc721, ALL)
            .await
            .expect("721 owned");
        let want: BTreeSet<U256> = rows(manifest, "erc721Owners")
            .iter()
            .filter(|row| address_of(row, "ownerAddress") == owner)
            .map(|row| amount(&row["tokenId"]))
            .collect();
        let got: BTreeSet<U256> = owned.iter().map(|nft| nft.token_id).collect();
        assert_eq!(got, want, "{}", named.name);
        for nft in &owned {
            assert_eq!(nft.owner, Some(owner));
            assert_eq!(nft.token_uri.as_deref(), uris.get(&nft.token_id).copied());
        }
        let items = source
            .nfts_owned(owner, NftStandard::Erc1155, ALL)
            .await
            .expect("1155 owned");
        let want: BTreeMap<U256, U256> = rows(manifest, "erc1155Balances")
            .iter()
            .filter(|row| address_of(row, "address") == owner && !amount(&row["amount"]).is_zero())
            .map(|row| (amount(&row["id"]), amount(&row["amount"])))
            .collect();
        let got: BTreeMap<U256, U256> =
            items.iter().map(|nft| (nft.token_id, nft.amount)).collect();
        assert_eq!(got, want, "{}", named.name);
    }
    let art = contract(manifest, "ART");
    let collection = source
        .collection_nfts(art, None, ALL)
        .await
        .expect("collection");
    assert_eq!(collection.len(), rows(manifest, "erc721Owners").len());
    let second_page = PageRequest {
        offset: 2,
        limit: 3,
    };
    let page = source
        .collection_nfts(art, None, second_page)
        .await
        .expect("page");
    let ids: Vec<U256> = page.iter().map(|nft| nft.token_id).collect();
    assert_eq!(ids, vec![U256::from(3), U256::from(4), U256::from(5)]);
    let one = source.collection_nfts(art, Some(U256::from(2)), ALL).await;
    let one = one.expect("one token");
    assert_eq!(one.len(), 1);
    assert_eq!(
        Some(one[0].owner.expect("owner")),
        rows(manifest, "erc721Owners")
            .iter()
            .find(|row| amount(&row["tokenId"]) == U256::from(2))
            .map(|row| address_of(row, "ownerAddress"))
    );
    let unminted = source.collection_nfts(art, Some(U256::from(99)), ALL).await;
    assert!(unminted.expect("unminted id").is_empty());
    let items = contract(manifest, "ITEMS");
    let listed = source
        .collection_nfts(items, None, ALL)
        .await
        .expect("items");
    let want: Vec<&str> = rows(manifest, "items")
        .iter()
        .map(|row| text(row, "uri"))
        .collect();
    let got: Vec<&str> = listed
        .iter()
        .filter_map(|nft| nft.token_uri.as_deref())
        .collect();
    assert_eq!(got, want);
}

async fn check_unsupported(source: &RpcSource, manifest: &EvmManifest) {
    let alice = account(manifest, "alice");
    let is_unsupported = |result: Result<(), EvmError>| {
        matches!(
            result,
            Err(EvmError::Unsupported {
                kind: SourceKind::Rpc,
                ..
            })
        )
    };
    let query = TransactionQuery {
        page: ALL,
        sort: SortOrder::Descending,
        log_topic: None,
        resume_after: None,
    };
    assert!(is_unsupported(
        source.transactions(alice, &query).await.map(drop)
    ));
    let query = TransferQuery {
        standard: TokenStandard::Erc20,
        page: ALL,
        contract: None,
        start_block: None,
        end_block: None,
    };
    assert!(is_unsupported(
        source.transfers(alice, &query).await.map(drop)
    ));
    assert!(is_unsupported(
        source
            .approvals(alice, TokenStandard::Erc20)
            .await
            .map(drop)
    ));
    let tusd = contract(manifest, "TUSD");
    let all = HolderQuery::All { limit: 10 };
    assert!(is_unsupported(
        source.token_holders(tusd, &all).await.map(drop)
    ));
    // Without configured NFT ids, RPC cannot enumerate NFTs.
    let bare = RpcSource::new(source.reader().clone());
    let owned = bare.nfts_owned(alice, NftStandard::Erc721, ALL).await;
    assert!(is_unsupported(owned.map(drop)));
    let items = contract(manifest, "ITEMS");
    assert!(is_unsupported(
        bare.collection_nfts(items, None, ALL).await.map(drop)
    ));
}
