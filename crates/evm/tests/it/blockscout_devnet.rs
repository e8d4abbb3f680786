//! The Blockscout client against the Blockscout fake built from the seeded devnet (both
//! API generations, small pages): balances, the merged history, NFTs and the approvals
//! read from the chain agree with what the chain says; a fake that lags, fails or goes
//! down shows in the client's health.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use alloy::primitives::{Address, B256, U256};
use alloy::providers::Provider;
use tandem_domain::nft::NftStandard;
use tandem_evm::approvals::{ChainApprovals, DEFAULT_WINDOW};
use tandem_evm::blockscout::BlockscoutClient;
use tandem_evm::http::RequestLimiter;
use tandem_evm::reads::ChainReader;
use tandem_evm::source::{
    ApprovalFinder, ApprovalKind, ApprovalSearch, PageRequest, SortOrder, TransactionQuery,
};
use tandem_evm::{EvmSource, SourceKind};
use tandem_testkit::{BlockscoutFake, EvmDevnet, EvmManifest, Generation};

use crate::rpc_support::{address, address_of, amount, rows};

const KINDS: [ApprovalKind; 3] = [
    ApprovalKind::Erc20,
    ApprovalKind::Erc721,
    ApprovalKind::Erc1155,
];

/// `Transfer`, `TransferSingle`, `TransferBatch`: events whose topics name parties.
const TRANSFERS: [&str; 3] = [
    "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
    "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62",
    "0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb",
];

/// Every account's transactions as the chain tells them: sent, received, creating, or
/// with a token transfer naming it.
async fn chain_history(reader: &ChainReader) -> BTreeMap<Address, BTreeSet<B256>> {
    let head = reader.block_number().await.expect("head");
    let mut history: BTreeMap<Address, BTreeSet<B256>> = BTreeMap::new();
    for number in 0..=head {
        let block = reader
            .provider()
            .get_block_by_number(number.into())
            .full()
            .await
            .expect("block")
            .expect("mined");
        let hashes: Vec<B256> = block.transactions.hashes().collect();
        let receipts = reader.receipts(&hashes).await.expect("receipts");
        for (tx, receipt) in block.transactions.into_transactions().zip(receipts) {
            let receipt = receipt.expect("receipt");
            let hash = receipt.hash;
            history.entry(tx.inner.signer()).or_default().insert(hash);
            if let Some(to) = alloy::consensus::Transaction::to(&tx) {
                history.entry(to).or_default().insert(hash);
            }
            if let Some(created) = receipt.contract_address {
                history.entry(created).or_default().insert(hash);
            }
            for log in &receipt.logs {
                let Some(topic) = log.topics.first() else {
                    continue;
                };
                if !TRANSFERS.contains(&format!("{topic:#x}").as_str()) {
                    continue;
                }
                let parties = if log.topics.len() == 4 && format!("{topic:#x}") != TRANSFERS[0] {
                    &log.topics[2..4]
                } else {
                    &log.topics[1..log.topics.len().min(3)]
                };
                for party in parties {
                    history
                        .entry(Address::from_word(*party))
                        .or_default()
                        .insert(hash);
                }
            }
        }
    }
    history
}

async fn all_history(client: &BlockscoutClient, owner: Address, sort: SortOrder) -> Vec<B256> {
    let mut hashes = Vec::new();
    let mut offset = 0;
    loop {
        let query = TransactionQuery {
            page: PageRequest { offset, limit: 4 },
            sort,
            log_topic: None,
            resume_after: None,
        };
        let page = client
            .transactions(owner, &query)
            .await
            .expect("history page");
        hashes.extend(page.rows.iter().map(|row| row.transaction.hash));
        offset += 4;
        if !page.more {
            return hashes;
        }
    }
}

