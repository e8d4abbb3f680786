//! The built `tandem-server` as an operator's tools see it (issue 38): JSON log lines that
//! carry the request id every answer returns in `X-Request-Id`, `/readyz` answering 503
//! from the moment a stop begins while the server still serves, and `/metrics` passing a
//! strict check of the Prometheus text format (and `promtool check metrics` where
//! scripts/lib/install.sh put Debian's promtool).

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::binary::{Running, announced_port, server};

/// One answer over a fresh connection: its status, headers (lower-case names) and body.
struct Answer {
    status: u16,
    headers: BTreeMap<String, String>,
    body: String,
}

fn ask(port: u16, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("read timeout");
    let extra: String = headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{extra}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).expect("send");
    let mut raw = String::new();
    stream.read_to_string(&mut raw).expect("read");
    let (head, body) = raw.split_once("\r\n\r\n").expect("a head");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .expect("a status line");
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_owned(),
    }
}

fn terminate(running: &Running) {
    let kill = Command::new("kill")
        .args(["-TERM", &running.0.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
}

#[test]
fn json_log_lines_carry_the_request_id_each_answer_returns() {
    let mut running = Running::start(
        server()
            .env("TANDEM_LOG_FORMAT", "json")
            .env("TANDEM_LOG", "info,tandem_server::access=debug"),
    );
    let port = announced_port(&mut running);
    let given = ask(port, "/api/v1/health", &[("X-Request-Id", "lb-1234:abc")]);
    assert_eq!(given.status, 200, "{}", given.body);
    let traced = ask(
        port,
        "/livez",
        &[(
            "traceparent",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        )],
    );
    let made = ask(
        port,
        "/api/v1/no-such-route",
        &[("X-Request-Id", "not \"usable\"")],
    );
    assert_eq!(made.status, 404);
    let id = |answer: &Answer| {
        answer
            .headers
            .get("x-request-id")
            .cloned()
            .expect("X-Request-Id")
    };
    assert_eq!(id(&given), "lb-1234:abc");
    assert_eq!(id(&traced), "4bf92f3577b34da6a3ce929d0e0e4736");
    let made_id = id(&made);
    assert!(
        made_id.len() == 32 && made_id.bytes().all(|b| b.is_ascii_hexdigit()),
        "a new id replaces an unusable one: {made_id}"
    );

    terminate(&running);
    let (status, stderr) = running.wait_for_exit();
    assert!(status.success(), "{status}: {stderr}");
    let lines: Vec<Value> = stderr
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("not a JSON line ({error}): {line}"));
            assert!(value.is_object(), "{line}");
            for key in ["timestamp", "level", "target"] {
                assert!(value.get(key).is_some(), "no {key}: {line}");
            }
            value
        })
        .collect();
    assert!(
        lines.iter().any(|line| line["message"] == "stopped"),
        "the stop is logged: {stderr}"
    );
    for (request_id, route, status) in [
        ("lb-1234:abc", "/api/v1/health", 200),
        ("4bf92f3577b34da6a3ce929d0e0e4736", "/livez", 200),
        (made_id.as_str(), "fallback", 404),
    ] {
        assert!(
            lines.iter().any(|line| line["request_id"] == request_id
                && line["route"] == route
                && line["status"] == status
                && line["method"] == "GET"),
            "no line of {route} with request id {request_id}: {stderr}"
        );
    }
}

#[test]
fn readyz_answers_503_from_the_moment_a_stop_begins() {
    let mut running = Running::start(server().env("TANDEM_SHUTDOWN__UNREADY_SECONDS", "3"));
    let port = announced_port(&mut running);
    let before = ask(port, "/readyz", &[]);
    assert!(
        !before.body.contains("\"stopping\""),
        "not stopping yet: {}",
        before.body
    );
    let signalled = Instant::now();
    terminate(&running);
    let deadline = signalled + Duration::from_secs(2);
    let stopping = loop {
        let answer = ask(port, "/readyz", &[]);
        if answer.status == 503 && answer.body.contains("\"status\":\"stopping\"") {
            break answer;
        }
        assert!(
            Instant::now() < deadline,
            "/readyz still {} after the signal: {}",
            answer.status,
            answer.body
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(stopping.headers.contains_key("x-request-id"));
    // Everything else is still served while load balancers notice.
    assert_eq!(ask(port, "/livez", &[]).status, 200);
    let (status, stderr) = running.wait_for_exit();
    assert!(status.success(), "exit {status}: {stderr}");
    assert!(
        signalled.elapsed() >= Duration::from_secs(3),
        "it served unready for the configured 3 s"
    );
}

/// Where Debian's promtool is: `TANDEM_PROMTOOL`, the copy scripts/lib/install.sh
/// unpacks under `.tandem/`, or the PATH.
fn promtool() -> Option<PathBuf> {
    let unpacked = tandem_testkit::repo_root().join(".tandem/promtool/usr/bin/promtool");
    std::env::var_os("TANDEM_PROMTOOL")
        .map(PathBuf::from)
        .into_iter()
        .chain([unpacked])
        .find(|path| path.is_file())
        .or_else(|| {
            let found = Command::new("sh")
                .args(["-c", "command -v promtool"])
                .output()
                .ok()?;
            let path = String::from_utf8(found.stdout).ok()?;
            let path = PathBuf::from(path.trim());
            path.is_file().then_some(path)
        })
}

#[test]
fn metrics_pass_a_strict_check_of_the_text_format() {
    let mut running = Running::start(&mut server());
    let port = announced_port(&mut running);
    assert_eq!(ask(port, "/api/v1/health", &[]).status, 200);
    assert_eq!(ask(port, "/api/v1/no-such-route", &[]).status, 404);
    let metrics = ask(port, "/metrics", &[]);
    assert_eq!(metrics.status, 200);
    let text = metrics.body;
    terminate(&running);
    let (status, stderr) = running.wait_for_exit();
    assert!(status.success(), "{status}: {stderr}");

    let families =
        crate::ops_exposition::check(&text).unwrap_or_else(|error| panic!("{error}\n{text}"));
    for family in [
        "tandem_http_requests_total",
        "tandem_http_request_duration_seconds",
        "tandem_build_info",
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_open_fds",
        "process_max_fds",
        "process_start_time_seconds",
        "process_virtual_memory_bytes",
    ] {
        assert!(families.contains(family), "{family} missing: {text}");
    }
    let version = format!("version=\"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(
        text.lines()
            .any(|line| line.starts_with("tandem_build_info{")
                && line.contains(&version)
                && line.ends_with("} 1")),
        "tandem_build_info with {version}: {text}"
    );

    match promtool() {
        Some(promtool) => {
            let mut check = Command::new(&promtool)
                .args(["check", "metrics"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("promtool runs");
            check
                .stdin
                .take()
                .expect("stdin")
                .write_all(text.as_bytes())
                .expect("metrics sent");
            let output = check.wait_with_output().expect("promtool ends");
            assert!(
                output.status.success(),
                "promtool check metrics: {}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
        }
        None => eprintln!(
            "promtool not found (scripts/lib/install.sh unpacks Debian's under .tandem/promtool): \
             only the strict parser checked /metrics"
        ),
    }
}
