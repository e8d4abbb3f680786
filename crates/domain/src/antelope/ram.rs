//! What RAM costs and returns on the system contract's RAM market (`eosio` / `rammarket`:
//! `base` the RAM, `quote` the system token): `buyrambytes`' price of `bytes` plus the
//! 0.5 % fee it adds (`cost / 0.995`); what `buyram` of a quantity gives (a 0.5 % fee
//! rounded up, the rest converted); what `sellram` of bytes returns (converted, less a
//! 0.5 % fee rounded up).
//!
//! The contract converts with the Bancor formula in `double` arithmetic and truncates the
//! result; [`ram_purchase`] and [`ram_sale`] do the same, so the bytes and tokens a review
//! promises are the ones the chain then books (checked on the devnet's system contract,
//! `devnet/native/tests/test_system_actions.py`). Reserves and amounts stay integers;
//! only the one division the contract does in floating point is done in floating point.

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

/// What `buyram` of a quantity books.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RamPurchase {
    /// The 0.5 % fee, rounded up, that goes to the RAM fee account.
    pub fee: Asset,
    /// The RAM bytes the rest buys.
    pub bytes: i64,
}

/// What `sellram` of some bytes books.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RamSale {
    /// The system tokens the bytes convert to.
    pub gross: Asset,
    /// The 0.5 % fee, rounded up.
    pub fee: Asset,
    /// What reaches the seller: `gross - fee`.
    pub received: Asset,
}

/// The contract's fee on RAM trades: 0.5 %, rounded up (`(amount + 199) / 200`).
fn ram_fee(amount: i64) -> i64 {
    (amount + 199) / 200
}

/// The contract's `get_bancor_output`: `(in × out_reserve) / (in_reserve + in)` in doubles,
/// truncated, never negative.
#[allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    reason = "the system contract computes this in doubles and truncates; matching it is the point"
)]
fn bancor_output(in_reserve: i64, out_reserve: i64, input: i64) -> i64 {
    let out = (input as f64 * out_reserve as f64) / (in_reserve as f64 + input as f64);
    if out.is_finite() && out > 0.0 {
        out as i64
    } else {
        0
    }
}

/// What `buyram` of `quantity` (the system token) books: its fee and the bytes bought.
///
/// # Errors
/// [`DomainError::AssetSymbolMismatch`] when `quantity` is not the market's token,
/// [`DomainError::RamTradeTooSmall`] for a quantity that buys no byte.
pub fn ram_purchase(market: &RamMarket, quantity: &Asset) -> Result<RamPurchase, DomainError> {
    if quantity.symbol != market.core_reserve.symbol {
        return Err(DomainError::AssetSymbolMismatch);
    }
    if quantity.amount <= 0 {
        return Err(DomainError::RamTradeTooSmall);
    }
    let fee = ram_fee(quantity.amount);
    let bytes = bancor_output(
        market.core_reserve.amount,
        market.ram_reserve.amount,
        quantity.amount - fee,
    );
    if bytes <= 0 {
        return Err(DomainError::RamTradeTooSmall);
    }
    Ok(RamPurchase {
        fee: Asset::new(fee, quantity.symbol)?,
        bytes,
    })
}

/// What `sellram` of `bytes` books: the tokens they convert to, the fee and what is left.
///
/// # Errors
/// [`DomainError::RamTradeTooSmall`] for bytes that are not positive, or a sale the
/// contract refuses as too small (it needs at least 2 units out).
pub fn ram_sale(market: &RamMarket, bytes: i64) -> Result<RamSale, DomainError> {
    if bytes <= 0 {
        return Err(DomainError::RamTradeTooSmall);
    }
    let symbol = market.core_reserve.symbol;
    let gross = bancor_output(market.ram_reserve.amount, market.core_reserve.amount, bytes);
    if gross <= 1 {
        return Err(DomainError::RamTradeTooSmall);
    }
    let fee = ram_fee(gross);
    Ok(RamSale {
        gross: Asset::new(gross, symbol)?,
        fee: Asset::new(fee, symbol)?,
        received: Asset::new(gross - fee, symbol)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn market() -> RamMarket {
        RamMarket {
            ram_reserve: "68719476736 RAM".parse().expect("ram"),
            core_reserve: "1000000.0000 TLOS".parse().expect("core"),
        }
    }

    #[test]
    fn buyram_takes_its_fee_rounded_up_and_converts_the_rest() {
        let bought = ram_purchase(&market(), &"1.0000 TLOS".parse().expect("q")).expect("buy");
        // fee ⌈10000 / 200⌉ = 50; 9950 × 68719476736 ÷ (10^10 + 9950) = 68375.6… → 68375.
        assert_eq!(bought.fee.to_string(), "0.0050 TLOS");
        assert_eq!(bought.bytes, 68_375);
        assert_eq!(
            ram_purchase(&market(), &"0.0001 TLOS".parse().expect("q")),
            Err(DomainError::RamTradeTooSmall),
            "the fee takes the one unit"
        );
        assert!(ram_purchase(&market(), &"0.0000 TLOS".parse().expect("q")).is_err());
        assert!(ram_purchase(&market(), &"1.0000 EOS".parse().expect("q")).is_err());
    }

    #[test]
    fn sellram_converts_back_less_its_fee() {
        let sold = ram_sale(&market(), 68_375).expect("sell");
        // 68375 × 10^10 ÷ (68719476736 + 68375) = 9949.99… → 9949; fee ⌈9949 / 200⌉ = 50.
        assert_eq!(sold.gross.to_string(), "0.9949 TLOS");
        assert_eq!(sold.fee.to_string(), "0.0050 TLOS");
        assert_eq!(sold.received.to_string(), "0.9899 TLOS");
        assert!(ram_sale(&market(), 0).is_err());
        assert!(
            ram_sale(&market(), 10).is_err(),
            "worth one unit: the contract refuses it"
        );
    }

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
