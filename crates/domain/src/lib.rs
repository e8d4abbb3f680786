//! # tandem-domain
//!
//! The wallet's rules as pure Rust: no IO, no async, no clock reads ("now" is always a
//! parameter). The server, the indexer and the native client all lean on the same types
//! and checks, so they live here once. Its only dependencies are `alloy-primitives`
//! (U256, addresses, keccak), `serde`/`serde_json` and `thiserror`.
//!
//! ## What lives where
//!
//! | module | rules (product spec section) |
//! |---|---|
//! | [`error`] | [`DomainError`], one variant per rejection, each with a stable `code()` |
//! | [`network`] | networks and chain settings (§3, §9) |
//! | [`amount`] | exact fixed-point [`amount::Amount`] on U256; parsing user input with locale separators; display precision and rounding (§5, §9) |
//! | [`token`] | [`token::Token`], id `symbol-address-network`, defaults (§3) |
//! | [`price`] | [`price::MarketPrice`]: 18-decimal price, inverse, fiat conversion, 10-minute validity (§3) |
//! | [`balance`] | which balances to keep and their order (§4) |
//! | [`validate`] | account names, EVM addresses, hashes, numbers, bounds, token form, dates, minimum transfers, allowance batch ids (§5) |
//! | [`history`] | transfer logs and the shaped EVM history row, action names (§3, §4) |
//! | [`nft`] | NFT metadata, media type, attributes, IPFS gateway (§3) |
//! | [`allowance`] | ERC-20/721/1155 approval rows, sorting, filtering, risk facts (§3, §4) |
//! | [`approval_call`] | approval-granting calls read from call data (approve, increaseAllowance, setApprovalForAll) |
//! | [`evm_move`] | moving TLOS between the native and EVM halves through `eosio.evm`: memos, reserved addresses, units (ADR 0035) |
//! | [`antelope`] | names ↔ u64, symbols and assets, REX value, total resources (§3, §7) |
//! | [`sponsor`] | fee-sponsor answer verification and the transfer/buyrambytes decoder (§4, §5, §9) |
//! | [`time`] | duration wording and the default date format (§9) |
//! | [`upstream`] | how an upstream call ended, as the metrics count it |
//!
//! Rules shared with the web app (EVM address, amount parsing, account names) are pinned
//! by the JSON vectors in `testdata/vectors/`, which `tests/vectors.rs` runs.
//!
//! ## Choices made where the spec leaves one
//!
//! - **Rounding**: token amounts truncate toward zero (a wallet never shows more than
//!   held), fiat and gas round half up; display precision 4 for tokens, 2 for fiat and
//!   gas. Conversions through a price truncate.
//! - **Number input**: group separators only in the integer part and in groups of three,
//!   so a German "1.5" is an error rather than 15; extra fraction digits are rejected
//!   even when zero; space-like group separators accept every space form.
//! - **Addresses**: single-case addresses (all lower or all upper) pass with a
//!   "not checksummed" warning (key `validation.address_lowercase`).
//! - **Account names**: a trailing dot is its own error, since the chain's encoding
//!   drops it; names with trailing dots are also rejected by [`antelope::Name`].
//! - **Balances**: ties are broken by symbol then id, so the order is stable.
//! - **Transfer logs** are recognised by the full topic hash of the spec's prefixes; the
//!   two function selectors among them name the action when no decoded name is given.
//! - **`gasUsed`** in the history row is the fee (gas used × gas price) in the system
//!   token.
//! - **Durations** use the largest unit that fits, rounded down; a month is 30 days, a
//!   year 365.
//! - **Fee sponsor**: positions are never checked, the no-op must be first, at most one
//!   fee transfer and one RAM purchase, each authorised by exactly the expected
//!   permission; the first broken rule is reported.
//! - **Error keys**: the spec's §8 keys keep their `antelope.<area>.` prefix; new keys
//!   use `validation.`, `sponsor.`, `nft.` and `antelope.{name,asset,abi}.`.

pub mod allowance;
pub mod amount;
pub mod antelope;
pub mod approval_call;
pub mod balance;
pub mod error;
pub mod evm_move;
pub mod history;
pub mod network;
pub mod nft;
pub mod price;
pub mod share_yield;
pub mod spam;
pub mod sponsor;
pub mod time;
pub mod token;
pub mod upstream;
pub mod validate;

pub use error::DomainError;
