//! A throw-away PostgreSQL cluster: Debian's `initdb` and `postgres`
//! (`/usr/lib/postgresql/*/bin`) on a free 127.0.0.1 port, in a temporary data
//! directory, as an unprivileged user (the server refuses to run as root, and tests
//! may run as root in CI: then it runs as `postgres`, or `nobody`, through `setpriv`).
//!
//! The cluster is stopped, and its directory removed, by a small shell supervisor that
//! waits for its standard input to close: that happens when the [`Postgres`] value is
//! dropped, and also when the test process ends in any way (a shared cluster lives in
//! a static that is never dropped, and a killed test binary runs no destructor).
//! Durability is switched off (`fsync=off`): the tests kill clients, not the server.

use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::TestkitError;

/// Where Debian installs PostgreSQL's server binaries, one directory per major version.
const DEBIAN_ROOT: &str = "/usr/lib/postgresql";
/// The cluster's superuser (trust authentication on loopback only).
const SUPERUSER: &str = "tandem";
/// How long a cluster may take to accept connections on a loaded machine.
const READY_TIMEOUT: Duration = Duration::from_secs(60);

/// Stops the server when its input closes, then removes the cluster's directory.
const SUPERVISOR: &str = r#"
"$@" >"$TANDEM_PG_DIR/postgres.log" 2>&1 &
server=$!
cat >/dev/null
kill -INT "$server" 2>/dev/null
wait "$server"
rm -rf "$TANDEM_PG_DIR"
"#;

/// A running PostgreSQL cluster; stopped and removed when dropped.
#[derive(Debug)]
pub struct Postgres {
    supervisor: Child,
    /// Closing it stops the cluster.
    lifeline: Option<ChildStdin>,
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    databases: AtomicU64,
}

/// The user the server runs as: `None` when this process is not root (it runs as us).
fn server_user() -> Result<Option<(u32, u32)>, TestkitError> {
    if !nix::unistd::geteuid().is_root() {
        return Ok(None);
    }
    for name in ["postgres", "nobody"] {
        if let Ok(Some(user)) = nix::unistd::User::from_name(name) {
            return Ok(Some((user.uid.as_raw(), user.gid.as_raw())));
        }
    }
    Err(TestkitError::Postgres(
        "running as root, and neither a `postgres` nor a `nobody` user exists to run PostgreSQL as"
            .to_owned(),
    ))
}

/// The newest installed PostgreSQL's binary directory.
fn server_binaries() -> Result<PathBuf, TestkitError> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir(DEBIAN_ROOT)
        .map_err(|_| TestkitError::PostgresMissing)?
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions
        .pop()
        .map(|(_, bin)| bin)
        .ok_or(TestkitError::PostgresMissing)
}

/// `program` run as `user` (through `setpriv`) when given, else as this process.
fn command_as(user: Option<(u32, u32)>, program: &Path) -> Command {
    match user {
        Some((uid, gid)) => {
            let mut command = Command::new("setpriv");
            command
                .arg(format!("--reuid={uid}"))
                .arg(format!("--regid={gid}"))
                .arg("--clear-groups")
                .arg("--")
                .arg(program);
            command
        }
        None => Command::new(program),
    }
}

fn free_port() -> Result<u16, TestkitError> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

