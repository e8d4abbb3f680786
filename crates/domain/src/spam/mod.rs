//! Whether a token is likely spam, and why (issue 37): the rules a wallet applies before a
//! token sits in the balances beside TLOS. A token the network's token list or verified
//! metadata names is never spam, whatever else is true of it. Otherwise a name or symbol
//! that carries a link, a web domain or "claim your reward" bait, a supply of zero or one
//! no real token has, or decimals no real token uses marks it on its own; a token the owner
//! never asked for (received, never sent) is marked only together with a weaker sign.
//!
//! The server labels tokens with the verdict and its reasons and never drops one; the
//! browser hides the labelled ones by default and lets the user decide per token.

use alloy_primitives::U256;

pub mod phishing;
pub mod poisoning;

/// What is known of a token and of how the owner came to hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenFacts<'a> {
    /// The token's name as its contract says.
    pub name: &'a str,
    /// The token's symbol as its contract says.
    pub symbol: &'a str,
    /// Its decimals, when read.
    pub decimals: Option<u8>,
    /// Its total supply in the smallest unit, when read.
    pub total_supply: Option<U256>,
    /// The network's token list names it.
    pub listed: bool,
    /// Its contract is verified with metadata the wallet trusts.
    pub verified: bool,
    /// Whether the owner only ever received it (no transaction of the owner's moved it or
    /// called its contract); `None` when the history does not say.
    pub unsolicited: Option<bool>,
}

/// One reason a token is likely spam.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpamReason {
    /// Its name or symbol holds a link (`https://…`, `www.…`, `t.me/…`).
    LinkInName,
    /// Its name or symbol holds a web domain (`claim-tlos.com`).
    DomainInName,
    /// Its name or symbol is bait: "claim", "reward", "airdrop", "visit", "voucher"…
    BaitInName,
    /// Its total supply is zero: nothing real circulates.
    ZeroSupply,
    /// Its supply is beyond any real token's (more than 10^48 smallest units).
    AbsurdSupply,
    /// More decimals than any real token uses (over 36).
    AbsurdDecimals,
    /// The owner never asked for it: received only, never sent or used.
    Unsolicited,
    /// Its symbol hides behind characters that only look like letters (non-ASCII look-alikes,
    /// invisible characters).
    DeceptiveCharacters,
}

impl SpamReason {
    /// The stable key of the reason (the API's `reasons[]`, the web's message key).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Self::LinkInName => "link_in_name",
            Self::DomainInName => "domain_in_name",
            Self::BaitInName => "bait_in_name",
            Self::ZeroSupply => "zero_supply",
            Self::AbsurdSupply => "absurd_supply",
            Self::AbsurdDecimals => "absurd_decimals",
            Self::Unsolicited => "unsolicited",
            Self::DeceptiveCharacters => "deceptive_characters",
        }
    }

    /// Whether this reason alone marks a token (the others need a second sign).
    #[must_use]
    pub fn decisive(self) -> bool {
        !matches!(self, Self::Unsolicited | Self::BaitInName)
    }
}

/// The verdict on a token: likely spam or not, with every reason found (a trusted token's
/// reasons are empty).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SpamVerdict {
    /// Whether the wallet hides it by default.
    pub likely_spam: bool,
    /// Why, in the order of [`SpamReason`].
    pub reasons: Vec<SpamReason>,
}

/// Words that lure a holder to a site; matched as whole words, any case.
const BAIT_WORDS: [&str; 14] = [
    "claim",
    "claimable",
    "reward",
    "rewards",
    "airdrop",
    "visit",
    "voucher",
    "bonus",
    "giveaway",
    "redeem",
    "eligible",
    "free",
    "gift",
    "winner",
];

/// Top-level domains seen in spam token names; a `label.tld` with one of them is a domain.
const DOMAIN_ENDINGS: [&str; 24] = [
    "com", "net", "org", "io", "xyz", "app", "finance", "site", "top", "me", "co", "gift",
    "claims", "info", "live", "online", "pro", "vip", "cc", "fi", "to", "link", "click", "club",
];

/// Decimals beyond any real token's.
const MAX_SANE_DECIMALS: u8 = 36;

fn lowercase(text: &str) -> String {
    text.to_lowercase()
}

fn has_link(text: &str) -> bool {
    let text = lowercase(text);
    ["http://", "https://", "www.", "t.me/", "://", "bit.ly/"]
        .iter()
        .any(|marker| text.contains(marker))
}

/// A `label.tld` inside the text: letters, digits or hyphens, a dot, then one of the known
/// endings, not followed by another letter (so "v1.0" or "e.g." are not domains).
fn has_domain(text: &str) -> bool {
    let text = lowercase(text);
    let bytes = text.as_bytes();
    text.match_indices('.').any(|(dot, _)| {
        let label = text[..dot]
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .count();
        let ending: String = text[dot + 1..]
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        let after = dot + 1 + ending.len();
        let ends_word = bytes.get(after).is_none_or(|b| !b.is_ascii_alphanumeric());
        label >= 2 && ends_word && DOMAIN_ENDINGS.contains(&ending.as_str())
    })
}

fn has_bait(text: &str) -> bool {
    lowercase(text)
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| BAIT_WORDS.contains(&word))
}

/// A symbol with characters outside printable ASCII that could pass for letters (Cyrillic
/// "Т", Greek "Ο", zero-width spaces): real tickers are plain.
fn has_deceptive_characters(symbol: &str) -> bool {
    symbol.chars().any(|c| {
        !c.is_ascii()
            && (c.is_alphabetic() || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}' | '\u{FEFF}'))
    })
}

/// The verdict on a token from what is known of it (see the module docs for the rules).
#[must_use]
pub fn judge_token(facts: &TokenFacts<'_>) -> SpamVerdict {
    if facts.listed || facts.verified {
        return SpamVerdict::default();
    }
    let texts = [facts.name, facts.symbol];
    let mut reasons = Vec::new();
    if texts.iter().any(|t| has_link(t)) {
        reasons.push(SpamReason::LinkInName);
    }
    if texts.iter().any(|t| has_domain(t)) {
        reasons.push(SpamReason::DomainInName);
    }
    if texts.iter().any(|t| has_bait(t)) {
        reasons.push(SpamReason::BaitInName);
    }
    if facts.total_supply == Some(U256::ZERO) {
        reasons.push(SpamReason::ZeroSupply);
    }
    if facts
        .total_supply
        .is_some_and(|supply| supply > U256::from(10u8).pow(U256::from(48u8)))
    {
        reasons.push(SpamReason::AbsurdSupply);
    }
    if facts
        .decimals
        .is_some_and(|decimals| decimals > MAX_SANE_DECIMALS)
    {
        reasons.push(SpamReason::AbsurdDecimals);
    }
    if facts.unsolicited == Some(true) {
        reasons.push(SpamReason::Unsolicited);
    }
    if has_deceptive_characters(facts.symbol) {
        reasons.push(SpamReason::DeceptiveCharacters);
    }
    reasons.sort_unstable();
    let decisive = reasons.iter().any(|reason| reason.decisive());
    let two_weak = reasons.len() >= 2;
    SpamVerdict {
        likely_spam: decisive || two_weak,
        reasons,
    }
}

#[cfg(test)]
mod tests;
