//! Accounts below the start block, filled on demand: an index started in the middle of
//! the seeded history knows nothing of what came before, until an account is asked
//! for. Then the fill finds its earlier events from the node's logs, reads its state
//! back at the index's last block and writes both beside the index — through the
//! store a server replica opens, while the writer holds its own. Afterwards every
//! holder's balances, allowances, NFTs and approvals equal the chain's, its token
//! history equals that of an index built from the first block, and the follower
//! keeps it exact as the chain moves on.

use std::sync::{Arc, Mutex};

use alloy::primitives::Address;
use tandem_evm::EvmSource;
use tandem_evm::source::{TokenStandard, TransferQuery, TransferRecord};
use tandem_indexer::fill::{FillProgress, Filler};
use tandem_indexer::{IndexSource, Indexer};
use tandem_testkit::{Chaos, ChaosProxy, EvmManifest};

use crate::common::{ALL, assert_accounts_match_chain, chain, config, holders, start_devnet};
use crate::fill_history;
use crate::long_history::grow;
use crate::stores::{BACKENDS, Backend, TestStore, blocking};

/// Every token movement of `account`, all standards.
async fn history(source: &IndexSource, account: Address) -> Vec<TransferRecord> {
    let mut all = Vec::new();
    for standard in [
        TokenStandard::Erc20,
        TokenStandard::Erc721,
        TokenStandard::Erc1155,
    ] {
        let query = TransferQuery {
            standard,
            page: ALL,
            contract: None,
            start_block: None,
            end_block: None,
        };
        all.extend(
            source
                .transfers(account, &query)
                .await
                .expect("index transfers")
                .rows,
        );
    }
    all
}

/// An index of the whole seeded history, the reference the filled ones must equal.
async fn reference(manifest: &EvmManifest) -> (TestStore, IndexSource) {
    let store = TestStore::new(Backend::Sqlite, "fill_reference");
    let writer = store.writer().await;
    Indexer::new(config(manifest), Arc::clone(&writer))
        .expect("indexer")
        .sync_to_head()
        .await
        .expect("reference index");
    (store, IndexSource::new(writer))
}

#[tokio::test]
async fn accounts_below_the_start_block_are_filled_on_demand() {
    let devnet = start_devnet();
    let manifest = devnet.manifest();
    let head = chain(manifest).block_number().await.expect("head");
    let middle = manifest.start_block + (head - manifest.start_block) / 2;
    let (_reference_store, reference) = reference(manifest).await;
    let mut stores = Vec::new();
    for backend in BACKENDS {
        let store = TestStore::new(backend, "fill");
        let writer = store.writer().await;
        let mut settings = config(manifest);
        settings.start_block = middle;
        let indexer = Indexer::new(settings.clone(), Arc::clone(&writer)).expect("indexer");
        indexer.sync_to_head().await.expect("index from the middle");
        let url = store.url.clone();
        let replica = blocking(move || url.open_reads().expect("replica store")).await;
        let filler = Arc::new(Filler::new(Arc::clone(&replica), &settings, 2).expect("filler"));
        let source = IndexSource::new(writer);

        let mut filled_something = false;
        let mut histories = Vec::new();
        for holder in holders(manifest) {
            let before = filler.coverage(holder).await.expect("coverage");
            assert!(
                !before.is_complete(),
                "{backend:?}: {holder} covered before its fill"
            );
            assert_eq!(before.coverage.index_start, Some(middle));
            let steps = Mutex::new(Vec::new());
            let report = |step: FillProgress| steps.lock().unwrap().push(step);
            filler.fill(holder, &report).await.expect("fill");
            let steps = steps.into_inner().unwrap();
            let fractions: Vec<f64> = steps.iter().map(FillProgress::fraction).collect();
            assert!(
                fractions.windows(2).all(|pair| pair[0] <= pair[1]),
                "{backend:?}: progress of {holder} only moves forward: {steps:?}"
            );
            assert_eq!(steps.last(), Some(&FillProgress::Confirming), "{steps:?}");
            let after = filler.coverage(holder).await.expect("coverage");
            assert!(
                after.is_complete(),
                "{backend:?}: {holder} covered after its fill: {:?}",
                after.coverage.kinds
            );
            // Its transactions: every kind a fill finds, below the start too.
            let transactions = fill_history::snapshot(&source, holder).await;
            let reads = chain(manifest);
            let expected = fill_history::expected(&reference, &reads, holder, middle).await;
            assert_eq!(
                transactions.0, expected,
                "{backend:?}: transactions of {holder}"
            );
            histories.push((holder, transactions));
            assert_eq!(after.progress(), 1.0);
            let expected = history(&reference, holder).await;
            assert_eq!(
                history(&source, holder).await,
                expected,
                "{backend:?}: token history of {holder}"
            );
            filled_something |= expected
                .iter()
                .any(|transfer| transfer.block_number < middle);
        }
        assert!(
            filled_something,
            "the start block leaves history below it to fill"
        );
        // Filling the others changed nothing of an account filled before them.
        for (holder, history) in &histories {
            assert_eq!(
                &fill_history::snapshot(&source, *holder).await,
                history,
                "{backend:?}: {holder}'s history and pages after the others' fills"
            );
        }
        assert_accounts_match_chain(&source, manifest).await;
        stores.push((backend, store, indexer, source));
    }

    // The chain moves on: the follower applies the new blocks on top of the fills.
    grow(manifest).await;
    for (backend, _store, indexer, source) in &stores {
        indexer.sync_to_head().await.expect("follow");
        assert_accounts_match_chain(source, manifest).await;
        eprintln!("{backend:?}: filled accounts stay exact as the chain moves on");
    }
}

