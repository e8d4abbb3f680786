//! Paged history reads on both backends, with synthetic blocks (no chain needed): every
//! page carries the whole total, pages tile the full list, a page past the end is empty
//! with the total still right, and each transaction comes with its logs (stored ones
//! and the Transfer logs rebuilt from transfer rows), a list walked by resuming after
//! each page's last row is the same list, what touched an account since a block is
//! told — and both stores answer alike.

use alloy::primitives::{Address, B256, U256};
use tandem_domain::history::TRANSFER_TOPIC;
use tandem_evm::source::{
    Page, PageRequest, SortOrder, TokenStandard, TransactionQuery, TransactionRecord,
    TransferQuery, TransferRecord,
};
use tandem_indexer::store::{Batch, DecodedBlock};
use tandem_indexer::{FetchedLog, FetchedTransaction};

use crate::common::ALL;
use crate::stores::{BACKENDS, TestStore, blocking, synthetic_block};

const OWNER: Address = Address::repeat_byte(0xaa);
const TOKEN: Address = Address::repeat_byte(0x70);
/// The topic of a log no rule decodes, stored as it is; every other transaction has one.
const MARK: B256 = B256::repeat_byte(0x77);
const TRANSACTIONS: u64 = 30;
const PER_BLOCK: u64 = 5;

fn transaction(n: u64) -> FetchedTransaction {
    let index = n % PER_BLOCK;
    let mut logs = vec![FetchedLog {
        log_index: index * 2,
        address: TOKEN,
        topics: vec![
            TRANSFER_TOPIC,
            OWNER.into_word(),
            Address::repeat_byte(0x30 + u8::try_from(n % 7).unwrap()).into_word(),
        ],
        data: U256::from(n + 1).to_be_bytes::<32>().to_vec(),
    }];
    if n.is_multiple_of(2) {
        logs.push(FetchedLog {
            log_index: index * 2 + 1,
            address: TOKEN,
            topics: vec![MARK],
            data: vec![u8::try_from(n).unwrap()],
        });
    }
    FetchedTransaction {
        hash: B256::left_padding_from(&(n + 1).to_be_bytes()),
        index,
        from: OWNER,
        to: Some(TOKEN),
        contract_address: None,
        value: U256::ZERO,
        gas_used: U256::from(40_000u64),
        gas_price: U256::from(1u8),
        success: true,
        input: vec![0xa9, 0x05],
        logs,
    }
}

fn block(number: u64) -> DecodedBlock {
    let transactions = (number * PER_BLOCK..(number + 1) * PER_BLOCK)
        .map(transaction)
        .collect();
    synthetic_block(number, transactions)
}

fn history(page: PageRequest, sort: SortOrder, log_topic: Option<B256>) -> TransactionQuery {
    TransactionQuery {
        page,
        sort,
        log_topic,
        resume_after: None,
    }
}

fn transfers_query(page: PageRequest) -> TransferQuery {
    TransferQuery {
        standard: TokenStandard::Erc20,
        page,
        contract: None,
        start_block: None,
        end_block: None,
    }
}

/// Pages of `limit` from the start until one comes back short, then two past the end:
/// each must carry `total`, and together the pages must be `full`.
fn assert_pages_tile<T: PartialEq + std::fmt::Debug + Clone>(
    full: &Page<T>,
    total: u64,
    limit: u64,
    read: impl Fn(PageRequest) -> Page<T>,
) {
    assert_eq!(full.total, Some(total));
    assert_eq!(full.rows.len() as u64, total);
    let mut tiled = Vec::new();
    for offset in (0..=total + limit).step_by(usize::try_from(limit).unwrap()) {
        let page = read(PageRequest { offset, limit });
        assert_eq!(page.total, Some(total), "offset {offset}");
        assert_eq!(
            page.more,
            offset + (page.rows.len() as u64) < total,
            "offset {offset}"
        );
        tiled.extend(page.rows);
    }
    assert_eq!(tiled, full.rows);
}

/// The list read page by page, each page after the first resumed after the last row
/// of the one before (as the history export walks it); the offset, which a store that
/// seeks ignores, is set to nonsense to prove it.
fn walk_by_position(
    read: impl Fn(&TransactionQuery) -> Page<TransactionRecord>,
    sort: SortOrder,
    log_topic: Option<B256>,
    limit: u64,
) -> Vec<TransactionRecord> {
    let mut query = history(PageRequest { offset: 0, limit }, sort, log_topic);
    let mut rows = Vec::new();
    loop {
        let page = read(&query);
        if query.resume_after.is_some() {
            assert_eq!(page.total, None, "a seek counts nothing");
        }
        let last = page.rows.last().map(|row| row.position().unwrap());
        rows.extend(page.rows);
        if !page.more {
            return rows;
        }
        query.resume_after = last;
        query.page.offset = 9_999;
    }
}

