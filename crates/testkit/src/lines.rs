//! What a child process says, line by line, for tests that wait for a binary to say
//! something ("waiting as a hot standby", "listening on …"): the lines are read on a
//! thread of their own for the process's whole life, so its pipe never fills.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::TestkitError;

/// The lines written on `pipe`, as they come, each also echoed to the test's output
/// after `name`.
pub fn lines_of(name: &'static str, pipe: impl Read + Send + 'static) -> Receiver<String> {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            eprintln!("  {name}: {line}");
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}

/// The first line from `lines` containing `needle`, waiting at most `within`.
///
/// # Errors
/// [`TestkitError::NoLine`] when none came in time (or the process closed the pipe).
pub fn wait_for_line(
    lines: &Receiver<String>,
    needle: &str,
    within: Duration,
) -> Result<String, TestkitError> {
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if line.contains(needle) => return Ok(line),
            Ok(_) => {}
            Err(_) => {
                return Err(TestkitError::NoLine {
                    needle: needle.to_owned(),
                    within,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use super::*;

    #[test]
    fn waits_for_the_line_with_the_needle_and_says_when_none_came() {
        let lines = lines_of("test", Cursor::new("starting\nlistening on http://x\n"));
        let line = wait_for_line(&lines, "listening on", Duration::from_secs(5));
        assert_eq!(line.ok().as_deref(), Some("listening on http://x"));
        let missing = wait_for_line(&lines, "never", Duration::from_secs(5));
        assert!(
            matches!(missing, Err(TestkitError::NoLine { ref needle, .. }) if needle == "never"),
            "{missing:?}"
        );
    }
}
