//! Rollbacks at the store: a batch is undone whole and its derived state restored; a
//! rollback into batches whose undo information was dropped is refused and changes
//! nothing — on both backends, with synthetic blocks (no chain needed).

use alloy::primitives::{Address, U256};
use tandem_indexer::store::{Batch, ContractProbe, MetadataResult};
use tandem_indexer::{IndexChanges, IndexerError, Stamp};

use crate::stores::{BACKENDS, TestStore, blocking, synthetic_block};

const ACCOUNT: Address = Address::repeat_byte(0xaa);

/// Blocks `first..=last`, setting the account's native balance to `balance`.
pub fn batch(first: u64, last: u64, balance: u64, keep_undo: bool) -> Batch {
    let stamp = Stamp {
        block: last,
        time_ms: (1_000 + last) * 1000,
    };
    Batch {
        blocks: (first..=last)
            .map(|number| synthetic_block(number, Vec::new()))
            .collect(),
        native_balances: vec![(ACCOUNT, U256::from(balance), stamp)],
        allowance_reads: Vec::new(),
        keep_undo,
    }
}

#[tokio::test]
async fn a_rollback_undoes_whole_batches_and_never_below_the_undo_window() {
    for backend in BACKENDS {
        let store = TestStore::new(backend, "rollback");
        let writer = store.writer().await;
        blocking(move || {
            let balance = || {
                writer
                    .native_balance(ACCOUNT)
                    .unwrap()
                    .map(|balance| balance.amount)
            };
            writer.bind_chain(1, 0).unwrap();
            writer.commit(&batch(0, 1, 5, false)).unwrap();
            writer.commit(&batch(2, 3, 7, true)).unwrap();
            assert_eq!(balance(), Some(U256::from(7u8)));

            let cursor = writer.rollback(Some(2)).unwrap();
            assert_eq!(
                cursor.map(|block| block.number),
                Some(1),
                "{backend:?}: the batch goes whole"
            );
            assert_eq!(
                balance(),
                Some(U256::from(5u8)),
                "{backend:?}: state restored"
            );

            let refused = writer.rollback(Some(0));
            assert!(
                matches!(refused, Err(IndexerError::ReorgTooDeep(0))),
                "{backend:?}: {refused:?}"
            );
            assert_eq!(writer.cursor().unwrap().map(|block| block.number), Some(1));
            assert_eq!(
                balance(),
                Some(U256::from(5u8)),
                "{backend:?}: nothing changed"
            );
        })
        .await;
    }
}

/// Reorgs and enrichments are counted in the store with the change they count, so every
/// process reading it (a server replica keying its caches) sees the same counts; a
/// rollback that removes nothing, or is refused, counts nothing.
#[tokio::test]
async fn the_store_counts_rollbacks_and_enrichments_for_every_reader() {
    for backend in BACKENDS {
        let store = TestStore::new(backend, "changes");
        let writer = store.writer().await;
        let counted = blocking(move || {
            writer.bind_chain(1, 0).unwrap();
            writer.commit(&batch(0, 1, 5, false)).unwrap();
            writer.commit(&batch(2, 3, 7, true)).unwrap();
            writer.rollback(Some(3)).unwrap();
            let nothing_removed = writer.coverage(ACCOUNT).unwrap().changes;
            writer.rollback(Some(2)).unwrap();
            assert!(writer.rollback(Some(0)).is_err(), "below the undo window");
            writer
                .save_probe(Address::repeat_byte(0xcc), &ContractProbe::default())
                .unwrap();
            let done = MetadataResult {
                token_uri: None,
                metadata: None,
                preview: None,
                done: true,
            };
            writer
                .save_metadata(Address::repeat_byte(0xcc), U256::from(1u8), &done)
                .unwrap();
            (nothing_removed, writer.coverage(ACCOUNT).unwrap().changes)
        })
        .await;
        assert_eq!(counted.0, IndexChanges::default(), "{backend:?}");
        let expected = IndexChanges {
            reorgs: 1,
            enrichments: 2,
        };
        assert_eq!(counted.1, expected, "{backend:?}: the writer's reading");
        assert_eq!(
            store.changes().await,
            expected,
            "{backend:?}: another reader's"
        );
    }
}
