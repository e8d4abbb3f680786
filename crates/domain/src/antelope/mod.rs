//! Antelope (native chain) encodings and sums: names ([`name`]), symbols and assets
//! ([`asset`]), the REX balance and total staked resources ([`rex`]). Everything parses
//! to a `Result`; nothing here panics on input.

pub mod asset;
pub mod name;
pub mod ram;
pub mod rex;
pub mod vote;

pub use asset::{Asset, Symbol, SymbolCode};
pub use name::Name;
pub use ram::{RamMarket, RamPurchase, RamSale, ram_cost, ram_purchase, ram_sale};
pub use rex::{
    DelegatedBandwidth, RefundRequest, RexMaturity, RexPool, matured_rex, rex_proceeds, rex_value,
    total_resources,
};
pub use vote::REFUND_DELAY_SECONDS;

/// Spec §9 "supported native tokens": the token symbols the wallet knows on the native
/// chains, lower case as the spec writes them.
pub const SUPPORTED_NATIVE_TOKENS: [&str; 29] = [
    "tlos", "seeds", "qbe", "teach", "dric", "gem", "ezar", "sqrl", "tlosdac", "sand", "heart",
    "kanda", "ynt", "cnt", "viita", "viict", "acorn", "robo", "word", "eosp", "legend", "people",
    "steemp", "nfd", "ggwp", "date", "golos", "btcp", "ecoin",
];

/// Whether `symbol` (any case) is one of spec §9's supported native tokens.
#[must_use]
pub fn is_supported_native_token(symbol: &str) -> bool {
    SUPPORTED_NATIVE_TOKENS
        .iter()
        .any(|supported| supported.eq_ignore_ascii_case(symbol))
}
