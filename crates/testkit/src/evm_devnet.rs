//! The EVM devnet as a child process: `node devnet/evm/src/cli.mjs --manifest PATH`.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use serde::Deserialize;

use crate::{TestkitError, repo_root};

/// How long compile + anvil + deploy + seed may take on a loaded 2-core machine.
const START_TIMEOUT: Duration = Duration::from_secs(120);
/// How long the devnet gets to stop anvil and its assets server after SIGTERM.
const STOP_GRACE: Duration = Duration::from_secs(10);
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
    child: Child,
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
        let root = repo_root();
        let devnet_dir = root.join("devnet").join("evm");
        let modules = devnet_dir.join("node_modules");
        if !modules.is_dir() {
            return Err(TestkitError::NotInstalled(modules));
        }
        let dir = tempfile::tempdir()?;
        let manifest_path = dir.path().join("devnet-manifest.json");
        let mut child = Command::new("node")
            .arg(devnet_dir.join("src").join("cli.mjs"))
            .arg("--manifest")
            .arg(&manifest_path)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|error| TestkitError::Start(format!("cannot run node: {error}")))?;

        if let Err(error) = wait_until_ready(&mut child) {
            stop_child(&mut child);
            return Err(error);
        }
        let manifest = match read_manifest(&manifest_path) {
            Ok(manifest) => manifest,
            Err(error) => {
                stop_child(&mut child);
                return Err(error);
            }
        };
        Ok(Self {
            child,
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

impl Drop for EvmDevnet {
    fn drop(&mut self) {
        stop_child(&mut self.child);
    }
}

/// Reads the CLI's stdout on a thread until the ready line, the end of output, or the timeout.
fn wait_until_ready(child: &mut Child) -> Result<(), TestkitError> {
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| TestkitError::Start("no stdout from the devnet".to_owned()))?;
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut ready_sent = false;
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if !ready_sent && line.contains(READY_LINE) {
                ready_sent = sender.send(true).is_ok();
            }
        }
        // Output ended (the process died or closed stdout) before or after ready.
        let _ = sender.send(false);
    });
    let deadline = Instant::now() + START_TIMEOUT;
    match receiver.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(true) => Ok(()),
        Ok(false) => Err(TestkitError::Start(format!(
            "the devnet exited before it was ready ({:?})",
            child.try_wait()
        ))),
        Err(_) => Err(TestkitError::Start(format!(
            "not ready within {} s",
            START_TIMEOUT.as_secs()
        ))),
    }
}

fn read_manifest(path: &Path) -> Result<EvmManifest, TestkitError> {
    let manifest_error = |reason: String| TestkitError::Manifest {
        path: path.to_path_buf(),
        reason,
    };
    let text = std::fs::read_to_string(path).map_err(|error| manifest_error(error.to_string()))?;
    serde_json::from_str(&text).map_err(|error| manifest_error(error.to_string()))
}

/// SIGTERM so the devnet can stop anvil itself; SIGKILL if it does not within the grace.
fn stop_child(child: &mut Child) {
    if matches!(child.try_wait(), Ok(Some(_))) {
        return;
    }
    let pid = i32::try_from(child.id()).map(Pid::from_raw);
    if let Ok(pid) = pid {
        let _ = kill(pid, Signal::SIGTERM);
    }
    let deadline = Instant::now() + STOP_GRACE;
    while Instant::now() < deadline {
        if matches!(child.try_wait(), Ok(Some(_))) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
}
