//! A long, mostly empty chain (a synthetic node serving a model chain) behind the
//! limits of a public node — short log ranges, few logs per answer, short batches:
//! the indexer learns the limits, reads in full only the blocks that matter, and ends
//! with every holder's balance exactly as the chain has it — also on a node without
//! `eth_getBlockTransactionCountByNumber`, where `counts` reads headers instead — reading
//! each account's native balance about once, not once per batch that touches it.

use std::sync::Arc;

use alloy::primitives::Address;
use tandem_evm::EvmSource;
use tandem_evm::source::HolderQuery;
use tandem_indexer::{Backfill, IndexSource, Indexer, IndexerConfig, SqliteStore};
use tandem_testkit::{ModelChain, ModelLimits, ModelNode, ModelSpec};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_limited_node_with_a_long_empty_chain_is_indexed_exactly_and_cheaply() {
    let chain = Arc::new(ModelChain::generate(ModelSpec {
        blocks: 30_000,
        transfers: 3_000,
        holders: 300,
        plain_transfers: 50,
        ..ModelSpec::default()
    }));
    let limits = ModelLimits {
        max_log_range: Some(2_000),
        max_log_results: Some(200),
        max_batch: Some(100),
        ..ModelLimits::default()
    };
    let full_node = ModelNode::start(Arc::clone(&chain), limits, 1).unwrap();
    // A node without eth_getBlockTransactionCountByNumber: `counts` reads headers instead.
    let countless_node = ModelNode::start(
        Arc::clone(&chain),
        ModelLimits {
            lacks_transaction_counts: true,
            ..limits
        },
        1,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (mode, node) in [
        (Backfill::Logs, &full_node),
        (Backfill::Counts, &full_node),
        (Backfill::Counts, &countless_node),
    ] {
        let countless = std::ptr::eq(node, &countless_node);
        node.reset_counts();
        let store = Arc::new(
            SqliteStore::open(&dir.path().join(format!("{mode}-{countless}.sqlite"))).unwrap(),
        );
        let mut config = IndexerConfig::new(node.url(), 0);
        config.enrich = false;
        config.backfill = mode;
        // Many final batches, so an account is touched in several of them.
        config.sparse_batch_blocks = 50;
        let indexer = Indexer::new(config, store.clone()).unwrap();
        assert_eq!(indexer.sync_to_head().await.unwrap(), Some(chain.head()));

        let source = IndexSource::new(store);
        let all = HolderQuery::All { limit: 1_000 };
        for &token in chain.tokens() {
            let mut indexed: Vec<(Address, _)> = source
                .token_holders(token, &all)
                .await
                .unwrap()
                .into_iter()
                .filter(|holder| !holder.balance.is_zero())
                .map(|holder| (holder.address, holder.balance))
                .collect();
            indexed.sort();
            assert_eq!(
                indexed,
                chain.token_balances(token),
                "{mode}: holders of {token}"
            );
        }

        let calls = node.calls();
        let asked = |method: &str| calls.get(method).copied().unwrap_or(0);
        let read_in_full = asked("eth_getBlockReceipts");
        let worth_reading = match mode {
            Backfill::Counts => chain.busy_blocks(),
            _ => chain.blocks_with_transfers(),
        };
        // The blocks with content, a block closing each batch, and the reorg window.
        assert!(read_in_full >= worth_reading, "{mode}: {calls:?}");
        assert!(
            read_in_full < worth_reading + worth_reading / 10 + 100,
            "{mode}: {calls:?}"
        );
        // Native balances of final batches are read at the latest block, and an account
        // read there is not read again for older touches: about once per account (the
        // batches in preparation at once, up to five, may each read it: 2.4-2.7 reads per
        // account measured, up to 3.0 on a loaded machine), not once per batch touching it
        // (about 7 per account on this chain without that memory).
        let accounts = chain.spec().holders + 2 * chain.spec().tokens + 10;
        assert!(
            asked("eth_getBalance") <= 4 * accounts,
            "{mode}: {} balance reads for about {accounts} accounts",
            asked("eth_getBalance")
        );
        let counted = asked("eth_getBlockTransactionCountByNumber");
        match (mode, countless) {
            // Refused once per lane in flight, then never asked again: headers instead.
            (Backfill::Counts, true) => {
                assert!(counted <= 4 * 100, "{calls:?}");
                assert!(
                    asked("eth_getBlockByNumber") >= chain.head() - 64,
                    "{calls:?}"
                );
            }
            (Backfill::Counts, false) => assert!(counted >= chain.head() - 64, "{calls:?}"),
            _ => assert_eq!(counted, 0, "{calls:?}"),
        }
    }
}
