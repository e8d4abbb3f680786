//! The standard `process_*` metrics every Prometheus client exports, read from Linux's
//! `/proc/self` at each scrape: CPU seconds, resident and virtual memory, open and
//! maximum file descriptors, start time. Elsewhere they are left out.

use std::path::Path;

/// Linux reports process times in clock ticks of `USER_HZ`, 100 on every architecture
/// this server is built for (what Prometheus's own `procfs` library assumes too).
const TICKS_PER_SECOND: f64 = 100.0;
/// Linux's page size on every platform this server is built for.
const PAGE_BYTES: u64 = 4096;

/// What one scrape reads.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcessFacts {
    pub cpu_seconds: f64,
    pub resident_bytes: u64,
    pub virtual_bytes: u64,
    pub start_time_seconds: f64,
    pub open_fds: Option<u64>,
    pub max_fds: Option<u64>,
}

/// The fields of `/proc/<pid>/stat` this needs, and the boot time of `/proc/stat`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct StatFields {
    ticks_user: u64,
    ticks_system: u64,
    start_ticks: u64,
    virtual_bytes: u64,
    resident_pages: u64,
}

/// Reads the facts of this process; `None` where `/proc` is missing (not Linux).
#[expect(
    clippy::cast_precision_loss,
    reason = "seconds since the epoch and tick counts fit an f64's 52 bits for ages"
)]
#[must_use]
pub fn read() -> Option<ProcessFacts> {
    let proc_root = Path::new("/proc");
    let stat = parse_stat(&std::fs::read_to_string(proc_root.join("self/stat")).ok()?)?;
    let boot = boot_time(&std::fs::read_to_string(proc_root.join("stat")).ok()?)?;
    let open_fds = std::fs::read_dir(proc_root.join("self/fd"))
        .ok()
        .map(|entries| entries.count() as u64);
    let max_fds = std::fs::read_to_string(proc_root.join("self/limits"))
        .ok()
        .and_then(|limits| max_open_files(&limits));
    Some(ProcessFacts {
        cpu_seconds: ticks_to_seconds(stat.ticks_user.saturating_add(stat.ticks_system)),
        resident_bytes: stat.resident_pages.saturating_mul(PAGE_BYTES),
        virtual_bytes: stat.virtual_bytes,
        start_time_seconds: boot as f64 + ticks_to_seconds(stat.start_ticks),
        open_fds,
        max_fds,
    })
}

/// The `process_*` families in Prometheus's text format, from a fresh reading (empty
/// where `/proc` is missing). Written here rather than recorded through the `metrics`
/// facade, whose counters hold whole numbers: CPU time is a counter of fractional seconds.
#[must_use]
pub fn render() -> String {
    let Some(facts) = read() else {
        return String::new();
    };
    let families = [
        (
            "process_cpu_seconds_total",
            "counter",
            "CPU time the process used, user and system, in seconds.",
            Some(facts.cpu_seconds.to_string()),
        ),
        (
            "process_resident_memory_bytes",
            "gauge",
            "The process's resident memory in bytes.",
            Some(facts.resident_bytes.to_string()),
        ),
        (
            "process_virtual_memory_bytes",
            "gauge",
            "The process's virtual memory in bytes.",
            Some(facts.virtual_bytes.to_string()),
        ),
        (
            "process_start_time_seconds",
            "gauge",
            "When the process started, in seconds since the Unix epoch.",
            Some(facts.start_time_seconds.to_string()),
        ),
        (
            "process_open_fds",
            "gauge",
            "File descriptors the process holds open.",
            facts.open_fds.map(|open| open.to_string()),
        ),
        (
            "process_max_fds",
            "gauge",
            "The process's limit of open file descriptors.",
            facts.max_fds.map(|max| max.to_string()),
        ),
    ];
    let mut text = String::new();
    for (name, kind, help, value) in families {
        if let Some(value) = value {
            text.push_str(&format!(
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}\n\n"
            ));
        }
    }
    text
}

#[expect(
    clippy::cast_precision_loss,
    reason = "tick counts fit an f64's 52 bits for ages"
)]
fn ticks_to_seconds(ticks: u64) -> f64 {
    ticks as f64 / TICKS_PER_SECOND
}

/// The fields after the command name (which may hold spaces and parentheses, so the
/// split is at the last `)`): state is field 3, utime 14, stime 15, starttime 22,
/// vsize 23, rss 24 (proc(5)).
fn parse_stat(text: &str) -> Option<StatFields> {
    let (_, rest) = text.rsplit_once(')')?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let field = |number: usize| fields.get(number - 3)?.parse::<u64>().ok();
    Some(StatFields {
        ticks_user: field(14)?,
        ticks_system: field(15)?,
        start_ticks: field(22)?,
        virtual_bytes: field(23)?,
        resident_pages: field(24)?,
    })
}

/// `btime` of `/proc/stat`: the boot time in seconds since the Unix epoch.
fn boot_time(text: &str) -> Option<u64> {
    text.lines()
        .find_map(|line| line.strip_prefix("btime "))
        .and_then(|value| value.trim().parse().ok())
}

/// The soft limit of `Max open files` in `/proc/self/limits`.
fn max_open_files(text: &str) -> Option<u64> {
    let line = text
        .lines()
        .find(|line| line.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stat_line_is_read_past_a_command_name_with_spaces() {
        let line = "4242 (tandem (x) y) S 1 4242 4242 0 -1 4194560 2000 0 0 0 \
                    350 120 0 0 20 0 9 0 123456 1048576000 5000 18446744073709551615";
        let stat = parse_stat(line).expect("parsed");
        assert_eq!(
            stat,
            StatFields {
                ticks_user: 350,
                ticks_system: 120,
                start_ticks: 123_456,
                virtual_bytes: 1_048_576_000,
                resident_pages: 5000,
            }
        );
        assert_eq!(parse_stat("4242 (cut short) S 1"), None);
    }

    #[test]
    fn boot_time_and_the_fd_limit_are_found() {
        assert_eq!(
            boot_time("cpu  1 2 3\nbtime 1764400000\nprocesses 9\n"),
            Some(1_764_400_000)
        );
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max open files            1024                 524288               files\n";
        assert_eq!(max_open_files(limits), Some(1024));
    }

    #[test]
    fn this_process_is_read_on_linux() {
        if !Path::new("/proc/self/stat").exists() {
            return;
        }
        let facts = read().expect("facts");
        assert!(facts.resident_bytes > 0);
        assert!(facts.open_fds.is_some_and(|open| open >= 3));
        let text = render();
        for name in [
            "process_cpu_seconds_total",
            "process_start_time_seconds",
            "process_open_fds",
        ] {
            assert!(text.contains(&format!("# TYPE {name} ")), "{text}");
        }
    }
}
