//! The system contract's rules on votes, REX and unstaking that a wallet checks before
//! anything is signed (read from the contract's own refusals on the devnet,
//! `devnet/native/tests/test_system_actions.py`).

/// `voteproducer` takes at most this many producers.
pub const MAX_VOTED_PRODUCERS: usize = 30;

/// `buyrex` needs a proxy, or a direct vote for at least this many producers ("must vote
/// for at least 21 producers or for a proxy before buying REX").
pub const REX_MIN_VOTED_PRODUCERS: usize = 21;

/// Unstaked CPU and NET come back this long after `undelegatebw` (`refund_delay_sec`, three
/// days); the contract's deferred `refund` pays it then, or the owner claims it.
pub const REFUND_DELAY_SECONDS: i64 = 3 * 24 * 3600;

/// Whether an account that votes through `proxy` (empty for none) or for `producers` may
/// buy REX.
#[must_use]
pub fn may_buy_rex(proxy: &str, producers: usize) -> bool {
    !proxy.is_empty() || producers >= REX_MIN_VOTED_PRODUCERS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rex_needs_a_proxy_or_twenty_one_producers() {
        assert!(may_buy_rex("bob", 0));
        assert!(may_buy_rex("", 21));
        assert!(!may_buy_rex("", 20));
        assert!(!may_buy_rex("", 0));
    }
}
