//! Antelope (native chain) encodings and sums: names ([`name`]), symbols and assets
//! ([`asset`]), the REX balance and total staked resources ([`rex`]). Everything parses
//! to a `Result`; nothing here panics on input.

pub mod asset;
pub mod name;
pub mod rex;

pub use asset::{Asset, Symbol, SymbolCode};
pub use name::Name;
pub use rex::{DelegatedBandwidth, RefundRequest, RexPool, rex_value, total_resources};
