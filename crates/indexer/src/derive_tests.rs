//! Unit tests of the derivation rules over an in-memory state.
use std::collections::HashMap;

use super::*;

#[derive(Default)]
struct Memory(HashMap<StateKey, StateValue>);

impl StateAccess for Memory {
    fn get(&mut self, key: &StateKey) -> Result<Option<StateValue>, IndexerError> {
        Ok(self.0.get(key).cloned())
    }
    fn put(&mut self, key: StateKey, value: Option<StateValue>) {
        match value {
            Some(value) => self.0.insert(key, value),
            None => self.0.remove(&key),
        };
    }
}

const STAMP: Stamp = Stamp {
    block: 1,
    time_ms: 1000,
};

fn amount(state: &Memory, key: &StateKey) -> U256 {
    state.0.get(key).map_or(U256::ZERO, StateValue::amount)
}

#[test]
fn fungible_transfers_move_balances_and_supply_and_clamp_at_zero() {
    let (t, a, b) = (
        Address::repeat_byte(1),
        Address::repeat_byte(2),
        Address::repeat_byte(3),
    );
    let mut state = Memory::default();
    let transfer = |from, to, value: u64| {
        IndexEvent::Transfer(TransferEvent::Fungible {
            contract: t,
            from,
            to,
            value: U256::from(value),
        })
    };
    for event in [
        transfer(Address::ZERO, a, 100),
        transfer(a, b, 30),
        transfer(b, Address::ZERO, 10),
        transfer(b, a, 50),
    ] {
        apply_event(&mut state, &event, STAMP).unwrap();
    }
    assert_eq!(
        amount(
            &state,
            &StateKey::TokenBalance {
                token: t,
                holder: a
            }
        ),
        U256::from(120u8)
    );
    // b had 20, sent 50: clamped, and the zero row removed.
    assert!(!state.0.contains_key(&StateKey::TokenBalance {
        token: t,
        holder: b
    }));
    assert_eq!(
        amount(
            &state,
            &StateKey::Supply {
                contract: t,
                token_id: None
            }
        ),
        U256::from(90u8)
    );
}

#[test]
fn nft_transfer_clears_the_single_approval_but_keeps_it_as_revoked() {
    let (c, a, b, op) = (
        Address::repeat_byte(1),
        Address::repeat_byte(2),
        Address::repeat_byte(3),
        Address::repeat_byte(4),
    );
    let id = U256::from(7u8);
    let nft = |from, to| {
        IndexEvent::Transfer(TransferEvent::Nft {
            contract: c,
            from,
            to,
            token_id: id,
            quantity: U256::from(1u8),
            standard: NftStandard::Erc721,
        })
    };
    let mut state = Memory::default();
    apply_event(&mut state, &nft(Address::ZERO, a), STAMP).unwrap();
    apply_event(
        &mut state,
        &IndexEvent::TokenApproval {
            contract: c,
            owner: a,
            approved: op,
            token_id: id,
        },
        STAMP,
    )
    .unwrap();
    apply_event(
        &mut state,
        &nft(a, b),
        Stamp {
            block: 2,
            time_ms: 2000,
        },
    )
    .unwrap();
    assert_eq!(
        state.0[&StateKey::NftOwner {
            contract: c,
            token_id: id
        }],
        StateValue::Owner {
            owner: b,
            minter: Some(a),
            block_minted: Some(1),
            stamp: Stamp {
                block: 2,
                time_ms: 2000
            }
        }
    );
    assert!(
        matches!(state.0[&StateKey::TokenApproval { contract: c, token_id: id }], StateValue::TokenApproval { owner, approved, .. } if owner == a && approved.is_zero())
    );
}
