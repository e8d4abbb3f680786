-- Tandem index schema, version 1 (SQLite). Integers in 256 bits are 32-byte big-endian blobs,
-- addresses 20-byte blobs, hashes 32-byte blobs. Chain data rows carry their block
-- number so a rollback deletes them by height; derived rows are restored from `undo`.

CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS blocks (
    number INTEGER PRIMARY KEY, hash BLOB NOT NULL, parent_hash BLOB NOT NULL,
    timestamp INTEGER NOT NULL, batch_first INTEGER NOT NULL);

CREATE TABLE IF NOT EXISTS transactions (
    block_number INTEGER NOT NULL, tx_index INTEGER NOT NULL, hash BLOB NOT NULL,
    sender BLOB NOT NULL, recipient BLOB, contract_address BLOB, value BLOB NOT NULL,
    gas_used BLOB NOT NULL, gas_price BLOB NOT NULL, success INTEGER NOT NULL, input BLOB NOT NULL,
    PRIMARY KEY (block_number, tx_index)) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS logs (
    block_number INTEGER NOT NULL, log_index INTEGER NOT NULL, tx_index INTEGER NOT NULL,
    address BLOB NOT NULL, topic0 BLOB, topics BLOB NOT NULL, data BLOB NOT NULL,
    PRIMARY KEY (block_number, log_index)) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS address_transactions (
    address BLOB NOT NULL, block_number INTEGER NOT NULL, tx_index INTEGER NOT NULL,
    PRIMARY KEY (address, block_number, tx_index)) WITHOUT ROWID;

-- standard: 0 ERC-20, 1 ERC-721, 2 ERC-1155.
CREATE TABLE IF NOT EXISTS transfers (
    block_number INTEGER NOT NULL, log_index INTEGER NOT NULL, sub_index INTEGER NOT NULL,
    tx_index INTEGER NOT NULL, standard INTEGER NOT NULL, contract BLOB NOT NULL,
    sender BLOB NOT NULL, recipient BLOB NOT NULL, token_id BLOB, amount BLOB NOT NULL,
    PRIMARY KEY (block_number, log_index, sub_index)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS transfers_by_sender ON transfers (sender, block_number);
CREATE INDEX IF NOT EXISTS transfers_by_recipient ON transfers (recipient, block_number);

CREATE TABLE IF NOT EXISTS native_balances (
    address BLOB PRIMARY KEY, amount BLOB NOT NULL, block INTEGER NOT NULL, time_ms INTEGER NOT NULL) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS token_balances (
    token BLOB NOT NULL, holder BLOB NOT NULL, amount BLOB NOT NULL, block INTEGER NOT NULL, time_ms INTEGER NOT NULL,
    PRIMARY KEY (token, holder)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS token_balances_by_holder ON token_balances (holder);

-- token_id is an empty blob for ERC-20 supply and ERC-721 token counts.
CREATE TABLE IF NOT EXISTS supplies (
    contract BLOB NOT NULL, token_id BLOB NOT NULL, amount BLOB NOT NULL, block INTEGER NOT NULL, time_ms INTEGER NOT NULL,
    PRIMARY KEY (contract, token_id)) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS nft_owners (
    contract BLOB NOT NULL, token_id BLOB NOT NULL, owner BLOB NOT NULL, minter BLOB, block_minted INTEGER,
    block INTEGER NOT NULL, time_ms INTEGER NOT NULL, PRIMARY KEY (contract, token_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS nft_owners_by_owner ON nft_owners (owner);

CREATE TABLE IF NOT EXISTS multi_balances (
    contract BLOB NOT NULL, token_id BLOB NOT NULL, holder BLOB NOT NULL, amount BLOB NOT NULL,
    block INTEGER NOT NULL, time_ms INTEGER NOT NULL, PRIMARY KEY (contract, token_id, holder)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS multi_balances_by_holder ON multi_balances (holder);

CREATE TABLE IF NOT EXISTS allowances (
    token BLOB NOT NULL, owner BLOB NOT NULL, spender BLOB NOT NULL, amount BLOB NOT NULL,
    block INTEGER NOT NULL, time_ms INTEGER NOT NULL, PRIMARY KEY (owner, token, spender)) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS token_approvals (
    contract BLOB NOT NULL, token_id BLOB NOT NULL, owner BLOB NOT NULL, approved BLOB NOT NULL,
    block INTEGER NOT NULL, time_ms INTEGER NOT NULL, PRIMARY KEY (contract, token_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS token_approvals_by_owner ON token_approvals (owner);

CREATE TABLE IF NOT EXISTS operators (
    contract BLOB NOT NULL, owner BLOB NOT NULL, operator BLOB NOT NULL, approved INTEGER NOT NULL,
    block INTEGER NOT NULL, time_ms INTEGER NOT NULL, PRIMARY KEY (owner, contract, operator)) WITHOUT ROWID;

-- Prior values of derived rows, per batch, restored newest first on a rollback.
CREATE TABLE IF NOT EXISTS undo (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, batch_first INTEGER NOT NULL, key TEXT NOT NULL, prior TEXT);
CREATE INDEX IF NOT EXISTS undo_by_batch ON undo (batch_first);

-- Contracts seen emitting token events; seen_standard as in transfers. probed: 0 pending, 1 done.
CREATE TABLE IF NOT EXISTS contracts (
    address BLOB PRIMARY KEY, seen_standard INTEGER, probed INTEGER NOT NULL DEFAULT 0,
    name TEXT, symbol TEXT, decimals INTEGER, interfaces TEXT,
    creator BLOB, creation_tx BLOB, creation_block INTEGER) WITHOUT ROWID;

-- NFT metadata queue and results; done: 0 pending, 1 finished (fetched or given up).
CREATE TABLE IF NOT EXISTS nft_metadata (
    contract BLOB NOT NULL, token_id BLOB NOT NULL, standard INTEGER NOT NULL, token_uri TEXT, metadata TEXT,
    done INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (contract, token_id)) WITHOUT ROWID;
