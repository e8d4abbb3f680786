//! Fills from Blockscout's list: an index started in the middle of the seeded history,
//! a Blockscout fake built from the devnet, and the node behind a proxy that counts
//! every request. Filled from the list, each account costs node requests in proportion
//! to its own activity (not to the blocks below the start) and ends with the balances
//! and every history row of the chain-only fill — and, confirmed by their blocks, the
//! transactions logs cannot find (plain TLOS transfers, contract creations, calls
//! without a token event), which the search misses; a list that lies (one transfer the chain never had) is
//! refused — nothing of it stored, the fill searching the chain and saying so — and a
//! Blockscout that is down sends the fill to the chain too.

use std::sync::Arc;

use alloy::primitives::{Address, B256, U256};
use tandem_evm::EvmSource;
use tandem_evm::blockscout::BlockscoutClient;
use tandem_evm::http::RequestLimiter;
use tandem_evm::source::{PageRequest, SortOrder, TransactionQuery};
use tandem_indexer::fill::Filler;
use tandem_indexer::{FillMethod, IndexSource, Indexer, IndexerConfig};
use tandem_testkit::{BlockscoutFake, Chaos, ChaosProxy, EvmManifest, Generation};

use crate::common::{chain, config, contract, holders, start_devnet};
use crate::stores::{Backend, TestStore};

/// An index of `manifest`'s chain from `start`, its node at `rpc_url`, with a filler
/// taking lists from `blockscout` when given.
async fn index_from(
    manifest: &EvmManifest,
    name: &str,
    start: u64,
    rpc_url: &str,
    blockscout: Option<&BlockscoutFake>,
) -> (TestStore, IndexSource, Arc<Filler>) {
    let store = TestStore::new(Backend::Sqlite, name);
    let writer = store.writer().await;
    let mut settings: IndexerConfig = config(manifest);
    settings.start_block = start;
    Indexer::new(settings.clone(), Arc::clone(&writer))
        .expect("indexer")
        .sync_to_head()
        .await
        .expect("index from the start");
    settings.rpc_url = rpc_url.to_owned();
    let mut filler = Filler::new(Arc::clone(&writer) as _, &settings, 1).expect("filler");
    if let Some(fake) = blockscout {
        let client = BlockscoutClient::new(
            reqwest::Client::new(),
            &fake.url(),
            RequestLimiter::default(),
        )
        .expect("client");
        filler = filler.with_activity(Arc::new(client));
    }
    (store, IndexSource::new(writer), Arc::new(filler))
}

/// Everything the index answers of `account` that a fill writes: its history and balances.
async fn answers(
    source: &IndexSource,
    account: Address,
) -> (Vec<B256>, Vec<(Option<Address>, U256)>) {
    let query = TransactionQuery {
        page: PageRequest {
            offset: 0,
            limit: 10_000,
        },
        sort: SortOrder::Ascending,
        log_topic: None,
        resume_after: None,
    };
    let history = source
        .transactions(account, &query)
        .await
        .expect("history")
        .rows
        .iter()
        .map(|row| row.transaction.hash)
        .collect();
    let mut balances: Vec<(Option<Address>, U256)> = source
        .balances(account)
        .await
        .expect("balances")
        .iter()
        .map(|b| (b.token, b.amount))
        .collect();
    balances.sort();
    (history, balances)
}

