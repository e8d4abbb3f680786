use alloy::sol_types::SolCall;
use alloy_primitives::{Address, Bytes, U256, address};
use tandem_domain::history::TransferEvent;
use tandem_domain::nft::NftStandard;
use tandem_evm::reads::abi::{IErc20, IErc721, IErc1155};
use tandem_evm::rpc::{BatchOutput, BatchRead, ReadFailure, ReadResult};

use super::ReadPlan;
use crate::decode::IndexEvent;
use crate::derive::{Stamp, StateKey, StateValue};

const ME: Address = address!("00000000000000000000000000000000000000aa");
const OTHER: Address = address!("00000000000000000000000000000000000000bb");
const SPENDER: Address = address!("00000000000000000000000000000000000000cc");
const TOKEN: Address = address!("0000000000000000000000000000000000000101");
const ART: Address = address!("0000000000000000000000000000000000000721");
const ITEMS: Address = address!("0000000000000000000000000000000000001155");

fn at(block: u64) -> Stamp {
    Stamp {
        block,
        time_ms: block * 1000,
    }
}

fn fungible(from: Address, to: Address) -> IndexEvent {
    IndexEvent::Transfer(TransferEvent::Fungible {
        contract: TOKEN,
        from,
        to,
        value: U256::from(5u8),
    })
}

fn nft(
    contract: Address,
    standard: NftStandard,
    from: Address,
    to: Address,
    id: u64,
) -> IndexEvent {
    IndexEvent::Transfer(TransferEvent::Nft {
        contract,
        from,
        to,
        token_id: U256::from(id),
        quantity: U256::from(1u8),
        standard,
    })
}

fn data(bytes: Vec<u8>) -> ReadResult {
    Ok(BatchOutput::Data(Bytes::from(bytes)))
}

fn reverted() -> ReadResult {
    Err(ReadFailure {
        code: Some(3),
        message: "execution reverted".to_owned(),
    })
}

#[test]
fn events_of_other_accounts_name_nothing() {
    let mut plan = ReadPlan::new(ME);
    plan.add(&fungible(OTHER, SPENDER), at(1));
    plan.add(&nft(ART, NftStandard::Erc721, ME, OTHER, 1), at(2));
    plan.add(
        &IndexEvent::Allowance {
            contract: TOKEN,
            owner: OTHER,
            spender: ME,
            amount: U256::from(1u8),
        },
        at(3),
    );
    assert!(plan.is_empty(), "{plan:?}");
    // The native balance is read whatever the events say.
    assert_eq!(plan.reads(), vec![BatchRead::NativeBalance(ME)]);
}

#[test]
fn balances_and_allowances_are_read_back_and_stamped_with_their_last_event() {
    let mut plan = ReadPlan::new(ME);
    plan.add(&fungible(OTHER, ME), at(7));
    plan.add(&fungible(ME, OTHER), at(3));
    plan.add(
        &IndexEvent::Allowance {
            contract: TOKEN,
            owner: ME,
            spender: SPENDER,
            amount: U256::from(100u8),
        },
        at(4),
    );
    assert_eq!(plan.len(), 2);
    let reads = plan.reads();
    assert_eq!(reads.len(), 3);
    let answers = vec![
        Ok(BatchOutput::Amount(U256::from(9u8))),
        data(IErc20::balanceOfCall::abi_encode_returns(&U256::from(42u8))),
        // The allowance was spent through transferFrom: no event said so, the read does.
        data(IErc20::allowanceCall::abi_encode_returns(&U256::from(60u8))),
    ];
    let state = plan.state(&answers, at(10));
    assert_eq!(
        state,
        vec![
            (
                StateKey::Native(ME),
                StateValue::Amount {
                    amount: U256::from(9u8),
                    stamp: at(10)
                }
            ),
            (
                StateKey::TokenBalance {
                    token: TOKEN,
                    holder: ME
                },
                StateValue::Amount {
                    amount: U256::from(42u8),
                    stamp: at(7)
                }
            ),
            (
                StateKey::Allowance {
                    token: TOKEN,
                    owner: ME,
                    spender: SPENDER
                },
                StateValue::Amount {
                    amount: U256::from(60u8),
                    stamp: at(4)
                }
            ),
        ]
    );
}

