//! EVM history shaping (spec §3, §4): one transaction, its logs and the account's NFT
//! transfers become the row the history table renders.
//!
//! - `epoch` is the block time in whole seconds.
//! - `gasUsed` is the fee, gas used × gas price, in the system token (18 decimals),
//!   and `gasFiatValue` its fiat value when the system token has a price; both only on
//!   rows the account sent (whoever sent a transaction paid its fee).
//! - A status other than `0x1` is failed and carries no movements.
//! - Movements: the native value, the native coin the settings' wrapped token and
//!   unstake escrow announce paying by an internal call (see [`payouts`]), then every
//!   transfer log naming the account as sender (out) or recipient (in). A movement from
//!   the account to itself is listed once, as outgoing. A log that claims a transfer signature but is malformed is
//!   skipped rather than failing the row. NFT movements take names and media from the
//!   account's NFT transfer records of the same transaction; records with no matching
//!   log are added as movements too.
//! - Action name: `contractCreation` without recipient but with a created contract;
//!   `selfTransfer` when every movement goes from the account to itself; `send` with
//!   only outgoing, `receive` with only incoming, `swap` with both;
//!   otherwise the decoded function name, else the name of a known selector
//!   (`transfer`, `safeTransferFrom`), else `transfer` for empty input (a plain coin
//!   transfer), else the 4-byte selector in hex.
//! - Action: what the row did as a person would name it (wrap, stake, an approval and for
//!   what, a revoke…) and its counterparty, the party the value went to or came from
//!   ([`action`]).

pub mod action;
#[cfg(test)]
pub(crate) mod fixtures;
mod logs;
pub mod movements;
pub mod payouts;
mod sent;
mod shape;

pub use action::{Grant, KnownContracts, RowAction};
pub use logs::{
    ERC20_TRANSFER_SELECTOR, ERC1155_SAFE_TRANSFER_SELECTOR, RawLog, TRANSFER_BATCH_TOPIC,
    TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC, TransferEvent, decode_transfer_log,
};
pub use sent::{recipients_of, sends_to};
pub use shape::{
    ContractInfo, NftMovement, NftTransferRecord, RawTransaction, ShapeContext, ShapedTransaction,
    SystemCoin, ValueMovement, fee, native_value, shape_transaction, succeeded,
};
