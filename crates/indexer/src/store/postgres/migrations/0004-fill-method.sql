-- Version 4: how an account's fill found its earlier activity (`chain`: the node's logs;
-- `indexer`: a third-party indexer's list, every item confirmed by the chain; the chain's
-- after the indexer was unavailable or disagreed with it). NULL for fills written before.
ALTER TABLE account_coverage ADD COLUMN filled_by TEXT;
