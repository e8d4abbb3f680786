//! The own index and plain RPC reads answer the same wallet queries alike on the
//! seeded devnet: balances of every holder, the NFTs each holds (ERC-721 and ERC-1155
//! with amounts), the owner of every ERC-721 id, and what is known of every token
//! contract.
//! The server switches between them on health, so a user must not see the numbers
//! change when it does.

use std::collections::{BTreeMap, BTreeSet};

use alloy::primitives::{Address, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::EvmSource;
use tandem_evm::reads::KnownNft;
use tandem_evm::rpc_source::RpcSource;
use tandem_evm::source::{
    ContractInterface, ContractRecord, HolderQuery, HolderRecord, NftRecord, PageRequest,
    TokenBalance,
};
use tandem_testkit::EvmManifest;

use crate::common::{chain, contract, holders, indexer, start_devnet, tokens};
use crate::stores::{BACKENDS, Backend, TestStore};

/// Non-zero balances keyed by token (`None` is the native coin).
fn non_zero(balances: &[TokenBalance]) -> BTreeMap<Option<Address>, U256> {
    balances
        .iter()
        .filter(|balance| !balance.amount.is_zero())
        .map(|balance| (balance.token, balance.amount))
        .collect()
}

/// The facts both sources must agree on (creation data and logos are source-specific).
fn comparable(
    record: &ContractRecord,
) -> (Option<String>, Option<String>, Option<u8>, BTreeSet<String>) {
    let interfaces = record
        .interfaces
        .iter()
        .map(|interface: &ContractInterface| format!("{interface:?}"))
        .collect();
    (
        record.name.clone(),
        record.symbol.clone(),
        record.decimals,
        interfaces,
    )
}

/// `(contract, token id) → amount` of NFT rows.
fn holdings(rows: &[NftRecord]) -> BTreeMap<(Address, U256), U256> {
    rows.iter()
        .map(|row| ((row.contract, row.token_id), row.amount))
        .collect()
}

/// Every seeded NFT id, as plain RPC reads need them configured (no index to list them).
fn seeded_nfts(manifest: &EvmManifest) -> Vec<KnownNft> {
    let id = |value: &serde_json::Value| -> U256 { value.as_str().unwrap().parse().unwrap() };
    let art = contract(manifest, "ART");
    let items = contract(manifest, "ITEMS");
    let art_ids = manifest.seeded["nftTokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| KnownNft {
            contract: art,
            standard: NftStandard::Erc721,
            token_id: id(&row["tokenId"]),
        });
    let item_ids = manifest.seeded["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| KnownNft {
            contract: items,
            standard: NftStandard::Erc1155,
            token_id: id(&row["id"]),
        });
    art_ids.chain(item_ids).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn own_index_and_rpc_reads_agree_on_balances_nfts_and_contracts() {
    let devnet = start_devnet();
    for backend in BACKENDS {
        own_index_and_rpc_reads_agree(devnet.manifest(), backend).await;
    }
}

async fn own_index_and_rpc_reads_agree(manifest: &EvmManifest, backend: Backend) {
    eprintln!("agreement on {backend:?}");
    let store = TestStore::new(backend, "agreement");
    let (indexer, index) = indexer(manifest, &store).await;
    indexer.sync_to_head().await.unwrap();
    indexer.enrich().await.unwrap();

    let token_addresses = tokens(manifest);
    let known_nfts = seeded_nfts(manifest);
    let rpc = RpcSource::new(chain(manifest))
        .with_tokens(token_addresses.clone(), Vec::new())
        .with_nfts(known_nfts.clone());

    let mut token_rows = 0;
    for holder in holders(manifest) {
        let indexed = non_zero(&index.balances(holder).await.unwrap());
        let read = non_zero(&rpc.balances(holder).await.unwrap());
        assert_eq!(indexed, read, "balances of {holder}");
        token_rows += read.keys().filter(|token| token.is_some()).count();
    }
    assert!(
        token_rows >= 10,
        "the seed gives holders many token balances ({token_rows})"
    );

    // NFTs held, per standard, by every holder.
    let all = PageRequest {
        offset: 0,
        limit: 10_000,
    };
    let mut nft_rows = 0;
    for holder in holders(manifest) {
        for standard in [NftStandard::Erc721, NftStandard::Erc1155] {
            let indexed = holdings(&index.nfts_owned(holder, standard, all).await.unwrap());
            let read = holdings(&rpc.nfts_owned(holder, standard, all).await.unwrap());
            assert_eq!(indexed, read, "{standard:?} holdings of {holder}");
            nft_rows += read.len();
        }
    }
    assert!(
        nft_rows >= 5,
        "the seed spreads NFTs over holders ({nft_rows})"
    );

    // The owner of every ERC-721 id.
    for nft in known_nfts
        .iter()
        .filter(|nft| nft.standard == NftStandard::Erc721)
    {
        let query = HolderQuery::TokenId {
            token_id: nft.token_id,
            limit: 10,
        };
        let owner = |rows: Vec<HolderRecord>| {
            rows.into_iter()
                .find(|row| !row.balance.is_zero())
                .map(|row| row.address)
        };
        let indexed = owner(index.token_holders(nft.contract, &query).await.unwrap());
        let read = owner(rpc.token_holders(nft.contract, &query).await.unwrap());
        assert_eq!(indexed, read, "owner of ART #{}", nft.token_id);
        assert!(read.is_some(), "ART #{} has an owner", nft.token_id);
    }

    let mut contracts = token_addresses;
    contracts.push(contract(manifest, "ART"));
    contracts.push(contract(manifest, "ITEMS"));
    for address in contracts {
        let indexed = index.contract(address).await.unwrap();
        let read = rpc.contract(address).await.unwrap();
        assert_eq!(
            indexed.as_ref().map(comparable),
            read.as_ref().map(comparable),
            "contract {address}"
        );
    }

    // An account no indexed transaction touched (anvil's tenth development account holds
    // only its genesis allocation): the index alone has no row for it; with the chain
    // attached it answers what the node says, as RPC reads do.
    let untouched: Address = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720"
        .parse()
        .unwrap();
    assert!(non_zero(&index.balances(untouched).await.unwrap()).is_empty());
    let with_chain = index.clone().with_chain(chain(manifest));
    let genesis = non_zero(&with_chain.balances(untouched).await.unwrap());
    assert_eq!(genesis, non_zero(&rpc.balances(untouched).await.unwrap()));
    assert!(
        genesis.contains_key(&None),
        "the genesis allocation is found"
    );

    // A plain account is no contract for either source.
    let alice: Address = manifest.account("alice").unwrap().address.parse().unwrap();
    assert!(rpc.contract(alice).await.unwrap().is_none());
    assert!(index.contract(alice).await.unwrap().is_none());
}
