//! Runs the shared JSON test vectors of `testdata/vectors/` against the Rust rules.

// The helpers below are test code too; a malformed vector file should fail loudly.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use serde_json::{Value, json};
use tandem_domain::DomainError;
use tandem_domain::amount::{NumberFormat, parse_amount};
use tandem_domain::validate::{
    AccountNameRule, validate_account_name, validate_evm_address, validate_transaction_hash,
};

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/vectors")
}

fn load(file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(vectors_dir().join(file)).unwrap();
    let document: Value = serde_json::from_str(&text).unwrap();
    document["cases"].as_array().unwrap().clone()
}

/// Checks one case: `outcome` is the rule's result as JSON or its error.
fn check(case: &Value, outcome: Result<Value, DomainError>) {
    let name = case["name"].as_str().unwrap();
    let expect = &case["expect"];
    match (outcome, expect.get("ok"), expect.get("error")) {
        (Ok(value), Some(ok), None) => assert_eq!(&value, ok, "case '{name}'"),
        (Err(error), None, Some(key)) => assert_eq!(error.code(), key, "case '{name}'"),
        (outcome, _, _) => panic!("case '{name}': got {outcome:?}, expected {expect}"),
    }
}

#[test]
fn every_vector_file_is_run() {
    let mut files: Vec<String> = std::fs::read_dir(vectors_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "account_name.json",
            "amount_parse.json",
            "evm_address.json",
            "transaction_hash.json"
        ]
    );
}

#[test]
fn evm_address_vectors() {
    for case in load("evm_address.json") {
        let outcome = validate_evm_address(case["input"].as_str().unwrap()).map(|checked| {
            json!({
                "checksummed": checked.checksummed,
                "warning": checked.warning.map(|w| w.code()),
            })
        });
        check(&case, outcome);
    }
}

#[test]
fn amount_parse_vectors() {
    for case in load("amount_parse.json") {
        let options = &case["options"];
        let decimals = u8::try_from(options["decimals"].as_u64().unwrap()).unwrap();
        let char_of = |v: &Value| v.as_str().map(|s| s.chars().next().unwrap());
        let format = NumberFormat::new(
            char_of(&options["decimalSeparator"]).unwrap(),
            char_of(&options["groupSeparator"]),
        )
        .unwrap();
        let outcome = parse_amount(case["input"].as_str().unwrap(), decimals, &format).map(
            |amount| json!({ "raw": amount.raw().to_string(), "plain": amount.to_plain_string() }),
        );
        check(&case, outcome);
    }
}

#[test]
fn account_name_vectors() {
    for case in load("account_name.json") {
        let rule = match case["options"]["rule"].as_str().unwrap() {
            "any" => AccountNameRule::Any,
            "basic" => AccountNameRule::Basic,
            other => panic!("unknown rule {other}"),
        };
        let input = case["input"].as_str().unwrap();
        let outcome = validate_account_name(input, rule).map(|()| json!(input));
        check(&case, outcome);
    }
}

#[test]
fn transaction_hash_vectors() {
    for case in load("transaction_hash.json") {
        let outcome = validate_transaction_hash(case["input"].as_str().unwrap())
            .map(|hash| json!(format!("{hash:#x}")));
        check(&case, outcome);
    }
}
