//! Which source answers an EVM network's account reads, and how its own index runs:
//! the settings of `[networks.<name>]` `primary` and `[networks.<name>.index]` once
//! checked (`config.rs` parses them), and the defaults of a deployment without them —
//! Blockscout on the public networks (ADR 0028), the own index on the devnet.

use std::fmt;
use std::path::Path;

use tandem_domain::network::{ChainSettings, NetworkName};
use tandem_indexer::{Backfill, StoreUrl};

/// The source an EVM network's account reads come from while it is healthy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Primary {
    /// A Blockscout explorer's v2 API at the network's `indexer_endpoint` (the default
    /// where there is one).
    Blockscout,
    /// The Teloscan indexer v1 API at the network's `indexer_endpoint`, for deployments
    /// that still run one.
    Teloscan,
    /// Tandem's own index of the chain.
    Own,
    /// Plain JSON-RPC reads of the token-list tokens: no history, NFTs or approvals.
    Rpc,
}

impl Primary {
    /// The word used in configuration.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Blockscout => "blockscout",
            Self::Teloscan => "teloscan",
            Self::Own => "own",
            Self::Rpc => "rpc",
        }
    }

    /// The configured word, if it is one of `blockscout`, `teloscan`, `own`, `rpc`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Blockscout, Self::Teloscan, Self::Own, Self::Rpc]
            .into_iter()
            .find(|primary| primary.name() == text)
    }

    /// The primary of `settings` when `configured` says nothing: the own index on the
    /// devnet (when the server has somewhere to keep it), Blockscout where the network
    /// has an indexer endpoint, plain RPC reads elsewhere.
    #[must_use]
    pub fn effective(
        configured: Option<Self>,
        settings: &ChainSettings,
        has_data_dir: bool,
    ) -> Self {
        match configured {
            Some(primary) => primary,
            None if settings.name == NetworkName::TelosEvmDevnet && has_data_dir => Self::Own,
            None if settings.indexer_endpoint.is_some() => Self::Blockscout,
            None => Self::Rpc,
        }
    }
}

impl fmt::Display for Primary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a new own index begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartBlock {
    /// This block.
    Number(u64),
    /// The chain's head when the store is first bound (kept by the store from then on):
    /// accounts are filled on demand below it.
    Head,
}

impl fmt::Display for StartBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Number(number) => write!(f, "{number}"),
            Self::Head => f.write_str("head"),
        }
    }
}

/// Account fills run at once per network unless configured.
pub const DEFAULT_FILL_CONCURRENCY: usize = 4;

/// How one network's own index runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexSettings {
    /// The store; `None`: the embedded SQLite file `<data_dir>/index/<network>.sqlite`.
    pub store: Option<StoreUrl>,
    /// The first block; `None`: the devnet manifest's start block, `head` elsewhere.
    pub start_block: Option<StartBlock>,
    /// Whether this process runs the index's one writer (else it serves a store another
    /// process writes, as a replica).
    pub write: bool,
    /// How final blocks are read while catching up.
    pub backfill: Backfill,
    /// Account fills running at once, in total.
    pub fill_concurrency: usize,
}

impl Default for IndexSettings {
    fn default() -> Self {
        Self {
            store: None,
            start_block: None,
            write: true,
            backfill: Backfill::default(),
            fill_concurrency: DEFAULT_FILL_CONCURRENCY,
        }
    }
}

impl IndexSettings {
    /// The store's URL: the configured one, else the SQLite file under `data_dir`.
    #[must_use]
    pub fn store_url(&self, data_dir: Option<&Path>, network: NetworkName) -> Option<StoreUrl> {
        self.store.clone().or_else(|| {
            data_dir
                .map(|dir| StoreUrl::Sqlite(dir.join("index").join(format!("{network}.sqlite"))))
        })
    }
}

/// What `[networks.<name>]` says of an EVM network's data source.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceSettings {
    /// `primary`, when set.
    pub primary: Option<Primary>,
    /// `[networks.<name>.index]`, when present.
    pub index: Option<IndexSettings>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_networks_read_blockscout_unless_configured_otherwise() {
        let mainnet = ChainSettings::builtin(NetworkName::TelosEvm).expect("telos-evm");
        assert_eq!(
            Primary::effective(None, &mainnet, true),
            Primary::Blockscout
        );
        assert_eq!(
            Primary::effective(Some(Primary::Teloscan), &mainnet, true),
            Primary::Teloscan
        );
        assert_eq!(Primary::parse("blockscout"), Some(Primary::Blockscout));
        assert_eq!(Primary::parse("teloscan"), Some(Primary::Teloscan));
        let mut without_indexer = mainnet.clone();
        without_indexer.indexer_endpoint = None;
        assert_eq!(
            Primary::effective(None, &without_indexer, true),
            Primary::Rpc
        );
        assert_eq!(
            Primary::effective(Some(Primary::Own), &mainnet, false),
            Primary::Own
        );
        assert_eq!(Primary::parse("own"), Some(Primary::Own));
        assert_eq!(Primary::parse("Own"), None);
    }

    #[test]
    fn the_default_store_is_a_file_per_network_under_the_data_dir() {
        let settings = IndexSettings::default();
        assert_eq!(
            settings.store_url(Some(Path::new("/var/tandem")), NetworkName::TelosEvm),
            Some(StoreUrl::Sqlite(
                "/var/tandem/index/telos-evm.sqlite".into()
            ))
        );
        assert_eq!(settings.store_url(None, NetworkName::TelosEvm), None);
    }
}
