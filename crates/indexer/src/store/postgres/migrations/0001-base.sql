-- Tandem index schema, version 1 (PostgreSQL): the SQLite schema's tables, columns
-- and keys, in the same order. 256-bit integers are 32-byte big-endian BYTEA (they
-- sort as numbers, as SQLite's blobs do), addresses 20-byte BYTEA, hashes 32-byte
-- BYTEA; heights and times BIGINT; flags and codes SMALLINT (0/1), as in SQLite.

CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE blocks (
    number BIGINT PRIMARY KEY, hash BYTEA NOT NULL, parent_hash BYTEA NOT NULL,
    timestamp BIGINT NOT NULL, batch_first BIGINT NOT NULL);

CREATE TABLE transactions (
    block_number BIGINT NOT NULL, tx_index BIGINT NOT NULL, hash BYTEA NOT NULL,
    sender BYTEA NOT NULL, recipient BYTEA, contract_address BYTEA, value BYTEA NOT NULL,
    gas_used BYTEA NOT NULL, gas_price BYTEA NOT NULL, success SMALLINT NOT NULL, input BYTEA NOT NULL,
    PRIMARY KEY (block_number, tx_index));

CREATE TABLE logs (
    block_number BIGINT NOT NULL, log_index BIGINT NOT NULL, tx_index BIGINT NOT NULL,
    address BYTEA NOT NULL, topic0 BYTEA, topics BYTEA NOT NULL, data BYTEA NOT NULL,
    PRIMARY KEY (block_number, log_index));

CREATE TABLE address_transactions (
    address BYTEA NOT NULL, block_number BIGINT NOT NULL, tx_index BIGINT NOT NULL,
    PRIMARY KEY (address, block_number, tx_index));

-- standard: 0 ERC-20, 1 ERC-721, 2 ERC-1155.
CREATE TABLE transfers (
    block_number BIGINT NOT NULL, log_index BIGINT NOT NULL, sub_index BIGINT NOT NULL,
    tx_index BIGINT NOT NULL, standard SMALLINT NOT NULL, contract BYTEA NOT NULL,
    sender BYTEA NOT NULL, recipient BYTEA NOT NULL, token_id BYTEA, amount BYTEA NOT NULL,
    PRIMARY KEY (block_number, log_index, sub_index));
CREATE INDEX transfers_by_sender ON transfers (sender, block_number);
CREATE INDEX transfers_by_recipient ON transfers (recipient, block_number);

CREATE TABLE native_balances (
    address BYTEA PRIMARY KEY, amount BYTEA NOT NULL, block BIGINT NOT NULL, time_ms BIGINT NOT NULL);

CREATE TABLE token_balances (
    token BYTEA NOT NULL, holder BYTEA NOT NULL, amount BYTEA NOT NULL, block BIGINT NOT NULL, time_ms BIGINT NOT NULL,
    PRIMARY KEY (token, holder));
CREATE INDEX token_balances_by_holder ON token_balances (holder, token);

-- token_id is empty for ERC-20 supply and ERC-721 token counts.
CREATE TABLE supplies (
    contract BYTEA NOT NULL, token_id BYTEA NOT NULL, amount BYTEA NOT NULL, block BIGINT NOT NULL, time_ms BIGINT NOT NULL,
    PRIMARY KEY (contract, token_id));

CREATE TABLE nft_owners (
    contract BYTEA NOT NULL, token_id BYTEA NOT NULL, owner BYTEA NOT NULL, minter BYTEA, block_minted BIGINT,
    block BIGINT NOT NULL, time_ms BIGINT NOT NULL, PRIMARY KEY (contract, token_id));
CREATE INDEX nft_owners_by_owner ON nft_owners (owner, contract, token_id);

CREATE TABLE multi_balances (
    contract BYTEA NOT NULL, token_id BYTEA NOT NULL, holder BYTEA NOT NULL, amount BYTEA NOT NULL,
    block BIGINT NOT NULL, time_ms BIGINT NOT NULL, PRIMARY KEY (contract, token_id, holder));
CREATE INDEX multi_balances_by_holder ON multi_balances (holder, contract, token_id);

CREATE TABLE allowances (
    token BYTEA NOT NULL, owner BYTEA NOT NULL, spender BYTEA NOT NULL, amount BYTEA NOT NULL,
    block BIGINT NOT NULL, time_ms BIGINT NOT NULL, PRIMARY KEY (owner, token, spender));

CREATE TABLE token_approvals (
    contract BYTEA NOT NULL, token_id BYTEA NOT NULL, owner BYTEA NOT NULL, approved BYTEA NOT NULL,
    block BIGINT NOT NULL, time_ms BIGINT NOT NULL, PRIMARY KEY (contract, token_id));
CREATE INDEX token_approvals_by_owner ON token_approvals (owner, contract, token_id);

CREATE TABLE operators (
    contract BYTEA NOT NULL, owner BYTEA NOT NULL, operator BYTEA NOT NULL, approved SMALLINT NOT NULL,
    block BIGINT NOT NULL, time_ms BIGINT NOT NULL, PRIMARY KEY (owner, contract, operator));

-- Prior values of derived rows, per batch, restored newest first on a rollback.
CREATE TABLE undo (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, batch_first BIGINT NOT NULL, key TEXT NOT NULL, prior TEXT);
CREATE INDEX undo_by_batch ON undo (batch_first);

-- Contracts seen emitting token events; seen_standard as in transfers. probed: 0 pending, 1 done.
CREATE TABLE contracts (
    address BYTEA PRIMARY KEY, seen_standard SMALLINT, probed SMALLINT NOT NULL DEFAULT 0,
    name TEXT, symbol TEXT, decimals SMALLINT, interfaces TEXT,
    creator BYTEA, creation_tx BYTEA, creation_block BIGINT);

-- NFT metadata queue and results; done: 0 pending, 1 finished (fetched or given up).
CREATE TABLE nft_metadata (
    contract BYTEA NOT NULL, token_id BYTEA NOT NULL, standard SMALLINT NOT NULL, token_uri TEXT, metadata TEXT,
    done SMALLINT NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (contract, token_id));
