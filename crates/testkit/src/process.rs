//! What both devnets share as child processes: start, wait for the line that says
//! they are ready, read the manifest they wrote, and stop them — SIGTERM first so
//! they can stop what they started themselves (anvil, the chain's state), SIGKILL
//! if they do not within the grace period.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;
use serde::de::DeserializeOwned;

use crate::TestkitError;

/// How long a devnet gets to stop after SIGTERM.
const STOP_GRACE: Duration = Duration::from_secs(10);

/// A running devnet process, stopped when dropped (also on every error path).
#[derive(Debug)]
pub(crate) struct DevnetProcess {
    child: Child,
    name: &'static str,
}

impl DevnetProcess {
    /// Spawns `command` with stdout piped (for the ready line) and stderr inherited.
    pub(crate) fn spawn(name: &'static str, command: &mut Command) -> Result<Self, TestkitError> {
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|error| TestkitError::Start(format!("cannot start the {name}: {error}")))?;
        Ok(Self { child, name })
    }

    /// Reads stdout on a thread — for the whole run, so the pipe never fills — until a
    /// line satisfies `is_ready`, the output ends, or `timeout` passes.
    pub(crate) fn wait_until_ready(
        &mut self,
        is_ready: fn(&str) -> bool,
        timeout: Duration,
    ) -> Result<(), TestkitError> {
        let name = self.name;
        let stdout = self
            .child
            .stdout
            .take()
            .ok_or_else(|| TestkitError::Start(format!("no stdout from the {name}")))?;
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut ready_sent = false;
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if !ready_sent && is_ready(&line) {
                    ready_sent = sender.send(true).is_ok();
                }
            }
            // Output ended: the process died or closed stdout, before or after ready.
            let _ = sender.send(false);
        });
        match receiver.recv_timeout(timeout) {
            Ok(true) => Ok(()),
            Ok(false) => Err(TestkitError::Start(format!(
                "the {name} exited before it was ready ({:?})",
                self.child.try_wait()
            ))),
            Err(_) => Err(TestkitError::Start(format!(
                "the {name} was not ready within {} s",
                timeout.as_secs()
            ))),
        }
    }
}

impl Drop for DevnetProcess {
    fn drop(&mut self) {
        let child = &mut self.child;
        if matches!(child.try_wait(), Ok(Some(_))) {
            return;
        }
        if let Ok(pid) = i32::try_from(child.id()).map(Pid::from_raw) {
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
}

/// Reads and parses a manifest a devnet wrote.
pub(crate) fn read_manifest<T: DeserializeOwned>(path: &Path) -> Result<T, TestkitError> {
    let manifest_error = |reason: String| TestkitError::Manifest {
        path: path.to_path_buf(),
        reason,
    };
    let text = std::fs::read_to_string(path).map_err(|error| manifest_error(error.to_string()))?;
    serde_json::from_str(&text).map_err(|error| manifest_error(error.to_string()))
}
