//! The curated list of native-chain apps kept in the repository
//! (`crates/server/data/dapps.json`), read once at start and searched by name, category
//! and description. Every entry is listed on every native network, marked with whether
//! it runs there, those that do first, so a testnet or the devnet still shows the
//! directory.

use serde::Deserialize;
use tandem_domain::spam::phishing::host_of;

/// One app of the list, as stored.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dapp {
    /// Stable id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Category, e.g. `Exchange`.
    pub category: String,
    /// One sentence about it.
    pub description: String,
    /// Where it runs (https).
    pub url: String,
    /// Networks it runs on.
    pub networks: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DappFile {
    #[serde(rename = "about")]
    _about: String,
    dapps: Vec<Dapp>,
}

/// The list of apps, read once when the state is built.
#[derive(Debug, Clone, Default)]
pub struct DappCatalogue {
    dapps: Vec<Dapp>,
}

impl DappCatalogue {
    /// The list embedded in the binary. A malformed file is a build-time mistake the
    /// unit test below catches; at run time it reads as an empty list rather than a
    /// crash.
    #[must_use]
    pub fn embedded() -> Self {
        match parse(include_str!("../../data/dapps.json")) {
            Ok(dapps) => Self { dapps },
            Err(error) => {
                tracing::error!(%error, "data/dapps.json is invalid; the dapp list is empty");
                Self::default()
            }
        }
    }

    /// The hosts of the listed apps: the good domains a look-alike link imitates.
    #[must_use]
    pub fn hosts(&self) -> Vec<String> {
        let mut hosts: Vec<String> = self
            .dapps
            .iter()
            .filter_map(|dapp| host_of(&dapp.url))
            .collect();
        hosts.sort_unstable();
        hosts.dedup();
        hosts
    }

    /// The apps matching every word of `query` (all when empty), best first, each with
    /// whether it runs on `network`.
    #[must_use]
    pub fn search(&self, network: &str, query: &str) -> Vec<(&Dapp, bool)> {
        search(&self.dapps, network, query)
    }
}

fn parse(text: &str) -> Result<Vec<Dapp>, String> {
    let file: DappFile = serde_json::from_str(text).map_err(|error| error.to_string())?;
    for dapp in &file.dapps {
        let blank = [&dapp.id, &dapp.name, &dapp.category, &dapp.description]
            .iter()
            .any(|field| field.trim().is_empty());
        if blank || dapp.networks.is_empty() || !dapp.url.starts_with("https://") {
            return Err(format!(
                "entry '{}' needs every field, https url, networks",
                dapp.id
            ));
        }
    }
    Ok(file.dapps)
}

/// The lower-case words of the query; every one must match.
fn terms(query: &str) -> Vec<String> {
    query
        .split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
}

/// `None` when the app does not match, else its rank (lower first): name matches before
/// category matches before description matches.
fn rank(dapp: &Dapp, terms: &[String]) -> Option<u8> {
    let fields = [
        dapp.name.to_lowercase(),
        dapp.category.to_lowercase(),
        dapp.description.to_lowercase(),
    ];
    let mut worst = 0u8;
    for term in terms {
        let best = fields
            .iter()
            .position(|field| field.contains(term.as_str()))?;
        worst = worst.max(u8::try_from(best).unwrap_or(u8::MAX));
    }
    Some(worst)
}

/// The matching apps for `network`, best first.
fn search<'a>(dapps: &'a [Dapp], network: &str, query: &str) -> Vec<(&'a Dapp, bool)> {
    let terms = terms(query);
    let mut found: Vec<(bool, u8, &Dapp)> = dapps
        .iter()
        .filter_map(|dapp| {
            let runs = dapp.networks.iter().any(|name| name == network);
            rank(dapp, &terms).map(|rank| (runs, rank, dapp))
        })
        .collect();
    found.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then(a.1.cmp(&b.1))
            .then_with(|| a.2.name.to_lowercase().cmp(&b.2.name.to_lowercase()))
    });
    found
        .into_iter()
        .map(|(runs, _, dapp)| (dapp, runs))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_in_the_repository_is_valid_and_ids_are_unique() {
        let list = parse(include_str!("../../data/dapps.json")).expect("valid list");
        assert!(list.len() >= 10);
        let mut ids: Vec<&str> = list.iter().map(|d| d.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), list.len());
    }

    #[test]
    fn parse_names_the_broken_entry() {
        let text = r#"{"about":"x","dapps":[{"id":"a","name":"A","category":"C","description":"D","url":"http://a","networks":["telos"]}]}"#;
        assert!(parse(text).expect_err("http url").contains("'a'"));
    }

    #[test]
    fn search_matches_every_word_in_name_category_or_description() {
        let list = parse(include_str!("../../data/dapps.json")).expect("valid list");
        let names = |network: &str, q: &str| -> Vec<String> {
            search(&list, network, q)
                .into_iter()
                .map(|(d, _)| d.name.clone())
                .collect()
        };
        assert_eq!(names("telos", "ALCOR"), ["Alcor Exchange"]);
        let exchanges = names("telos", "exchange");
        assert_eq!(
            exchanges.first().map(String::as_str),
            Some("Alcor Exchange")
        );
        assert!(exchanges.contains(&"Vapaee".to_owned()));
        assert_eq!(names("telos", "regenerative currency"), ["SEEDS"]);
        assert!(names("telos", "no such app anywhere").is_empty());
        let catalogue = DappCatalogue {
            dapps: list.clone(),
        };
        let hosts = catalogue.hosts();
        assert!(hosts.contains(&"alcor.exchange".to_owned()), "{hosts:?}");
        // No listed app looks like another, and none is on the shipped phishing list.
        let good: Vec<&str> = hosts.iter().map(String::as_str).collect();
        let shipped = super::super::phishing::PhishingDomains::default().current();
        for dapp in &list {
            assert_eq!(shipped.judge(&dapp.url, &good), None, "{}", dapp.url);
        }
        assert_eq!(names("telos", "").len(), list.len());
        // On a network an app does not run on it still appears, after those that do.
        let testnet = search(&list, "telos-testnet", "");
        assert!(testnet.first().is_some_and(|(_, runs)| *runs));
        assert!(testnet.last().is_some_and(|(_, runs)| !*runs));
    }
}
