//! The model chain's own checks: its shape, and an account's transfers spread over it.

use super::*;

fn small(focus: Option<(Address, u64)>) -> ModelChain {
    ModelChain::generate(ModelSpec {
        blocks: 100_000,
        transfers: 5_000,
        holders: 500,
        plain_transfers: 100,
        focus,
        ..ModelSpec::default()
    })
}

#[test]
fn the_chain_has_the_asked_shape() {
    let chain = small(None);
    let tokens = u64::try_from(chain.tokens().len()).unwrap_or(0);
    assert_eq!(
        chain.transfer_count(),
        5_000 + tokens,
        "transfers and one mint per token"
    );
    assert!(chain.blocks_with_transfers() <= 100_000 * 20 / 1000);
    assert!(
        chain.blocks_with_transfers() > 1_000,
        "{}",
        chain.blocks_with_transfers()
    );
    // Plain transfers sit in blocks of their own (one may meet a busy block and be left out).
    assert!(chain.busy_blocks() > chain.blocks_with_transfers() + 95);
    for token in chain.tokens() {
        let held: U256 = chain
            .token_balances(*token)
            .iter()
            .map(|(_, amount)| *amount)
            .sum();
        assert_eq!(held, chain.supply(*token), "nothing created or lost");
    }
    assert_eq!(
        small(None).block_hash(7),
        chain.block_hash(7),
        "deterministic"
    );
}

#[test]
fn one_account_can_take_part_in_transfers_spread_over_the_range() {
    let focus = address(0xf0, 1);
    let chain = small(Some((focus, 1_000)));
    let blocks: Vec<u64> = chain
        .busy
        .iter()
        .map(|(number, _)| *number)
        .filter(|number| {
            chain
                .transactions(*number)
                .iter()
                .flat_map(|tx| &tx.logs)
                .any(|log| log.from == focus || log.to == focus)
        })
        .collect();
    let transfers: usize = chain
        .txs
        .iter()
        .flat_map(|tx| &tx.logs)
        .filter(|log| log.from == focus || log.to == focus)
        .count();
    assert_eq!(transfers, 1_000);
    assert!(
        chain
            .txs
            .iter()
            .flat_map(|tx| &tx.logs)
            .any(|log| log.from == focus),
        "it sends too"
    );
    assert!(
        blocks.first() < Some(&5_000) && blocks.last() > Some(&95_000),
        "spread over the range"
    );
}