#[tokio::test]
async fn background_fills_report_progress_and_end_covered() {
    let devnet = start_devnet();
    let manifest = devnet.manifest();
    let head = chain(manifest).block_number().await.expect("head");
    let store = TestStore::new(Backend::Sqlite, "fill_background");
    let writer = store.writer().await;
    let mut settings = config(manifest);
    settings.start_block = head;
    Indexer::new(settings.clone(), Arc::clone(&writer))
        .expect("indexer")
        .sync_to_head()
        .await
        .expect("index from the head");
    let filler = Arc::new(Filler::new(writer, &settings, 1).expect("filler"));
    let accounts = holders(manifest);
    // A caller that has no slot to give starts nothing: the account waits, queued.
    let refused = filler
        .ensure_holding(accounts[0], || None::<()>)
        .await
        .expect("ensure");
    assert_eq!(refused.fill, Some(FillProgress::Queued));
    assert_eq!(filler.counts().started, 0, "no fill without a slot");
    // A slot given is held by the fill it starts, and let go when that ends.
    let slot = Arc::new(());
    filler
        .ensure_holding(accounts[0], || Some(Arc::clone(&slot)))
        .await
        .expect("ensure");
    assert_eq!(filler.counts().started, 1);
    // One slot: every account but the first waits its turn.
    for &account in &accounts {
        let asked = filler.ensure(account).await.expect("ensure");
        assert!(!asked.is_complete());
        assert!(asked.fill.is_some(), "a fill is under way for {account}");
    }
    assert!(filler.counts().active >= 1);
    for &account in &accounts {
        let covered = tokio::time::timeout(std::time::Duration::from_secs(60), async {
            loop {
                let now = filler.ensure(account).await.expect("ensure");
                if let Some(FillProgress::Failed { error, .. }) = &now.fill {
                    panic!("fill of {account} failed: {error}");
                }
                if now.is_complete() {
                    return now;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        })
        .await
        .expect("every fill ends");
        assert_eq!(covered.fill, None);
        assert_eq!(covered.progress(), 1.0);
    }
    assert_eq!(Arc::strong_count(&slot), 1, "the fill let its slot go");
    let counts = filler.counts();
    assert_eq!(counts.completed, accounts.len() as u64);
    assert_eq!((counts.failed, counts.active), (0, 0));
}

/// A fill through a node that answers 100 requests a second (a public node's pace, a
/// little faster): whoever asks meanwhile sees its progress move — the log scan, then
/// the state search, then confirming — never going back, and never 1 before it is done.
#[tokio::test]
async fn a_slow_fill_shows_its_progress_as_it_goes() {
    let devnet = start_devnet();
    let manifest = devnet.manifest();
    let head = chain(manifest).block_number().await.expect("head");
    let store = TestStore::new(Backend::Sqlite, "fill_progress");
    let writer = store.writer().await;
    let mut settings = config(manifest);
    settings.start_block = head;
    Indexer::new(settings.clone(), Arc::clone(&writer))
        .expect("indexer")
        .sync_to_head()
        .await
        .expect("index from the head");
    let paced = Chaos {
        requests_per_second: Some(100),
        ..Chaos::HONEST
    };
    let node = ChaosProxy::start(&manifest.rpc_url, paced).expect("proxy");
    settings.rpc_url = node.url();
    let filler = Arc::new(Filler::new(writer, &settings, 1).expect("filler"));
    let alice = crate::common::addr(&manifest.accounts[0].address);
    let mut seen: Vec<FillProgress> = Vec::new();
    let done = tokio::time::timeout(std::time::Duration::from_secs(60), async {
        loop {
            let now = filler.ensure(alice).await.expect("ensure");
            if let Some(FillProgress::Failed { error, .. }) = &now.fill {
                panic!("fill failed: {error}");
            }
            if now.is_filled() {
                return now;
            }
            if let Some(step) = now.fill
                && seen.last() != Some(&step)
            {
                seen.push(step);
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the fill ends");
    assert!(done.is_complete(), "{:?}", done.coverage.kinds);
    let fractions: Vec<f64> = seen.iter().map(FillProgress::fraction).collect();
    assert!(
        fractions.windows(2).all(|pair| pair[0] <= pair[1]),
        "progress only moves forward: {seen:?}"
    );
    let between = fractions
        .iter()
        .filter(|share| **share > 0.0 && **share < 1.0)
        .count();
    assert!(between >= 5, "progress seen moving: {seen:?}");
    assert!(
        seen.iter()
            .any(|step| matches!(step, FillProgress::Scanning { scanned, total } if scanned < total && *scanned > 0)),
        "the scan seen halfway: {seen:?}"
    );
    assert!(
        seen.iter()
            .any(|step| matches!(step, FillProgress::Searching { reads, .. } if *reads > 0)),
        "the state search seen under way: {seen:?}"
    );
}
