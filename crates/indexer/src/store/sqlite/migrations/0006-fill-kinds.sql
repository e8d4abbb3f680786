-- Version 6: what an account's fill found, kind by kind. Each column is the block from
-- which that kind of the account's history is complete (0: all of it; the index's start
-- block: the node could not answer the search below it). NULL for fills written before,
-- which searched token events only (they are filled again when next asked for).
--   sent_from      transactions the account sent (its nonce at past blocks);
--   received_from  TLOS it received in a transaction sent to it (its balance at past blocks);
--   other_from     every other change of its TLOS balance (value received inside a call).
ALTER TABLE account_coverage ADD COLUMN sent_from INTEGER;
ALTER TABLE account_coverage ADD COLUMN received_from INTEGER;
ALTER TABLE account_coverage ADD COLUMN other_from INTEGER;
-- The rows of an account's history below the index's start block are those its own
-- fill found: another account's fill storing a transaction that names it never changes
-- its history there.
CREATE TABLE account_fill_rows (
    account BLOB NOT NULL, block_number INTEGER NOT NULL, tx_index INTEGER NOT NULL,
    PRIMARY KEY (account, block_number, tx_index)) WITHOUT ROWID;
