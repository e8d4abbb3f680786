//! The phishing-domain list the dapp search judges its links by (issue 37): the list
//! shipped with the project (`data/phishing-domains.txt`, from polkadot-js/phishing,
//! Apache-2.0, cited in its header) plus the operator's own file (`phishing_file`, one
//! domain per line, `#` comments).
//!
//! The operator's file is read at start (a missing one stops the start) and read again
//! whenever its modification time changes, checked on each search at most every
//! [`RECHECK`]: an operator who learns of a new phishing site adds it without a restart.
//! If the file later becomes unreadable the last list read stays in force (and is logged).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use tandem_domain::spam::phishing::PhishingList;

use crate::error::ServerError;

/// The list shipped with the project.
const SHIPPED: &str = include_str!("../../data/phishing-domains.txt");

/// The config key of the operator's file, named in messages.
const FIELD: &str = "phishing_file";

/// How long a check of the operator file's modification time is trusted.
pub const RECHECK: Duration = Duration::from_secs(2);

/// The shipped list and the operator's file, re-read when it changes.
#[derive(Debug)]
pub struct PhishingDomains {
    operator_file: Option<PathBuf>,
    state: Mutex<Loaded>,
}

#[derive(Debug)]
struct Loaded {
    list: Arc<PhishingList>,
    modified: Option<SystemTime>,
    checked: Instant,
}

impl Default for PhishingDomains {
    fn default() -> Self {
        Self {
            operator_file: None,
            state: Mutex::new(Loaded {
                list: Arc::new(PhishingList::parse(SHIPPED)),
                modified: None,
                checked: Instant::now(),
            }),
        }
    }
}

impl PhishingDomains {
    /// The shipped list plus the operator's file, if one is configured.
    pub fn load(operator_file: Option<&Path>) -> Result<Self, ServerError> {
        let Some(path) = operator_file else {
            return Ok(Self::default());
        };
        let (list, modified) = read(path).map_err(|source| ServerError::OperatorListRead {
            field: FIELD.to_owned(),
            path: path.to_owned(),
            source,
        })?;
        Ok(Self {
            operator_file: Some(path.to_owned()),
            state: Mutex::new(Loaded {
                list: Arc::new(list),
                modified,
                checked: Instant::now(),
            }),
        })
    }

    /// The list in force, re-read first if the operator's file changed.
    pub fn current(&self) -> Arc<PhishingList> {
        let mut state = match self.state.lock() {
            Ok(state) => state,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(path) = &self.operator_file
            && state.checked.elapsed() >= RECHECK
        {
            state.checked = Instant::now();
            let modified = std::fs::metadata(path)
                .and_then(|meta| meta.modified())
                .ok();
            if modified != state.modified {
                match read(path) {
                    Ok((list, modified)) => {
                        tracing::info!(path = %path.display(), domains = list.len(), "phishing list re-read");
                        state.list = Arc::new(list);
                        state.modified = modified;
                    }
                    Err(error) => {
                        tracing::warn!(path = %path.display(), %error, "phishing_file unreadable; the last list read stays in force");
                    }
                }
            }
        }
        Arc::clone(&state.list)
    }
}

/// The shipped list with the operator's file added, and the file's modification time.
fn read(path: &Path) -> std::io::Result<(PhishingList, Option<SystemTime>)> {
    let modified = std::fs::metadata(path)?.modified().ok();
    let text = std::fs::read_to_string(path)?;
    Ok((PhishingList::parse(&format!("{SHIPPED}\n{text}")), modified))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_is_read() {
        let shipped = PhishingList::parse(SHIPPED);
        assert!(shipped.len() > 100, "{}", shipped.len());
        assert_eq!(PhishingDomains::default().current().len(), shipped.len());
    }

    #[test]
    fn the_operator_file_is_added_re_read_when_changed_and_kept_when_gone() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("phishing.txt");
        std::fs::write(&path, "# ours\nclaim-tlos-now.example\n").expect("write");
        let domains = PhishingDomains::load(Some(&path)).expect("loads");
        let flagged =
            |domains: &PhishingDomains, link: &str| domains.current().judge(link, &[]).is_some();
        assert!(flagged(&domains, "https://claim-tlos-now.example/x"));

        std::fs::write(&path, "another-drainer.example\n").expect("write");
        // A later modification time than the first read, whatever the file system's resolution.
        let later = SystemTime::now() + Duration::from_secs(60);
        std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|file| file.set_modified(later))
            .expect("touch");
        // Ask as if the recheck interval had passed.
        domains.state.lock().expect("lock").checked =
            Instant::now().checked_sub(RECHECK).expect("uptime");
        assert!(flagged(&domains, "https://another-drainer.example"));
        assert!(!flagged(&domains, "https://claim-tlos-now.example"));

        std::fs::remove_file(&path).expect("remove");
        domains.state.lock().expect("lock").checked =
            Instant::now().checked_sub(RECHECK).expect("uptime");
        assert!(flagged(&domains, "https://another-drainer.example"));

        let error = PhishingDomains::load(Some(&path)).expect_err("missing");
        assert!(error.to_string().contains(FIELD), "{error}");
    }
}
