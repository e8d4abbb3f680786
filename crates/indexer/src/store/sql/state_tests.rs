//! [`read_many`] against both backends: it answers what [`read`] answers key by key,
//! for every kind of key, for absent keys, and across chunks.

use alloy_primitives::{Address, U256};

use super::*;
use crate::derive::Stamp;
use crate::store::postgres::PgSession;
use crate::store::sql::{Backend, SqlStore};
use crate::store::{PgStore, SqliteStore};

fn address(n: u64) -> Address {
    let mut bytes = [0x42; 20];
    bytes[12..].copy_from_slice(&n.to_be_bytes());
    Address::from(bytes)
}

fn amount(n: u64) -> StateValue {
    StateValue::Amount {
        amount: U256::from(n),
        stamp: Stamp {
            block: n,
            time_ms: n * 1000,
        },
    }
}

/// One key of each kind, stored with a value of its kind.
fn one_of_each(n: u64) -> Vec<(StateKey, StateValue)> {
    let (a, b, c) = (address(n), address(n + 1), address(n + 2));
    let id = U256::from(n);
    let stamp = Stamp {
        block: n,
        time_ms: 7,
    };
    vec![
        (StateKey::Native(a), amount(n)),
        (
            StateKey::TokenBalance {
                token: a,
                holder: b,
            },
            amount(n + 1),
        ),
        (
            StateKey::Supply {
                contract: a,
                token_id: None,
            },
            amount(n + 2),
        ),
        (
            StateKey::Supply {
                contract: a,
                token_id: Some(id),
            },
            amount(n + 3),
        ),
        (
            StateKey::NftOwner {
                contract: a,
                token_id: id,
            },
            StateValue::Owner {
                owner: b,
                minter: Some(c),
                block_minted: Some(n),
                stamp,
            },
        ),
        (
            StateKey::NftOwner {
                contract: b,
                token_id: id,
            },
            StateValue::Owner {
                owner: c,
                minter: None,
                block_minted: None,
                stamp,
            },
        ),
        (
            StateKey::MultiBalance {
                contract: a,
                token_id: id,
                holder: b,
            },
            amount(n + 4),
        ),
        (
            StateKey::Allowance {
                token: a,
                owner: b,
                spender: c,
            },
            amount(n + 5),
        ),
        (
            StateKey::TokenApproval {
                contract: a,
                token_id: id,
            },
            StateValue::TokenApproval {
                owner: b,
                approved: c,
                stamp,
            },
        ),
        (
            StateKey::Operator {
                contract: a,
                owner: b,
                operator: c,
            },
            StateValue::Operator {
                approved: n.is_multiple_of(2),
                stamp,
            },
        ),
    ]
}

fn agrees_with_reading_key_by_key<B: Backend>(store: &SqlStore<B>) {
    // 300 token balances stored: more than one SQLite chunk, the last one padded.
    let stored: Vec<(StateKey, StateValue)> = (0..300)
        .map(|n| {
            let key = StateKey::TokenBalance {
                token: address(1_000),
                holder: address(n),
            };
            (key, amount(n + 1))
        })
        .chain((0..3).flat_map(|n| one_of_each(n * 10)))
        .collect();
    store
        .backend
        .write(|sql| {
            for (key, value) in &stored {
                write(sql, key, Some(value))?;
            }
            Ok(())
        })
        .unwrap();
    let absent: Vec<StateKey> = one_of_each(5_000)
        .into_iter()
        .map(|(key, _)| key)
        .chain((300..310).map(|n| StateKey::TokenBalance {
            token: address(1_000),
            holder: address(n),
        }))
        .collect();
    let asked: Vec<StateKey> = stored
        .iter()
        .map(|(key, _)| key.clone())
        .chain(absent.iter().cloned())
        .collect();
    let found = store
        .backend
        .read(|sql| read_many(sql, asked.iter().cloned()))
        .unwrap();
    assert_eq!(found.len(), asked.len());
    for (key, value) in &stored {
        assert_eq!(found.get(key), Some(&Some(value.clone())), "{key:?}");
    }
    for key in &absent {
        assert_eq!(found.get(key), Some(&None), "{key:?}");
    }
    for key in &asked {
        let one = store.backend.read(|sql| read(sql, key)).unwrap();
        assert_eq!(found.get(key), Some(&one), "{key:?}");
    }
    let none = store
        .backend
        .read(|sql| read_many(sql, std::iter::empty()))
        .unwrap();
    assert!(none.is_empty());
}

#[test]
fn sqlite_reads_many_keys_as_it_reads_each() {
    let dir = tempfile::tempdir().unwrap();
    let store = SqliteStore::open(&dir.path().join("state.sqlite")).unwrap();
    agrees_with_reading_key_by_key(&store);
}

#[test]
fn postgres_reads_many_keys_as_it_reads_each() {
    let cluster = tandem_testkit::Postgres::shared().expect("PostgreSQL starts");
    let url = cluster.create_database("state_read_many").unwrap();
    let session = PgSession::connect(&url).unwrap();
    assert!(session.try_lock().unwrap());
    let store = PgStore::open_locked(session).unwrap();
    agrees_with_reading_key_by_key(&store);
}
