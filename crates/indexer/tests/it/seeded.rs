//! Indexing the seeded devnet from scratch: what the index derived equals the chain read
//! directly and the seeded facts of the manifest; history, transfers, contracts and NFT
//! metadata come out of the store as the wallet wants them.

use alloy::primitives::{B256, U256};
use tandem_domain::nft::NftStandard;
use tandem_evm::EvmSource;
use tandem_evm::source::{
    ApprovalRecord, ContractInterface, HolderQuery, PageRequest, SortOrder, TokenStandard,
    TransactionQuery, TransferQuery,
};
use tandem_indexer::IndexChanges;
use tandem_testkit::EvmManifest;

use crate::common::{ALL, addr, assert_index_matches_chain, contract, indexer, start_devnet};
use crate::stores::{BACKENDS, Backend, TestStore};

fn amount(value: &serde_json::Value) -> U256 {
    value
        .as_str()
        .expect("amount string")
        .parse()
        .expect("amount")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn indexes_the_seeded_devnet_exactly() {
    let devnet = start_devnet();
    for backend in BACKENDS {
        indexes_exactly_into(devnet.manifest(), backend).await;
    }
}

async fn indexes_exactly_into(manifest: &EvmManifest, backend: Backend) {
    eprintln!("seeded devnet into {backend:?}");
    let store = TestStore::new(backend, "seeded");
    let (indexer, source) = indexer(manifest, &store).await;
    let indexed = indexer.sync_to_head().await.unwrap();
    indexer.enrich().await.unwrap();
    assert!(indexed.unwrap() > 50, "the seed spans more than 50 blocks");
    // What enrichment learnt is counted in the store, so every replica reads the count.
    let enrichments = indexer.status().enrichments;
    assert!(enrichments > 0, "the seeded tokens were probed");
    assert_eq!(
        store.changes().await,
        IndexChanges {
            reorgs: 0,
            enrichments
        },
        "{backend:?}"
    );

    assert_index_matches_chain(&source, manifest).await;

    // The manifest as a second witness.
    let seeded = &manifest.seeded;
    for row in seeded["nativeBalances"].as_array().unwrap() {
        let balances = source
            .balances(addr(row["address"].as_str().unwrap()))
            .await
            .unwrap();
        assert_eq!(
            balances
                .iter()
                .find(|b| b.token.is_none())
                .map(|b| b.amount),
            Some(amount(&row["amount"])),
            "{row}"
        );
    }
    for row in seeded["balances"].as_array().unwrap() {
        let balances = source
            .balances(addr(row["address"].as_str().unwrap()))
            .await
            .unwrap();
        let token = addr(row["tokenAddress"].as_str().unwrap());
        let indexed = balances
            .iter()
            .find(|b| b.token == Some(token))
            .map_or(U256::ZERO, |b| b.amount);
        assert_eq!(indexed, amount(&row["amount"]), "{row}");
    }
    for row in seeded["allowances"].as_array().unwrap() {
        let owner = addr(row["ownerAddress"].as_str().unwrap());
        let (token, spender) = (
            addr(row["tokenAddress"].as_str().unwrap()),
            addr(row["spenderAddress"].as_str().unwrap()),
        );
        let approvals = source.approvals(owner, TokenStandard::Erc20).await.unwrap();
        let found = approvals.iter().find_map(|r| match r {
            ApprovalRecord::Erc20 {
                contract,
                spender: s,
                amount,
                ..
            } if *contract == token && *s == spender => Some(*amount),
            _ => None,
        });
        // Revoked approvals are kept, with amount zero.
        assert_eq!(found, Some(amount(&row["amount"])), "{row}");
    }
    for row in seeded["operatorApprovals"].as_array().unwrap() {
        let kind = if row["collection"] == "ITEMS" {
            TokenStandard::Erc1155
        } else {
            TokenStandard::Erc721
        };
        let approvals = source
            .approvals(addr(row["ownerAddress"].as_str().unwrap()), kind)
            .await
            .unwrap();
        let operator = addr(row["operatorAddress"].as_str().unwrap());
        let found = approvals.iter().find_map(|r| match r {
            ApprovalRecord::Operator {
                operator: o,
                approved,
                ..
            } if *o == operator => Some(*approved),
            _ => None,
        });
        assert_eq!(found, row["approved"].as_bool(), "{row}");
    }
    for row in seeded["totalSupplies"].as_array().unwrap() {
        let record = source
            .contract(addr(row["tokenAddress"].as_str().unwrap()))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(record.supply, Some(amount(&row["amount"])), "{row}");
    }

    // History: the failed transaction and the contract creation, as stored.
    let transactions = &seeded["transactions"];
    let failed: B256 = transactions["failed"]["hash"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let carol = addr(manifest.account("carol").unwrap().address.as_str());
    let query = TransactionQuery {
        page: ALL,
        sort: SortOrder::Descending,
        log_topic: None,
        resume_after: None,
    };
    let page = source.transactions(carol, &query).await.unwrap();
    let row = page
        .rows
        .iter()
        .find(|r| r.transaction.hash == failed)
        .expect("failed tx listed");
    assert_eq!(row.transaction.status, "0x0");
    assert!(
        page.rows
            .windows(2)
            .all(|w| w[0].block_number >= w[1].block_number),
        "newest first"
    );
    assert_eq!(page.total, Some(page.rows.len() as u64));
    let creation = &transactions["contractCreation"];
    let dave = addr(manifest.account("dave").unwrap().address.as_str());
    let dave_token = addr(creation["contractAddress"].as_str().unwrap());
    let created = source.contract(dave_token).await.unwrap().unwrap();
    assert_eq!(created.creator, Some(dave));
    assert_eq!(created.symbol.as_deref(), Some("DAVE"));
    assert_eq!(created.decimals, Some(18));
    let first_two = PageRequest {
        offset: 0,
        limit: 2,
    };
    let paged = source
        .transactions(
            dave,
            &TransactionQuery {
                page: first_two,
                ..query.clone()
            },
        )
        .await
        .unwrap();
    assert_eq!(paged.rows.len(), 2);
    assert!(paged.more);

    // Transfers: the swap moved TUSD from alice to the pool.
    let alice = addr(manifest.account("alice").unwrap().address.as_str());
    let tusd = contract(manifest, "TUSD");
    let transfer_query = TransferQuery {
        standard: TokenStandard::Erc20,
        page: ALL,
        contract: Some(tusd),
        start_block: None,
        end_block: None,
    };
    let transfers = source.transfers(alice, &transfer_query).await.unwrap();
    let swap_hash: B256 = transactions["swap"]["hash"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(transfers.rows.iter().any(|t| t.transaction == swap_hash
        && t.from == alice
        && t.to == contract(manifest, "SWAP")));
    assert!(
        transfers
            .rows
            .iter()
            .all(|t| t.contract == tusd && (t.from == alice || t.to == alice))
    );

    // Contracts were probed: interfaces, names, decimals.
    let art = source
        .contract(contract(manifest, "ART"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(art.interfaces, vec![ContractInterface::Erc721]);
    assert_eq!(art.name.as_deref(), Some("Tandem Art"));
    let items = source
        .contract(contract(manifest, "ITEMS"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(items.interfaces, vec![ContractInterface::Erc1155]);
    let tusd_record = source.contract(tusd).await.unwrap().unwrap();
    assert_eq!(
        (tusd_record.symbol.as_deref(), tusd_record.decimals),
        (Some("TUSD"), Some(6))
    );

    // NFT metadata: fetched over HTTP, decoded from data:, kept raw when invalid.
    for token in seeded["nftTokens"].as_array().unwrap() {
        let id: U256 = token["tokenId"].as_str().unwrap().parse().unwrap();
        let listed = source
            .collection_nfts(art.address, Some(id), ALL)
            .await
            .unwrap();
        let nft = listed.first().expect("token listed");
        assert_eq!(
            nft.token_uri.as_deref(),
            token["tokenUri"].as_str(),
            "{token}"
        );
        let metadata = nft.metadata.as_deref().expect("metadata fetched");
        let parsed = serde_json::from_str::<serde_json::Value>(metadata);
        assert_eq!(
            parsed.is_ok(),
            token["metadataValid"].as_bool().unwrap(),
            "{token}: {metadata}"
        );
        if let Ok(document) = parsed {
            assert_eq!(document["name"], token["name"], "{token}");
        }
        assert!(nft.minter.is_some() && nft.block_minted.is_some());
    }
    let bob = addr(manifest.account("bob").unwrap().address.as_str());
    let owned = source
        .nfts_owned(bob, NftStandard::Erc1155, ALL)
        .await
        .unwrap();
    assert!(!owned.is_empty());
    for nft in owned {
        let document: serde_json::Value =
            serde_json::from_str(nft.metadata.as_deref().expect("1155 metadata")).unwrap();
        assert!(document["name"].is_string());
        assert!(nft.supply.unwrap() >= nft.amount);
    }
    let holders = source
        .token_holders(tusd, &HolderQuery::All { limit: 100 })
        .await
        .unwrap();
    assert!(
        holders.windows(2).all(|w| w[0].balance >= w[1].balance),
        "largest holders first"
    );
    assert!(holders.iter().any(|h| h.address == alice));

    // Health: caught up with the head the follower saw.
    let health = source.health().await.unwrap();
    assert!(health.success);
    assert_eq!(health.block_number, indexed.unwrap());
    assert!(health.is_healthy(), "{health:?}");
}
