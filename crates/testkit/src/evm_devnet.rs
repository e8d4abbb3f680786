//! The EVM devnet as a child process: `node devnet/evm/src/cli.mjs --manifest PATH`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde::Deserialize;

use crate::process::{DevnetProcess, read_manifest};
use crate::{TestkitError, repo_root};

/// How long compile + anvil + deploy + seed may take on a loaded 2-core machine.
const START_TIMEOUT: Duration = Duration::from_secs(120);
/// The line the devnet CLI prints once everything is deployed and seeded.
const READY_LINE: &str = "Press Ctrl+C to stop.";

/// A named, funded devnet account (anvil's well-known development keys).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ManifestAccount {
    /// Name used in the seed (`alice`, `bob`, …).
    pub name: String,
    /// EIP-55 address.
    pub address: String,
    /// Hex private key (public knowledge; devnet only).
    pub private_key: String,
}

/// The parts of the devnet manifest most tests need, plus the whole document.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EvmManifest {
    /// Network name the server serves the devnet under.
    pub network: String,
    /// EVM chain id.
    pub chain_id: u64,
    /// anvil's JSON-RPC URL.
    pub rpc_url: String,
    /// The devnet's static server (token list, NFT metadata and media).
    pub assets_url: String,
    /// The token list the devnet serves.
    pub token_list_url: String,
    /// First block worth indexing.
    pub start_block: u64,
    /// Contract addresses by key (`WTLOS`, `STLOS`, `ESCROW`, `TUSD`, `GEMS`, `ART`, `ITEMS`).
    pub contracts: BTreeMap<String, String>,
    /// Named accounts.
    pub accounts: Vec<ManifestAccount>,
    /// Every seeded fact, as written by the devnet (see devnet/evm/README.md).
    pub seeded: serde_json::Value,
}

impl EvmManifest {
    /// The address of a named account.
    #[must_use]
    pub fn account(&self, name: &str) -> Option<&ManifestAccount> {
        self.accounts.iter().find(|account| account.name == name)
    }

    /// The address of a contract by its manifest key.
    #[must_use]
    pub fn contract(&self, key: &str) -> Option<&str> {
        self.contracts.get(key).map(String::as_str)
    }
}

/// A running EVM devnet; stopped (anvil included) when dropped.
#[derive(Debug)]
pub struct EvmDevnet {
    // Declared first so it is dropped (stopped) before the manifest's folder goes.
    _process: DevnetProcess,
    manifest: EvmManifest,
    manifest_path: PathBuf,
    _dir: tempfile::TempDir,
}

impl EvmDevnet {
    /// Starts a fresh devnet on free 127.0.0.1 ports and waits until it is seeded.
    ///
    /// # Errors
    /// When the devnet's packages are not installed, node cannot be started, start-up
    /// fails or times out, or the manifest cannot be read.
    pub fn start() -> Result<Self, TestkitError> {
        Self::spawn(None)
    }

    /// As [`start`](Self::start), under another chain id than the devnet's 41 (anvil, the
    /// token list and the manifest say it): 40 serves the seeded chain as `telos-evm`.
    ///
    /// # Errors
    /// As [`start`](Self::start).
    pub fn start_with_chain_id(chain_id: u64) -> Result<Self, TestkitError> {
        Self::spawn(Some(chain_id))
    }

    fn spawn(chain_id: Option<u64>) -> Result<Self, TestkitError> {
        let root = repo_root();
        let devnet_dir = root.join("devnet").join("evm");
        let modules = devnet_dir.join("node_modules");
        if !modules.is_dir() {
            return Err(TestkitError::NotInstalled(modules));
        }
        let dir = tempfile::tempdir()?;
        let manifest_path = dir.path().join("devnet-manifest.json");
        let mut command = Command::new("node");
        command
            .arg(devnet_dir.join("src").join("cli.mjs"))
            .arg("--manifest")
            .arg(&manifest_path);
        if let Some(chain_id) = chain_id {
            command.arg("--chain-id").arg(chain_id.to_string());
        }
        let mut process = DevnetProcess::spawn("EVM devnet", &mut command)?;
        process.wait_until_ready(|line| line.contains(READY_LINE), START_TIMEOUT)?;
        let manifest = read_manifest(&manifest_path)?;
        Ok(Self {
            _process: process,
            manifest,
            manifest_path,
            _dir: dir,
        })
    }

    /// The manifest the devnet wrote.
    #[must_use]
    pub fn manifest(&self) -> &EvmManifest {
        &self.manifest
    }

    /// Where the manifest file is (for programs that read it themselves).
    #[must_use]
    pub fn manifest_path(&self) -> &Path {
        &self.manifest_path
    }

    /// anvil's JSON-RPC URL.
    #[must_use]
    pub fn rpc_url(&self) -> &str {
        &self.manifest.rpc_url
    }
}
