//! The system contract's unstaking rule a server figure rests on (read from the contract on
//! the devnet, `devnet/native/tests/test_system_actions.py`). The vote rules the forms check
//! before signing (at most 30 producers; a proxy or 21 producers to buy or hold REX) live
//! with the forms that build the actions (`web/src/features/zero/model/systemActions.ts`).

/// Unstaked CPU and NET come back this long after `undelegatebw` (`refund_delay_sec`, three
/// days); the contract's deferred `refund` pays it then, or the owner claims it.
pub const REFUND_DELAY_SECONDS: i64 = 3 * 24 * 3600;