fn run(command: &mut Command, what: &str) -> Result<(), TestkitError> {
    let output = command.stdin(Stdio::null()).output()?;
    if output.status.success() {
        return Ok(());
    }
    Err(TestkitError::Postgres(format!(
        "{what} failed ({}): {}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )))
}

impl Postgres {
    /// Initialises and starts a new cluster and waits until it accepts connections.
    ///
    /// # Errors
    /// [`TestkitError::PostgresMissing`] when PostgreSQL is not installed; a start
    /// error when `initdb` or the server fails.
    pub fn start() -> Result<Self, TestkitError> {
        let bin = server_binaries()?;
        let user = server_user()?;
        let dir = tempfile::Builder::new()
            .prefix("tandem-pg-")
            .tempdir()?
            .keep();
        if let Some((uid, gid)) = user {
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid))?;
        }
        let data = dir.join("data");
        let initialised = run(
            command_as(user, &bin.join("initdb"))
                .arg("-D")
                .arg(&data)
                .args(["-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--locale=C"])
                .arg("--no-sync"),
            "initdb",
        );
        if let Err(error) = initialised {
            let _ = std::fs::remove_dir_all(&dir);
            return Err(error);
        }
        let port = free_port()?;
        let mut server = command_as(user, &bin.join("postgres"));
        server
            .arg("-D")
            .arg(&data)
            .args(["-h", "127.0.0.1", "-p", &port.to_string(), "-k"])
            .arg(&dir)
            .args(["-c", "fsync=off", "-c", "synchronous_commit=off"])
            .args(["-c", "full_page_writes=off", "-c", "max_connections=300"]);
        let mut supervisor = Command::new("sh");
        supervisor
            .arg("-c")
            .arg(SUPERVISOR)
            .arg("tandem-postgres")
            .arg(server.get_program())
            .args(server.get_args())
            .env("TANDEM_PG_DIR", &dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        let mut supervisor = supervisor.spawn()?;
        let lifeline = supervisor.stdin.take();
        let cluster = Self {
            supervisor,
            lifeline,
            bin,
            dir,
            port,
            databases: AtomicU64::new(0),
        };
        cluster.wait_until_ready()?;
        Ok(cluster)
    }

    /// One cluster for the whole test binary, started by the first test that asks
    /// (a start takes a second or two), stopped when the binary ends.
    ///
    /// # Errors
    /// As [`Postgres::start`], for every test that asks after a failed start.
    pub fn shared() -> Result<&'static Self, TestkitError> {
        static SHARED: OnceLock<Result<Postgres, String>> = OnceLock::new();
        match SHARED.get_or_init(|| Self::start().map_err(|error| error.to_string())) {
            Ok(cluster) => Ok(cluster),
            Err(error) => Err(TestkitError::Postgres(error.clone())),
        }
    }

    fn wait_until_ready(&self) -> Result<(), TestkitError> {
        let deadline = Instant::now() + READY_TIMEOUT;
        while Instant::now() < deadline {
            let ready = Command::new(self.bin.join("pg_isready"))
                .args(["-q", "-h", "127.0.0.1", "-p", &self.port.to_string()])
                .args(["-U", SUPERUSER, "-d", "postgres"])
                .stdin(Stdio::null())
                .status()?;
            if ready.success() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut log = String::new();
        if let Ok(mut file) = std::fs::File::open(self.dir.join("postgres.log")) {
            let _ = file.read_to_string(&mut log);
        }
        Err(TestkitError::Postgres(format!(
            "PostgreSQL did not accept connections on port {} within {} s: {log}",
            self.port,
            READY_TIMEOUT.as_secs()
        )))
    }

    /// The cluster's temporary directory (data, socket, log), removed when it stops.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The port the cluster listens on (127.0.0.1).
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `name` in this cluster.
    #[must_use]
    pub fn url(&self, name: &str) -> String {
        format!("postgres://{SUPERUSER}@127.0.0.1:{}/{name}", self.port)
    }

    /// Creates a new, empty database (named after `label`, made unique) and returns
    /// its URL.
    ///
    /// # Errors
    /// When `createdb` fails.
    pub fn create_database(&self, label: &str) -> Result<String, TestkitError> {
        let label: String = label
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .take(40)
            .collect();
        let name = format!(
            "{label}_{}",
            self.databases.fetch_add(1, Ordering::SeqCst) + 1
        );
        run(
            Command::new(self.bin.join("createdb"))
                .args(["-h", "127.0.0.1", "-p", &self.port.to_string()])
                .args(["-U", SUPERUSER, &name]),
            "createdb",
        )?;
        Ok(self.url(&name))
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        // The supervisor stops the server and removes the directory once this closes.
        drop(self.lifeline.take());
        let _ = self.supervisor.wait();
    }
}
