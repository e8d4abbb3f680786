//! Balances (spec §3, §4): which to keep and in which order to show them.

use std::cmp::Ordering;

use crate::amount::Amount;
use crate::token::Token;

/// A token balance with its fiat value when a price is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Balance {
    /// The token.
    pub token: Token,
    /// The exact amount held.
    pub amount: Amount,
    /// Its fiat value, when the token has a price.
    pub fiat_value: Option<Amount>,
}

impl Balance {
    /// Kept when the token is a system token or the amount is positive (amounts are
    /// unsigned, so "non-zero and non-negative" is "positive").
    #[must_use]
    pub fn is_kept(&self) -> bool {
        self.token.is_system || !self.amount.is_zero()
    }

    fn positive_fiat(&self) -> Option<&Amount> {
        self.fiat_value.as_ref().filter(|value| !value.is_zero())
    }
}

/// Drops the balances that are not kept and orders the rest: system tokens first, then
/// those with a (non-zero) fiat value by fiat value descending, then the rest by amount
/// descending. Ties fall back to the symbol, then the token id, so the order is stable
/// across refreshes.
#[must_use]
pub fn arrange_balances(balances: Vec<Balance>) -> Vec<Balance> {
    let mut kept: Vec<Balance> = balances.into_iter().filter(Balance::is_kept).collect();
    kept.sort_by(compare_for_display);
    kept
}

fn compare_for_display(a: &Balance, b: &Balance) -> Ordering {
    b.token
        .is_system
        .cmp(&a.token.is_system)
        .then_with(|| match (a.positive_fiat(), b.positive_fiat()) {
            (Some(x), Some(y)) => y.cmp_value(x),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => b.amount.cmp_value(&a.amount),
        })
        .then_with(|| a.token.symbol.cmp(&b.token.symbol))
        .then_with(|| a.token.id().to_string().cmp(&b.token.id().to_string()))
}

#[cfg(test)]
mod tests {
    use alloy_primitives::U256;

    use super::*;

    fn balance(
        symbol: &str,
        system: bool,
        amount: u64,
        decimals: u8,
        fiat: Option<u64>,
    ) -> Balance {
        let mut token = Token::new(symbol, "0x1", "telos-evm");
        token.is_system = system;
        token.decimals = decimals;
        Balance {
            token,
            amount: Amount::new(U256::from(amount), decimals).unwrap(),
            fiat_value: fiat.map(|f| Amount::new(U256::from(f), 2).unwrap()),
        }
    }

    #[test]
    fn keeps_system_and_positive_balances() {
        let cases = [
            (balance("TLOS", true, 0, 18, None), true),
            (balance("USDC", false, 0, 6, Some(0)), false),
            (balance("USDC", false, 1, 6, None), true),
        ];
        for (b, kept) in cases {
            assert_eq!(b.is_kept(), kept, "{}", b.token.symbol);
        }
    }

    #[test]
    fn orders_system_then_fiat_then_amount() {
        let arranged = arrange_balances(vec![
            balance("SMALL", false, 5, 0, None),
            balance("ZERO", false, 0, 0, None),
            balance("CHEAP", false, 1000, 0, Some(150)),
            balance("BIG", false, 7, 0, None),
            balance("RICH", false, 1, 0, Some(90_000)),
            balance("TLOS", true, 0, 18, None),
            balance("PRICED0", false, 700, 1, Some(0)),
        ]);
        let symbols: Vec<&str> = arranged.iter().map(|b| b.token.symbol.as_str()).collect();
        assert_eq!(
            symbols,
            ["TLOS", "RICH", "CHEAP", "PRICED0", "BIG", "SMALL"]
        );
    }
}
