//! The built `tandem-server` as an operator's tools see it (issue 38): JSON log lines that
//! carry the request id every answer returns in `X-Request-Id`.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::Duration;

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
