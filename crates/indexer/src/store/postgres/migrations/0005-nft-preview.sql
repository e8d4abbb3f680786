-- Version 5: what lists read of an NFT's metadata (tandem_domain::nft::metadata_preview: the
-- shown keys only), saved beside the document by the metadata fetcher. Rows fetched before it
-- have none and are read from the document.
ALTER TABLE nft_metadata ADD COLUMN preview TEXT;
