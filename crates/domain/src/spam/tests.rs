use alloy_primitives::U256;
use proptest::prelude::*;

use super::*;

fn facts<'a>(name: &'a str, symbol: &'a str) -> TokenFacts<'a> {
    TokenFacts {
        name,
        symbol,
        decimals: Some(18),
        total_supply: Some(U256::from(1_000_000u64) * U256::from(10u8).pow(U256::from(18u8))),
        listed: false,
        verified: false,
        unsolicited: Some(false),
    }
}

/// Real-world-like tokens: (name, symbol, unsolicited, likely spam, reasons).
#[test]
fn a_table_of_tokens_seen_in_wallets() {
    use SpamReason::*;
    let cases: &[(&str, &str, bool, bool, &[SpamReason])] = &[
        ("Wrapped TLOS", "WTLOS", false, false, &[]),
        ("Staked TLOS", "STLOS", true, false, &[Unsolicited]),
        (
            "Visit https://claim-tlos.xyz to claim",
            "CLAIM",
            true,
            true,
            &[LinkInName, DomainInName, BaitInName, Unsolicited],
        ),
        (
            "tlos-rewards.com",
            "TLOSR",
            true,
            true,
            &[DomainInName, BaitInName, Unsolicited],
        ),
        (
            "$5000 USDT Voucher",
            "t.me/usdtdrop",
            true,
            true,
            &[LinkInName, BaitInName, Unsolicited],
        ),
        (
            "Airdrop Bonus",
            "AIR",
            true,
            true,
            &[BaitInName, Unsolicited],
        ),
        ("Reward Points", "RWD", false, false, &[BaitInName]),
        ("Uniswap v3.0", "UNI", false, false, &[]),
        ("USDT.e bridged", "USDT.e", false, false, &[]),
        (
            "Tether USD",
            "USDТ",
            true,
            true,
            &[Unsolicited, DeceptiveCharacters],
        ),
        (
            "Zero\u{200B}Width",
            "ZW\u{200B}",
            false,
            true,
            &[DeceptiveCharacters],
        ),
        (
            "www.freetokens.io",
            "FREE",
            false,
            true,
            &[LinkInName, DomainInName, BaitInName],
        ),
    ];
    for (name, symbol, unsolicited, spam, reasons) in cases {
        let verdict = judge_token(&TokenFacts {
            unsolicited: Some(*unsolicited),
            ..facts(name, symbol)
        });
        assert_eq!(
            verdict.likely_spam, *spam,
            "{name} / {symbol}: {:?}",
            verdict.reasons
        );
        assert_eq!(verdict.reasons, reasons.to_vec(), "{name} / {symbol}");
    }
}

#[test]
fn supplies_and_decimals_no_real_token_has() {
    let zero = judge_token(&TokenFacts {
        total_supply: Some(U256::ZERO),
        ..facts("Nothing", "NIL")
    });
    assert_eq!(
        (zero.likely_spam, zero.reasons),
        (true, vec![SpamReason::ZeroSupply])
    );
    let huge = judge_token(&TokenFacts {
        total_supply: Some(U256::MAX),
        ..facts("Lots", "LOT")
    });
    assert_eq!(huge.reasons, vec![SpamReason::AbsurdSupply]);
    let decimals = judge_token(&TokenFacts {
        decimals: Some(77),
        ..facts("Fine", "FIN")
    });
    assert_eq!(decimals.reasons, vec![SpamReason::AbsurdDecimals]);
    let unknown = judge_token(&TokenFacts {
        decimals: None,
        total_supply: None,
        unsolicited: None,
        ..facts("Plain", "PLN")
    });
    assert_eq!(unknown, SpamVerdict::default());
}

#[test]
fn every_reason_has_a_stable_code() {
    use SpamReason::*;
    let all = [
        LinkInName,
        DomainInName,
        BaitInName,
        ZeroSupply,
        AbsurdSupply,
        AbsurdDecimals,
        Unsolicited,
        DeceptiveCharacters,
    ];
    let codes: std::collections::BTreeSet<_> = all.iter().map(|r| r.code()).collect();
    assert_eq!(codes.len(), all.len());
}

proptest! {
    /// No rule hides a token the token list or verified metadata names.
    #[test]
    fn a_listed_or_verified_token_is_never_spam(
        name in ".{0,60}",
        symbol in ".{0,12}",
        decimals in proptest::option::of(any::<u8>()),
        supply in proptest::option::of(any::<u128>()),
        unsolicited in proptest::option::of(any::<bool>()),
        listed in any::<bool>(),
    ) {
        let facts = TokenFacts {
            name: &name,
            symbol: &symbol,
            decimals,
            total_supply: supply.map(U256::from),
            listed,
            verified: !listed,
            unsolicited,
        };
        prop_assert_eq!(judge_token(&facts), SpamVerdict::default());
    }

    /// Whatever the text, judging never panics and a verdict of spam always has a reason.
    #[test]
    fn spam_always_says_why(name in ".{0,80}", symbol in ".{0,16}") {
        let verdict = judge_token(&TokenFacts { unsolicited: Some(true), ..facts(&name, &symbol) });
        prop_assert!(!verdict.likely_spam || !verdict.reasons.is_empty());
    }
}