fn client(fake: &BlockscoutFake, reader: &ChainReader) -> BlockscoutClient {
    BlockscoutClient::new(
        reqwest::Client::new(),
        &fake.url(),
        RequestLimiter::default(),
    )
    .expect("client")
    .with_node(reader.clone())
    .with_approvals(Arc::new(ChainApprovals::new(
        reader.clone(),
        DEFAULT_WINDOW,
    )))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blockscout_built_from_the_devnet_agrees_with_the_chain() {
    let devnet = EvmDevnet::start().expect("devnet starts");
    let manifest: &EvmManifest = devnet.manifest();
    let reader = ChainReader::connect(devnet.rpc_url()).expect("reader");
    let history = chain_history(&reader).await;
    for generation in [Generation::V11, Generation::V12] {
        let fake = BlockscoutFake::start(devnet.rpc_url(), generation).expect("fake");
        fake.set_page_size(3);
        let client = client(&fake, &reader);
        let health = client.health().await.expect("health");
        assert_eq!(health.kind, SourceKind::Blockscout);
        assert!(health.is_healthy(), "{health:?}");
        assert_eq!(
            health.block_number,
            reader.block_number().await.expect("head")
        );
        let mut approvals_seen = 0;
        let mut documents = 0;
        for named in &manifest.accounts {
            let owner = address(&named.address);
            check_balances(&client, &reader, manifest, owner).await;
            let newest = all_history(&client, owner, SortOrder::Descending).await;
            let mut oldest = all_history(&client, owner, SortOrder::Ascending).await;
            oldest.reverse();
            assert_eq!(newest, oldest, "{}: both orders, page by page", named.name);
            let listed: BTreeSet<B256> = newest.iter().copied().collect();
            assert_eq!(listed.len(), newest.len(), "{}: no row twice", named.name);
            assert_eq!(
                listed,
                history.get(&owner).cloned().unwrap_or_default(),
                "{}: {generation:?}",
                named.name
            );
            // The seed holds NFTs whose metadata is broken on purpose; the others are read.
            documents += check_nfts(&client, manifest, owner).await;
            let from_blockscout = client
                .approvals_of_kinds(owner, &KINDS)
                .await
                .expect("approvals");
            let whole_chain = ChainApprovals::new(reader.clone(), DEFAULT_WINDOW)
                .find(owner, &KINDS, &ApprovalSearch::default())
                .await
                .expect("whole-chain approvals");
            assert_eq!(from_blockscout, whole_chain, "{}", named.name);
            approvals_seen += from_blockscout.len();
        }
        assert!(approvals_seen > 0, "the seed grants approvals");
        assert!(documents > 0, "NFT metadata is read");
        let requests = fake.requests();
        assert!(
            requests.iter().all(|r| !r.contains("limit=")),
            "never `limit`"
        );
    }
}

async fn check_balances(
    client: &BlockscoutClient,
    reader: &ChainReader,
    manifest: &EvmManifest,
    owner: Address,
) {
    let balances = client.balances(owner).await.expect("balances");
    assert_eq!(balances[0].token, None);
    assert_eq!(
        balances[0].amount,
        reader.native_balance(owner).await.expect("native")
    );
    let got: BTreeMap<Address, U256> = balances
        .iter()
        .filter_map(|b| Some((b.token?, b.amount)))
        .collect();
    let want: BTreeMap<Address, U256> = rows(manifest, "balances")
        .iter()
        .filter(|row| address_of(row, "address") == owner && !amount(&row["amount"]).is_zero())
        .map(|row| (address_of(row, "tokenAddress"), amount(&row["amount"])))
        .collect();
    for (token, amount) in &want {
        assert_eq!(got.get(token), Some(amount), "{owner} {token}");
    }
}

/// Checks `owner`'s NFTs; returns how many came with their metadata document.
async fn check_nfts(client: &BlockscoutClient, manifest: &EvmManifest, owner: Address) -> usize {
    let all = PageRequest {
        offset: 0,
        limit: 100,
    };
    let owned = client
        .nfts_owned(owner, NftStandard::Erc721, all)
        .await
        .expect("721");
    let got: BTreeSet<U256> = owned.iter().map(|n| n.token_id).collect();
    let want: BTreeSet<U256> = rows(manifest, "erc721Owners")
        .iter()
        .filter(|row| address_of(row, "ownerAddress") == owner)
        .map(|row| amount(&row["tokenId"]))
        .collect();
    assert_eq!(got, want, "{owner}");
    let items = client
        .nfts_owned(owner, NftStandard::Erc1155, all)
        .await
        .expect("1155");
    let got: BTreeMap<U256, U256> = items.iter().map(|n| (n.token_id, n.amount)).collect();
    let want: BTreeMap<U256, U256> = rows(manifest, "erc1155Balances")
        .iter()
        .filter(|row| address_of(row, "address") == owner && !amount(&row["amount"]).is_zero())
        .map(|row| (amount(&row["id"]), amount(&row["amount"])))
        .collect();
    assert_eq!(got, want, "{owner}");
    owned
        .iter()
        .chain(&items)
        .filter(|n| n.metadata.is_some())
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lagging_failing_or_absent_blockscout_shows_in_its_health() {
    let devnet = EvmDevnet::start().expect("devnet starts");
    let reader = ChainReader::connect(devnet.rpc_url()).expect("reader");
    let fake = BlockscoutFake::start(devnet.rpc_url(), Generation::V12).expect("fake");
    let client = client(&fake, &reader);
    assert!(client.health().await.expect("health").is_healthy());
    // The chain moves a minute on; the fake stays a block behind.
    fake.lag(1);
    let provider = reader.provider();
    let _: serde_json::Value = provider
        .raw_request("evm_increaseTime".into(), (60,))
        .await
        .expect("time");
    let _: serde_json::Value = provider
        .raw_request("evm_mine".into(), ())
        .await
        .expect("mine");
    let lagging = client.health().await.expect("health");
    assert!(
        lagging.seconds_behind >= 60 && !lagging.is_healthy(),
        "{lagging:?}"
    );
    fake.lag(0);
    assert!(client.health().await.expect("health").is_healthy());
    fake.fail_with(Some(503));
    assert_eq!(
        client.health().await.unwrap_err().code(),
        "evm.upstream_status"
    );
    fake.fail_with(None);
    fake.set_down(true);
    assert_eq!(
        client.health().await.unwrap_err().code(),
        "evm.upstream_unavailable"
    );
}