type Answers = (
    Page<TransactionRecord>,
    Page<TransactionRecord>,
    Page<TransferRecord>,
);

#[tokio::test]
async fn history_pages_tile_and_carry_the_total_on_both_stores() {
    let mut answers: Vec<Answers> = Vec::new();
    for backend in BACKENDS {
        let store = TestStore::new(backend, "paging");
        let writer = store.writer().await;
        let read = blocking(move || {
            writer.bind_chain(1, 0).unwrap();
            for first in (0..TRANSACTIONS / PER_BLOCK).step_by(2) {
                writer
                    .commit(&Batch {
                        blocks: vec![block(first), block(first + 1)],
                        native_balances: Vec::new(),
                        allowance_reads: Vec::new(),
                        keep_undo: false,
                    })
                    .unwrap();
            }
            let transactions =
                |query: &TransactionQuery| writer.transactions(OWNER, query).unwrap();
            let newest = transactions(&history(ALL, SortOrder::Descending, None));
            assert_pages_tile(&newest, TRANSACTIONS, 7, |page| {
                transactions(&history(page, SortOrder::Descending, None))
            });
            let mut oldest = transactions(&history(ALL, SortOrder::Ascending, None)).rows;
            oldest.reverse();
            assert_eq!(oldest, newest.rows, "{backend:?}");
            for record in &newest.rows {
                let n = u64::from_be_bytes(record.transaction.hash[24..].try_into().unwrap()) - 1;
                let logs: Vec<_> = transaction(n)
                    .logs
                    .into_iter()
                    .map(|log| (log.address, log.topics, log.data))
                    .collect();
                let read: Vec<_> = record
                    .transaction
                    .logs
                    .iter()
                    .map(|log| (log.address, log.topics.clone(), log.data.clone()))
                    .collect();
                assert_eq!(read, logs, "{backend:?}: transaction {n}");
            }

            for (sort, topic) in [
                (SortOrder::Descending, None),
                (SortOrder::Ascending, None),
                (SortOrder::Descending, Some(MARK)),
            ] {
                let full = transactions(&history(ALL, sort, topic)).rows;
                for limit in [1, 4, 7, 30] {
                    let walked = walk_by_position(transactions, sort, topic, limit);
                    assert_eq!(walked, full, "{backend:?}: {sort:?} {topic:?} by {limit}");
                }
            }

            let marked = transactions(&history(ALL, SortOrder::Descending, Some(MARK)));
            assert_pages_tile(&marked, TRANSACTIONS / 2, 4, |page| {
                transactions(&history(page, SortOrder::Descending, Some(MARK)))
            });
            let moved = transactions(&history(ALL, SortOrder::Descending, Some(TRANSFER_TOPIC)));
            assert_eq!(moved.rows, newest.rows, "{backend:?}");
            let nobody = writer
                .transactions(
                    Address::repeat_byte(0x01),
                    &history(ALL, SortOrder::Descending, None),
                )
                .unwrap();
            assert_eq!((nobody.rows.len(), nobody.total), (0, Some(0)));

            // Blocks 0 to 5 hold the owner's transactions to TOKEN, each with a transfer
            // from the owner to one of seven recipients.
            let last = TRANSACTIONS / PER_BLOCK - 1;
            let touched = |account, contracts: &[Address], after| {
                writer.touched_since(account, contracts, after).unwrap()
            };
            let (stranger, recipient) = (Address::repeat_byte(0x01), Address::repeat_byte(0x30));
            assert!(touched(OWNER, &[], last - 1), "{backend:?}: the sender");
            assert!(
                !touched(OWNER, &[], last),
                "{backend:?}: nothing after the last block"
            );
            assert!(
                touched(TOKEN, &[], last - 1),
                "{backend:?}: the called contract"
            );
            assert!(touched(recipient, &[], 0), "{backend:?}: a recipient");
            assert!(!touched(stranger, &[], 0), "{backend:?}: a stranger");
            assert!(
                touched(stranger, &[Address::repeat_byte(0x55), TOKEN], last - 1),
                "{backend:?}: a transfer of one of the contracts"
            );
            assert!(
                !touched(stranger, &[Address::repeat_byte(0x55)], 0),
                "{backend:?}"
            );

            let transfers = |page| writer.transfers(OWNER, &transfers_query(page)).unwrap();
            let all_transfers = transfers(ALL);
            assert_pages_tile(&all_transfers, TRANSACTIONS, 7, transfers);
            (newest, marked, all_transfers)
        })
        .await;
        answers.push(read);
    }
    assert_eq!(answers[0], answers[1], "SQLite and PostgreSQL answer alike");
}