#[test]
fn a_read_that_reverts_leaves_only_its_piece_out() {
    let mut plan = ReadPlan::new(ME);
    plan.add(&fungible(OTHER, ME), at(1));
    plan.add(&nft(ITEMS, NftStandard::Erc1155, OTHER, ME, 9), at(2));
    let answers = vec![
        reverted(),
        reverted(),
        data(IErc1155::balanceOfCall::abi_encode_returns(&U256::from(
            3u8,
        ))),
    ];
    let state = plan.state(&answers, at(5));
    assert_eq!(
        state,
        vec![(
            StateKey::MultiBalance {
                contract: ITEMS,
                token_id: U256::from(9u8),
                holder: ME
            },
            StateValue::Amount {
                amount: U256::from(3u8),
                stamp: at(2)
            }
        )]
    );
}

#[test]
fn nfts_received_are_owned_as_the_chain_says_and_approvals_stand_only_while_owned() {
    let mut plan = ReadPlan::new(ME);
    // Minted to the account, approved, still held.
    plan.add(&nft(ART, NftStandard::Erc721, Address::ZERO, ME, 1), at(1));
    plan.add(
        &IndexEvent::TokenApproval {
            contract: ART,
            owner: ME,
            approved: SPENDER,
            token_id: U256::from(1u8),
        },
        at(2),
    );
    // Bought, approved, then sold: the approval went with the token.
    plan.add(&nft(ART, NftStandard::Erc721, OTHER, ME, 2), at(3));
    plan.add(
        &IndexEvent::TokenApproval {
            contract: ART,
            owner: ME,
            approved: SPENDER,
            token_id: U256::from(2u8),
        },
        at(4),
    );
    plan.add(&nft(ART, NftStandard::Erc721, ME, OTHER, 2), at(5));
    assert_eq!(plan.reads().len(), 1 + 2 + 2);
    let owner = |who: Address| data(IErc721::ownerOfCall::abi_encode_returns(&who));
    let approved = |who: Address| data(IErc721::getApprovedCall::abi_encode_returns(&who));
    let answers = vec![
        Ok(BatchOutput::Amount(U256::ZERO)),
        owner(ME),
        approved(SPENDER),
        owner(OTHER),
        approved(Address::ZERO),
    ];
    let state = plan.state(&answers, at(9));
    let find = |key: &StateKey| {
        state
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, value)| value.clone())
    };
    let one = U256::from(1u8);
    let two = U256::from(2u8);
    assert_eq!(
        find(&StateKey::NftOwner {
            contract: ART,
            token_id: one
        }),
        Some(StateValue::Owner {
            owner: ME,
            minter: Some(ME),
            block_minted: Some(1),
            stamp: at(2)
        })
    );
    assert_eq!(
        find(&StateKey::TokenApproval {
            contract: ART,
            token_id: one
        }),
        Some(StateValue::TokenApproval {
            owner: ME,
            approved: SPENDER,
            stamp: at(2)
        })
    );
    assert_eq!(
        find(&StateKey::NftOwner {
            contract: ART,
            token_id: two
        }),
        Some(StateValue::Owner {
            owner: OTHER,
            minter: None,
            block_minted: None,
            stamp: at(4)
        })
    );
    assert_eq!(
        find(&StateKey::TokenApproval {
            contract: ART,
            token_id: two
        }),
        Some(StateValue::TokenApproval {
            owner: ME,
            approved: Address::ZERO,
            stamp: at(4)
        })
    );
}

#[test]
fn operators_and_wrapping_name_their_pieces() {
    let mut plan = ReadPlan::new(ME);
    plan.add(
        &IndexEvent::Operator {
            contract: ITEMS,
            owner: ME,
            operator: SPENDER,
            approved: true,
        },
        at(1),
    );
    plan.add(
        &IndexEvent::Wrap {
            contract: TOKEN,
            account: ME,
            amount: U256::from(1u8),
        },
        at(2),
    );
    let answers = vec![
        Ok(BatchOutput::Amount(U256::ZERO)),
        data(IErc20::balanceOfCall::abi_encode_returns(&U256::from(1u8))),
        data(IErc1155::isApprovedForAllCall::abi_encode_returns(&false)),
    ];
    let state = plan.state(&answers, at(3));
    assert!(state.contains(&(
        StateKey::Operator {
            contract: ITEMS,
            owner: ME,
            operator: SPENDER
        },
        StateValue::Operator {
            approved: false,
            stamp: at(1)
        }
    )));
    assert!(state.contains(&(
        StateKey::TokenBalance {
            token: TOKEN,
            holder: ME
        },
        StateValue::Amount {
            amount: U256::from(1u8),
            stamp: at(2)
        }
    )));
}