async fn fill(filler: &Filler, account: Address) -> Option<FillMethod> {
    filler.fill(account, &|_| {}).await.expect("fill");
    let coverage = filler.coverage(account).await.expect("coverage");
    assert!(coverage.is_complete(), "{account} filled");
    coverage.coverage.filled_by
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fills_from_blockscout_cost_requests_by_activity_and_refuse_what_the_chain_lacks() {
    let devnet = start_devnet();
    let manifest = devnet.manifest();
    let reader = chain(manifest);
    let head = reader.block_number().await.expect("head");
    let middle = manifest.start_block + (head - manifest.start_block) / 2;
    let counting = Chaos::HONEST;
    let chain_node = ChaosProxy::start(&manifest.rpc_url, counting).expect("proxy");
    let listed_node = ChaosProxy::start(&manifest.rpc_url, counting).expect("proxy");
    let fake = BlockscoutFake::start(&manifest.rpc_url, Generation::V12).expect("fake");
    fake.set_page_size(4);
    let (_a, by_chain, chain_filler) =
        index_from(manifest, "fill_chain", middle, &chain_node.url(), None).await;
    let (_b, by_list, list_filler) = index_from(
        manifest,
        "fill_listed",
        middle,
        &listed_node.url(),
        Some(&fake),
    )
    .await;

    let mut chain_requests = 0;
    let mut list_requests = 0;
    for holder in holders(manifest) {
        let before = chain_node.stats().forwarded;
        assert_eq!(fill(&chain_filler, holder).await, Some(FillMethod::Chain));
        let by_search = chain_node.stats().forwarded - before;
        let before = listed_node.stats().forwarded;
        assert_eq!(
            fill(&list_filler, holder).await,
            Some(FillMethod::Indexer),
            "{holder}"
        );
        let by_list_requests = listed_node.stats().forwarded - before;
        let (history, balances) = answers(&by_list, holder).await;
        let (searched, searched_balances) = answers(&by_chain, holder).await;
        assert_eq!(balances, searched_balances, "{holder}");
        for hash in searched.iter().filter(|hash| !history.contains(hash)) {
            // Blockscout lists what an account sent or received, not someone else's
            // approval granted to it (ADR 0028), which the search finds.
            let Some(Some(row)) = reader
                .transaction_records(&[*hash])
                .await
                .expect("read")
                .pop()
            else {
                panic!("{holder}: {hash} is not on the chain");
            };
            let tx = &row.transaction;
            assert!(
                tx.from != holder && tx.to != Some(holder),
                "{holder}: {hash} found by the search, not the list"
            );
        }
        for hash in history.iter().filter(|hash| !searched.contains(hash)) {
            let Some(Some(row)) = reader
                .transaction_records(&[*hash])
                .await
                .expect("read")
                .pop()
            else {
                panic!("{holder}: {hash} is not on the chain");
            };
            let tx = &row.transaction;
            assert!(
                row.block_number < middle
                    && (tx.from == holder
                        || tx.to == Some(holder)
                        || tx.contract_address == Some(holder)),
                "{holder}: {hash} is one of its own transactions below the start, which logs cannot show"
            );
        }
        // The blocks the fill reads are those of the account's transactions below the
        // start: a bounded number of requests per block, plus the nonce and code
        // checks, the cursor and the state reads.
        let below: usize = {
            let mut blocks = Vec::new();
            for hash in &history {
                if let Some(Some(tx)) = reader.receipts(&[*hash]).await.expect("receipt").first()
                    && tx.block_number < middle
                {
                    blocks.push(tx.block_number);
                }
            }
            blocks.dedup();
            blocks.len()
        };
        let bound = 8 + 2 * below as u64;
        assert!(
            by_list_requests <= bound,
            "{holder}: {by_list_requests} node requests for {below} blocks of activity (bound {bound}); the search made {by_search}"
        );
        chain_requests += by_search;
        list_requests += by_list_requests;
    }
    eprintln!(
        "node requests for {} accounts below block {middle}: search {chain_requests}, Blockscout's lists {list_requests}",
        holders(manifest).len()
    );

    // The fake lies once: a TUSD transfer to alice in a transaction no block holds.
    let alice = crate::common::addr(&manifest.accounts[0].address);
    let lying = BlockscoutFake::start(&manifest.rpc_url, Generation::V11).expect("fake");
    lying.lie_transfer(
        alice,
        contract(manifest, "TUSD"),
        Address::repeat_byte(0xbb),
        middle - 1,
        U256::from(777),
    );
    let (_c, lied_to, filler) = index_from(
        manifest,
        "fill_lied_to",
        middle,
        &manifest.rpc_url,
        Some(&lying),
    )
    .await;
    assert_eq!(
        fill(&filler, alice).await,
        Some(FillMethod::ChainIndexerDisagreed {
            refused: 1,
            unlisted: 0
        })
    );
    let (history, balances) = answers(&lied_to, alice).await;
    assert!(
        !history.contains(&B256::repeat_byte(0x1e)),
        "the lie is not stored"
    );
    assert_eq!(
        (history, balances),
        answers(&by_chain, alice).await,
        "the search's fill"
    );

    // Blockscout down: the chain is searched.
    let down = BlockscoutFake::start(&manifest.rpc_url, Generation::V12).expect("fake");
    down.set_down(true);
    let (_d, _source, filler) = index_from(
        manifest,
        "fill_blockscout_down",
        middle,
        &manifest.rpc_url,
        Some(&down),
    )
    .await;
    assert_eq!(
        fill(&filler, alice).await,
        Some(FillMethod::ChainIndexerUnavailable)
    );
}
