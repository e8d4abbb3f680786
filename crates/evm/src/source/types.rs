//! The records every [`EvmSource`](super::EvmSource) returns. They carry raw chain
//! facts (exact integers, addresses, millisecond timestamps); shaping for display is
//! the domain crate's job.

use alloy_primitives::{Address, B256, U256};
use serde::Serialize;
use tandem_domain::history::RawTransaction;
use tandem_domain::nft::NftStandard;

/// Which implementation answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum SourceKind {
    /// The Teloscan indexer v1 API.
    TeloscanIndexer,
    /// A Blockscout explorer's v2 REST API.
    Blockscout,
    /// Tandem's built-in index (`tandem-indexer`).
    OwnIndex,
    /// Plain JSON-RPC reads against the node.
    Rpc,
}

impl SourceKind {
    /// The source as a sentence names it, for people (not an identifier).
    #[must_use]
    pub const fn reader_name(self) -> &'static str {
        match self {
            Self::TeloscanIndexer => "the Teloscan indexer",
            Self::Blockscout => "the Blockscout explorer",
            Self::OwnIndex => "this server's own index",
            Self::Rpc => "the network's node",
        }
    }
}

/// How current a source is (spec §3 "Indexer health").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceHealth {
    /// Which source.
    pub kind: SourceKind,
    /// The source's own success flag.
    pub success: bool,
    /// Last block the source has processed.
    pub block_number: u64,
    /// That block's time, milliseconds since the epoch.
    pub block_timestamp_ms: u64,
    /// How far the source is behind the wall clock, in seconds.
    pub seconds_behind: u64,
    /// What else its operator should know (a Blockscout still indexing old blocks).
    pub note: Option<String>,
}

impl SourceHealth {
    /// Spec §4: healthy only when `success` and less than 10 s behind.
    pub const MAX_SECONDS_BEHIND: u64 = 10;

    /// Whether the wallet may rely on this source.
    #[must_use]
    pub fn is_healthy(&self) -> bool {
        self.success && self.seconds_behind < Self::MAX_SECONDS_BEHIND
    }
}

/// Paging of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    /// Rows to skip.
    pub offset: u64,
    /// Rows to return at most.
    pub limit: u64,
}

/// Sort order by block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortOrder {
    /// Oldest first.
    Ascending,
    /// Newest first (the wallet's default).
    #[default]
    Descending,
}

/// One page of rows and, where the source knows it, the total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page<T> {
    /// The rows.
    pub rows: Vec<T>,
    /// Total rows matching, when known.
    pub total: Option<u64>,
    /// Whether more rows follow this page.
    pub more: bool,
}

/// A balance of one token (or the native coin) held by an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenBalance {
    /// The token contract; `None` for the native coin (TLOS on Telos EVM).
    pub token: Option<Address>,
    /// Exact amount in the token's smallest unit.
    pub amount: U256,
    /// What is known of the token contract, when the source has it.
    pub contract: Option<ContractRecord>,
    /// When the source last saw this balance change, milliseconds since the epoch.
    pub updated_ms: Option<u64>,
}

/// Filters for a transaction list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionQuery {
    /// Paging.
    pub page: PageRequest,
    /// Order by block.
    pub sort: SortOrder,
    /// Only transactions with a log carrying this topic.
    pub log_topic: Option<B256>,
    /// The page that follows this position in `sort` order, for a reader walking a long
    /// list page by page (the history export). A source that can seek to it (the own
    /// index) does, ignores `page.offset` and does not count the total; one that cannot
    /// pages by `page.offset`, which the caller keeps naming the same page.
    pub resume_after: Option<ChainPosition>,
}

/// Where a transaction sits in the chain, ordered as the chain orders them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChainPosition {
    /// Its block.
    pub block_number: u64,
    /// Its index in the block.
    pub tx_index: u64,
}

/// A transaction with its receipt and logs, as the domain's history shaping wants it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionRecord {
    /// Block the transaction is in.
    pub block_number: u64,
    /// Its index in the block, where the source says.
    pub tx_index: Option<u64>,
    /// The transaction, its receipt fields and logs.
    pub transaction: RawTransaction,
}

impl TransactionRecord {
    /// Where it sits in the chain, when the source said its index.
    #[must_use]
    pub fn position(&self) -> Option<ChainPosition> {
        self.tx_index.map(|tx_index| ChainPosition {
            block_number: self.block_number,
            tx_index,
        })
    }
}

/// Which token standard a transfer or approval belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenStandard {
    /// Fungible ERC-20.
    Erc20,
    /// ERC-721 NFTs.
    Erc721,
    /// ERC-1155 multi-tokens.
    Erc1155,
}

/// Filters for a transfer list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferQuery {
    /// Which standard.
    pub standard: TokenStandard,
    /// Paging.
    pub page: PageRequest,
    /// Only this token contract.
    pub contract: Option<Address>,
    /// First block, inclusive.
    pub start_block: Option<u64>,
    /// Last block, inclusive.
    pub end_block: Option<u64>,
}

