//! The built `tandem-server` binary: startup line, shutdown on SIGTERM, and clean
//! refusals (exit code 1, one clear message) for bad configuration or a taken port.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(20);

/// The binary with a clean environment of its own variables and a free port.
pub fn server() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tandem-server"));
    for name in [
        "TANDEM_CONFIG",
        "TANDEM_WEB_DIST",
        "TANDEM_DEVNET_MANIFEST",
        "TANDEM_LOG",
    ] {
        command.env_remove(name);
    }
    command
        .env("TANDEM_LISTEN", "127.0.0.1:0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// A started process, killed (SIGKILL) if a test ends before stopping it.
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        if matches!(self.0.try_wait(), Ok(None)) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

impl Running {
    pub fn start(command: &mut Command) -> Self {
        Self(command.spawn().expect("start tandem-server"))
    }

    /// Waits for exit (killing the process after the deadline) and returns the
    /// status with everything written to stderr.
    pub fn wait_for_exit(mut self) -> (ExitStatus, String) {
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.0.try_wait().expect("poll child") {
                break status;
            }
            assert!(
                started.elapsed() < DEADLINE,
                "tandem-server did not exit within {DEADLINE:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        if let Some(mut pipe) = self.0.stderr.take() {
            pipe.read_to_string(&mut stderr).expect("read stderr");
        }
        (status, stderr)
    }
}

/// Runs the server expecting it to refuse to start; returns its stderr.
fn refusal(command: &mut Command) -> String {
    let (status, stderr) = Running::start(command).wait_for_exit();
    assert_eq!(status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.starts_with("tandem-server: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

fn write_file(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write file");
    path
}

#[test]
fn an_unknown_config_key_stops_the_server_naming_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = write_file(dir.path(), "tandem.toml", "lisen = \"127.0.0.1:0\"\n");
    let stderr = refusal(server().arg("--config").arg(&config));
    assert!(stderr.contains("unknown field `lisen`"), "{stderr}");
    assert!(stderr.contains("tandem.toml"), "{stderr}");
}

#[test]
fn a_bad_url_stops_the_server_naming_the_field() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = "[networks.telos-evm]\nindexer_endpoint = \"not a url\"\n";
    let config = write_file(dir.path(), "tandem.toml", text);
    let stderr = refusal(server().env("TANDEM_CONFIG", &config));
    assert!(
        stderr.contains("networks.telos-evm.indexer_endpoint: 'not a url'"),
        "{stderr}"
    );
}

#[test]
fn unreadable_files_stop_the_server_naming_them() {
    let stderr = refusal(server().args(["--config", "/nonexistent/tandem.toml"]));
    assert!(
        stderr.contains("cannot read config file /nonexistent/tandem.toml"),
        "{stderr}"
    );

    let dir = tempfile::tempdir().expect("temp dir");
    let manifest = write_file(dir.path(), "manifest.json", "{\"network\": 1}");
    let stderr = refusal(server().env("TANDEM_DEVNET_MANIFEST", &manifest));
    assert!(stderr.contains("invalid devnet manifest"), "{stderr}");
}

#[test]
fn a_taken_port_stops_the_server_naming_the_port() {
    let taken = TcpListener::bind("127.0.0.1:0").expect("bind a port");
    let address = taken.local_addr().expect("bound address");
    let stderr = refusal(server().env("TANDEM_LISTEN", address.to_string()));
    assert!(
        stderr.contains(&format!(
            "cannot listen on {address} (port {})",
            address.port()
        )),
        "{stderr}"
    );
    assert!(stderr.contains("in use"), "{stderr}");
}

/// The port the server announces on its first line.
pub fn announced_port(running: &mut Running) -> u16 {
    let stdout = running.0.stdout.take().expect("stdout pipe");
    let mut first_line = String::new();
    BufReader::new(stdout)
        .read_line(&mut first_line)
        .expect("read the startup line");
    let url = first_line
        .strip_suffix('\n')
        .and_then(|line| line.strip_prefix("tandem-server listening on http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("unexpected startup line {first_line:?}"));
    let port: u16 = url.parse().expect("a port number");
    assert_ne!(port, 0);
    port
}

/// The raw answer to `GET path`.
fn get(port: u16, path: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(DEADLINE))
        .expect("read timeout");
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).expect("send request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read answer");
    answer
}

fn stop(running: Running) {
    let pid = running.0.id().to_string();
    let kill = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("run kill");
    assert!(kill.success());
    let (status, stderr) = running.wait_for_exit();
    assert!(status.success(), "exit {status}, stderr: {stderr}");
}

#[test]
fn it_announces_its_port_serves_and_stops_on_sigterm() {
    let mut running = Running::start(&mut server());
    let port = announced_port(&mut running);
    let answer = get(port, "/api/v1/health");
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.contains("\"status\":\"ok\""), "{answer}");
    stop(running);
}

#[test]
fn the_example_configuration_names_blockscout_as_telos_evms_source() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("tandem.example.toml");
    // Its relative paths (data, web build) land in a directory of the test's own.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut running = Running::start(
        server()
            .arg("--config")
            .arg(&example)
            .current_dir(dir.path()),
    );
    let port = announced_port(&mut running);
    let answer = get(port, "/api/v1/health");
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    let body = &answer[answer.find("\r\n\r\n").expect("a body") + 4..];
    let health: serde_json::Value = serde_json::from_str(body.trim()).expect("JSON health");
    let sources = health["evmSources"].as_array().expect("EVM sources");
    let source = |network: &str| {
        sources
            .iter()
            .find(|s| s["network"] == network)
            .unwrap_or_else(|| panic!("{network} in {health}"))
            .clone()
    };
    let mainnet = source("telos-evm");
    assert_eq!(mainnet["primary"], "blockscout", "{mainnet}");
    assert_eq!(
        mainnet["primaryName"], "Blockscout (teloscan.io)",
        "{mainnet}"
    );
    let testnet = source("telos-evm-testnet");
    assert_eq!(testnet["primary"], "blockscout", "{testnet}");
    assert_eq!(
        testnet["primaryName"], "Blockscout (testnet.teloscan.io)",
        "{testnet}"
    );
    stop(running);
}
