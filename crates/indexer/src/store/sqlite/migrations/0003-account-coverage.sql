-- Version 3: accounts filled below the index's start block (on-demand fills): the lowest
-- block of their filled history, and the block their state was read at.
CREATE TABLE account_coverage (
    account BLOB PRIMARY KEY, filled_from INTEGER NOT NULL, filled_at INTEGER NOT NULL) WITHOUT ROWID;