/// One token movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferRecord {
    /// Standard of the token moved.
    pub standard: TokenStandard,
    /// Token contract.
    pub contract: Address,
    /// Sender (the zero address for a mint).
    pub from: Address,
    /// Recipient (the zero address for a burn).
    pub to: Address,
    /// NFT id; `None` for ERC-20.
    pub token_id: Option<U256>,
    /// Amount moved (1 for ERC-721).
    pub amount: U256,
    /// Block of the transfer.
    pub block_number: u64,
    /// Transaction hash.
    pub transaction: B256,
    /// Position of the log in its block, to order and de-duplicate.
    pub log_index: u64,
    /// Block time, milliseconds since the epoch.
    pub timestamp_ms: u64,
}

/// Which approvals to list (spec §7 `approvals?type=`).
pub type ApprovalKind = TokenStandard;

/// A current approval granted by an owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApprovalRecord {
    /// ERC-20 `approve(spender, amount)`; revoked when `amount` is zero.
    Erc20 {
        /// Who granted it.
        owner: Address,
        /// Token contract.
        contract: Address,
        /// Who may spend.
        spender: Address,
        /// How much may be spent.
        amount: U256,
        /// Last change, milliseconds since the epoch.
        updated_ms: u64,
    },
    /// ERC-721 `approve(approved, tokenId)` for one token; revoked when `approved` is zero.
    Erc721Single {
        /// Who granted it.
        owner: Address,
        /// Collection.
        contract: Address,
        /// The token.
        token_id: U256,
        /// Who may move it.
        approved: Address,
        /// Last change, milliseconds since the epoch.
        updated_ms: u64,
    },
    /// `setApprovalForAll(operator, approved)` on an ERC-721 or ERC-1155 collection.
    Operator {
        /// ERC-721 or ERC-1155.
        standard: TokenStandard,
        /// Who granted it.
        owner: Address,
        /// Collection.
        contract: Address,
        /// Who may move every token of the owner.
        operator: Address,
        /// Whether the approval stands (false once revoked).
        approved: bool,
        /// Last change, milliseconds since the epoch.
        updated_ms: u64,
    },
}

/// One NFT (one token id of a collection), as owned by an account or listed in a collection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NftRecord {
    /// ERC-721 or ERC-1155.
    pub standard: NftStandard,
    /// Collection contract.
    pub contract: Address,
    /// Token id.
    pub token_id: U256,
    /// Amount held (1 for ERC-721); for a collection listing, the owner's amount or supply.
    pub amount: U256,
    /// Current owner (ERC-721), when known.
    pub owner: Option<Address>,
    /// Total supply of this id (ERC-1155), when known.
    pub supply: Option<U256>,
    /// The token URI as the contract returns it.
    pub token_uri: Option<String>,
    /// The metadata document as fetched (raw JSON text), when available. Invalid
    /// metadata is passed on as it is, for the domain to degrade.
    pub metadata: Option<String>,
    /// Who minted it, when known.
    pub minter: Option<Address>,
    /// Block it was minted in, when known.
    pub block_minted: Option<u64>,
    /// Last change, milliseconds since the epoch.
    pub updated_ms: Option<u64>,
}

/// Which holders to list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HolderQuery {
    /// Every holder, up to a limit.
    All {
        /// Rows at most.
        limit: u64,
    },
    /// Holders of one token id (ERC-721 owner, ERC-1155 holders).
    TokenId {
        /// The id.
        token_id: U256,
        /// Rows at most.
        limit: u64,
    },
    /// One account's holdings in the contract.
    Account(Address),
}

/// One holder's position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HolderRecord {
    /// The holder.
    pub address: Address,
    /// Token id for NFTs.
    pub token_id: Option<U256>,
    /// Amount held.
    pub balance: U256,
    /// Last change, milliseconds since the epoch.
    pub updated_ms: Option<u64>,
}

/// Interfaces a contract declares or is seen to implement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ContractInterface {
    /// Fungible token.
    Erc20,
    /// NFT collection.
    Erc721,
    /// Multi-token collection.
    Erc1155,
}

/// What is known of a contract (spec §3 "Contract").
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContractRecord {
    /// Its address.
    pub address: Address,
    /// `name()`, or a verified / token-list name.
    pub name: Option<String>,
    /// `symbol()`.
    pub symbol: Option<String>,
    /// `decimals()` for ERC-20 tokens.
    pub decimals: Option<u8>,
    /// Declared or probed interfaces.
    pub interfaces: Vec<ContractInterface>,
    /// Deployer, when known.
    pub creator: Option<Address>,
    /// Creation transaction, when known.
    pub creation_transaction: Option<B256>,
    /// Creation block, when known.
    pub creation_block: Option<u64>,
    /// Whether the contract's source is verified (trusted bucket).
    pub verified: bool,
    /// Logo URL, from the token list or the indexer.
    pub logo_uri: Option<String>,
    /// Total supply, when known.
    pub supply: Option<U256>,
    /// The index has seen the contract's token events but not read the contract itself
    /// yet: its interfaces are what those events suggest, and its name and symbol are not
    /// read. A lookup completes such a record from the chain instead of stopping at it.
    pub unprobed: bool,
}
