//! What RAM costs (the system contract's `buyrambytes`): the Bancor price of `bytes` from
//! the RAM market's reserves (`eosio` / `rammarket`: `base` the RAM, `quote` the system
//! token), plus the 0.5 % fee the contract adds (`cost / 0.995`), both truncated as the
//! contract truncates them.

use super::asset::Asset;
use crate::DomainError;

/// The RAM market's reserves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RamMarket {
    /// RAM bytes in the market (`base.balance`, symbol RAM).
    pub ram_reserve: Asset,
    /// System tokens in the market (`quote.balance`).
    pub core_reserve: Asset,
}

/// The system tokens `buyrambytes` takes for `bytes`, fee included.
///
/// # Errors
/// [`DomainError::ValueTooLarge`] when the market holds no more RAM than asked for, or the
/// price does not fit an asset.
pub fn ram_cost(market: &RamMarket, bytes: u32) -> Result<Asset, DomainError> {
    let ram = i128::from(market.ram_reserve.amount);
    let core = i128::from(market.core_reserve.amount);
    let bytes = i128::from(bytes);
    if ram <= bytes || core < 0 {
        return Err(DomainError::ValueTooLarge);
    }
    let cost = core * bytes / (ram - bytes);
    let with_fee = cost * 1000 / 995;
    Asset::from_i128(with_fee, market.core_reserve.symbol)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_bytes_like_buyrambytes() {
        let market = RamMarket {
            ram_reserve: "68719476736 RAM".parse().expect("ram"),
            core_reserve: "1000000.0000 TLOS".parse().expect("core"),
        };
        // 4096 × 10_000_000_000 units ÷ (68_719_476_736 − 4096) = 596 units; ÷ 0.995 = 598.
        assert_eq!(
            ram_cost(&market, 4096).expect("cost").to_string(),
            "0.0598 TLOS"
        );
        assert_eq!(
            ram_cost(&market, 0).expect("free").to_string(),
            "0.0000 TLOS"
        );
        let tiny = RamMarket {
            ram_reserve: "10 RAM".parse().expect("ram"),
            ..market
        };
        assert!(ram_cost(&tiny, 10).is_err());
    }
}
