//! Whether a link leads to a known phishing site or imitates a known good one (issue 37):
//! the dapp search's links are checked against a list of phishing domains the operator can
//! update (one domain per line, `#` comments) and against the domains of the dapps the
//! wallet lists, so that `te1os.net` or `telos.net.claim-now.io` are flagged.

use std::collections::BTreeSet;

/// Why a link is risky.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkRisk {
    /// Its host is on the phishing list, or under a listed domain.
    Listed {
        /// The listed domain it matched.
        domain: String,
    },
    /// Its host imitates a known good domain (one or two characters changed, or the good
    /// domain used as a subdomain of another).
    Lookalike {
        /// The domain it imitates.
        of: String,
    },
    /// Its host is written in punycode (`xn--`), where look-alike letters hide.
    Punycode,
}

impl LinkRisk {
    /// The stable key (the API's label, the web's message key).
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::Listed { .. } => "phishing_listed",
            Self::Lookalike { .. } => "phishing_lookalike",
            Self::Punycode => "phishing_punycode",
        }
    }
}

/// The operator's list of phishing domains.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PhishingList {
    domains: BTreeSet<String>,
}

/// The host of a `http(s)://` link, lower case, without `www.` or a port; `None` otherwise.
#[must_use]
pub fn host_of(link: &str) -> Option<String> {
    let rest = link.trim();
    let rest = rest
        .strip_prefix("https://")
        .or_else(|| rest.strip_prefix("http://"))?;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = authority
        .rsplit('@')
        .next()?
        .split(':')
        .next()?
        .to_ascii_lowercase();
    let host = host.trim_end_matches('.');
    let host = host.strip_prefix("www.").unwrap_or(host);
    (!host.is_empty() && host.contains('.')).then(|| host.to_owned())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

impl PhishingList {
    /// The list from its text: one domain per line; blank lines and `#` comments ignored.
    #[must_use]
    pub fn parse(text: &str) -> Self {
        let domains = text
            .lines()
            .map(|line| {
                line.split('#')
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_ascii_lowercase()
            })
            .map(|line| {
                line.trim_start_matches("*.")
                    .trim_end_matches('.')
                    .to_owned()
            })
            .filter(|line| !line.is_empty() && line.contains('.'))
            .collect();
        Self { domains }
    }

    /// How many domains it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.domains.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.domains.is_empty()
    }

    /// The risk of `link`, judged against this list and the `good` domains the wallet knows.
    /// The list comes first: an operator who lists a known good domain says it has been
    /// taken over. Otherwise a good domain itself, or a subdomain of one, is never risky.
    #[must_use]
    pub fn judge(&self, link: &str, good: &[&str]) -> Option<LinkRisk> {
        let host = host_of(link)?;
        let mut labels = host.split('.').collect::<Vec<_>>();
        while !labels.is_empty() {
            let candidate = labels.join(".");
            if self.domains.contains(&candidate) {
                return Some(LinkRisk::Listed { domain: candidate });
            }
            labels.remove(0);
        }
        let under = |domain: &str| host == domain || host.ends_with(&format!(".{domain}"));
        if good.iter().any(|domain| under(domain)) {
            return None;
        }
        if host.split('.').any(|label| label.starts_with("xn--")) {
            return Some(LinkRisk::Punycode);
        }
        good.iter()
            .find(|domain| {
                let near =
                    host.len().abs_diff(domain.len()) <= 2 && edit_distance(&host, domain) <= 2;
                near || host.starts_with(&format!("{domain}."))
            })
            .map(|domain| LinkRisk::Lookalike {
                of: (*domain).to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: [&str; 2] = ["telos.net", "app.telos.net"];

    #[test]
    fn reads_hosts_from_links() {
        assert_eq!(
            host_of("https://www.Telos.net/path?q=1"),
            Some("telos.net".into())
        );
        assert_eq!(
            host_of("http://user@evil.io:8080/x"),
            Some("evil.io".into())
        );
        assert_eq!(host_of("ftp://telos.net"), None);
        assert_eq!(host_of("https://localhost"), None);
    }

    #[test]
    fn a_table_of_links() {
        let list = PhishingList::parse(
            "# reported\nclaim-tlos.xyz\n*.drainer.io\n\n  BAD.example  # case\n",
        );
        assert_eq!(list.len(), 3);
        let cases: &[(&str, Option<LinkRisk>)] = &[
            ("https://telos.net", None),
            ("https://wallet.telos.net/send", None),
            (
                "https://claim-tlos.xyz",
                Some(LinkRisk::Listed {
                    domain: "claim-tlos.xyz".into(),
                }),
            ),
            (
                "https://app.drainer.io/connect",
                Some(LinkRisk::Listed {
                    domain: "drainer.io".into(),
                }),
            ),
            (
                "https://bad.example",
                Some(LinkRisk::Listed {
                    domain: "bad.example".into(),
                }),
            ),
            (
                "https://te1os.net",
                Some(LinkRisk::Lookalike {
                    of: "telos.net".into(),
                }),
            ),
            (
                "https://telos.net.claim-now.io",
                Some(LinkRisk::Lookalike {
                    of: "telos.net".into(),
                }),
            ),
            ("https://xn--tlos-5qa.net", Some(LinkRisk::Punycode)),
            ("https://sqrlwallet.io", None),
            ("not a link", None),
        ];
        for (link, expected) in cases {
            assert_eq!(list.judge(link, &GOOD), *expected, "{link}");
        }
        assert!(PhishingList::default().is_empty());
    }

    #[test]
    fn a_listed_good_domain_is_flagged_as_taken_over() {
        let list = PhishingList::parse("app.telos.net\n");
        assert_eq!(
            list.judge("https://app.telos.net/wallet", &GOOD),
            Some(LinkRisk::Listed {
                domain: "app.telos.net".into(),
            })
        );
        assert_eq!(list.judge("https://telos.net", &GOOD), None);
    }
}
